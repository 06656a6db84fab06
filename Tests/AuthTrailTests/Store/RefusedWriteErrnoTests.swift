import AuthTrail
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which failed writes are a locked device refusing them (the segment and its bytes are kept for the unlock) and
/// which may not pass for this file (the segment is given up). Which errno a real device gives is for a device to
/// confirm (docs/RELIABILITY.md); `LockedDeviceTests` plays EPERM with real immutable files.
@Suite("a write a locked device refuses keeps its bytes, whatever errno it is refused with")
struct RefusedWriteErrnoTests {
    @Test(
        "EPERM and EACCES always, EIO on a protected file; full disk, size limit and EIO without protection give up",
        arguments: FileProtection.allCases)
    func refusals(protection: FileProtection) {
        #expect(StoreWriter.isRefusedWrite(errno: EPERM, protection: protection))
        #expect(StoreWriter.isRefusedWrite(errno: EACCES, protection: protection))
        #expect(StoreWriter.isRefusedWrite(errno: EIO, protection: protection) == (protection != .none))
        #expect(!StoreWriter.isRefusedWrite(errno: ENOSPC, protection: protection))
        #expect(!StoreWriter.isRefusedWrite(errno: EFBIG, protection: protection))
        #expect(!StoreWriter.isRefusedWrite(errno: EROFS, protection: protection))
    }
}

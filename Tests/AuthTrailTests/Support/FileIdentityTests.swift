import Testing

@testable import AuthTrail

/// `dev_t` is `Int32` on Darwin and unsigned 64-bit on Linux: the store compares files by device and inode on both.
@Suite("a file's device number as the store keeps it")
struct FileIdentityTests {
    @Test("a negative Darwin device number keeps its bits instead of trapping")
    func negativeDevice() {
        #expect(FileIdentity.device(Int32(-2)) == 0xFFFF_FFFF_FFFF_FFFE)
        #expect(FileIdentity.device(Int32(-2)) != FileIdentity.device(Int32(-3)))
        #expect(FileIdentity.device(Int32.min) == 0xFFFF_FFFF_8000_0000)
    }

    @Test("Linux's unsigned device numbers are unchanged, the largest included")
    func unsignedDevice() {
        #expect(FileIdentity.device(UInt64.max) == UInt64.max)
        #expect(FileIdentity.device(UInt(2049)) == 2049)
    }
}

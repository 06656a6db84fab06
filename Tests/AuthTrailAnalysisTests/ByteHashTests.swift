import Testing

@testable import AuthTrailAnalysis

/// The word-at-a-time hash that orders events tied in time (`InstallTimeOrder`): it reads every byte wherever the
/// bytes lie in memory, and it is the same on every run (a report's order of tied events depends on it).
@Suite("byte hashes")
struct ByteHashTests {
    @Test("a hash of words changes with any bit of any byte and with the length, wherever the bytes lie")
    func everyBitCounts() {
        for length in 0...40 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 73 &+ 5) }
            let hash = Self.hashAt(offset: 0, bytes)
            for offset in 1..<8 { #expect(Self.hashAt(offset: offset, bytes) == hash, "length \(length) at \(offset)") }
            var seen: Set<UInt64> = [hash]
            for index in 0..<length {
                for bit in 0..<8 {
                    var changed = bytes
                    changed[index] ^= 1 << bit
                    #expect(seen.insert(Self.hashAt(offset: 0, changed)).inserted, "length \(length), byte \(index)")
                }
            }
            #expect(Self.hashAt(offset: 0, bytes + [0]) != hash, "a zero byte more, length \(length)")
        }
    }

    /// Pinned: a change here changes which of two events in one millisecond a report counts first.
    @Test("the same value on every run and machine")
    func stable() {
        let line = Array(#"{"event.name":"acquisition.end","timestamp":"2026-11-29T21:30:00.000Z"}"#.utf8)
        #expect(line.withUnsafeBytes(ByteHash.ofWords) == 0x0e0f_dc76_4a7b_b471)
        #expect([UInt8]().withUnsafeBytes(ByteHash.ofWords) == 0x292f_3a10_75f4_cce4)
    }

    /// `ByteHash.ofWords` of `bytes` copied `offset` bytes into a buffer.
    static func hashAt(offset: Int, _ bytes: [UInt8]) -> UInt64 {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: offset + bytes.count, alignment: 8)
        defer { buffer.deallocate() }
        buffer.copyBytes(from: [UInt8](repeating: 0xAA, count: offset) + bytes)
        return ByteHash.ofWords(UnsafeRawBufferPointer(rebasing: buffer[offset...]))
    }
}

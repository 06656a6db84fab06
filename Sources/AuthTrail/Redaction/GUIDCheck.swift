/// Whether 36 bytes spell a GUID (`8-4-4-4-12` hex digits, either case). Correlation ids are GUIDs and most events
/// carry one, so the writer checks them eight bytes at a time: byte by byte, this check cost a twentieth of the writer
/// thread's time. The text scan uses the same check.
enum GUIDCheck {
    static func matches(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let dash = UInt8(ascii: "-")
        guard bytes.count == 36, bytes[8] == dash, bytes[13] == dash, bytes[18] == dash, bytes[23] == dash else {
            return false
        }
        func half(_ offset: Int) -> UInt64 { UInt64(bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) }
        return allHex(bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self)) && allHex(half(9) | half(14) << 32)
            && allHex(half(19) | half(24) << 32) && allHex(bytes.loadUnaligned(fromByteOffset: 28, as: UInt64.self))
    }

    static func matches(_ value: String) -> Bool {
        guard value.utf8.count == 36 else { return false }
        return value.utf8.withContiguousStorageIfAvailable { matches(UnsafeRawBufferPointer($0)) }
            ?? Array(value.utf8).withUnsafeBytes { matches($0) }
    }

    /// Whether all eight bytes of `word` are ASCII hex digits.
    @inline(__always)
    private static func allHex(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs = ones &* 0x80
        guard word & highs == 0 else { return false }
        // With every byte below 0x80, adding a constant below 0x80 carries into no other byte: the high bit of
        // `x + (0x80 - low)` says x >= low, and its absence in `x + (0x7F - high)` says x <= high.
        func within(_ word: UInt64, _ low: UInt64, _ high: UInt64) -> UInt64 {
            (word &+ ones &* (0x80 - low)) & ~(word &+ ones &* (0x7F - high)) & highs
        }
        return within(word, 0x30, 0x39) | within(word | ones &* 0x20, 0x61, 0x66) == highs
    }
}

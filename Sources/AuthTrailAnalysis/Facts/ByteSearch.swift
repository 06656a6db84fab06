import Foundation

/// Byte searches for the scanner's short runs (keys and values of a few to a few dozen bytes), eight bytes at a time
/// and inline: as `memchr` and `memcmp` calls, two or three per key and per value, they were a fifth of the report's
/// time (docs/BENCHMARKS.md).
enum ByteSearch {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The offset of the first `"` or `\` in `base[start..<end]`, or `end` when there is none.
    @inline(__always)
    static func quoteOrBackslash(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        var offset = start
        let raw = UnsafeRawPointer(base)
        // Two words per step while sixteen bytes remain: one branch for both (most values run 10-40 bytes).
        while offset + 16 <= end {
            let low = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            let high = raw.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)
            let foundLow = zeroBytes(low ^ (ones &* 0x22)) | zeroBytes(low ^ (ones &* 0x5C))
            let foundHigh = zeroBytes(high ^ (ones &* 0x22)) | zeroBytes(high ^ (ones &* 0x5C))
            if foundLow | foundHigh != 0 {
                return foundLow != 0
                    ? offset + foundLow.trailingZeroBitCount / 8 : offset + 8 + foundHigh.trailingZeroBitCount / 8
            }
            offset += 16
        }
        while offset + 8 <= end {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            // The lowest flagged byte is exact: a false flag can only sit above a true one.
            let found = zeroBytes(word ^ (ones &* 0x22)) | zeroBytes(word ^ (ones &* 0x5C))
            if found != 0 { return offset + found.trailingZeroBitCount / 8 }
            offset += 8
        }
        while offset < end {
            let byte = base[offset]
            if byte == 0x22 || byte == 0x5C { return offset }
            offset += 1
        }
        return end
    }

    /// Whether `count` bytes at `left` and `right` are equal.
    @inline(__always)
    static func equal(_ left: UnsafePointer<UInt8>, _ right: UnsafePointer<UInt8>, count: Int) -> Bool {
        guard count >= 8 else {
            for index in 0..<count where left[index] != right[index] { return false }
            return true
        }
        func sameWord(at offset: Int) -> Bool {
            UnsafeRawPointer(left).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                == UnsafeRawPointer(right).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        }
        var offset = 0
        while offset + 8 < count {
            if !sameWord(at: offset) { return false }
            offset += 8
        }
        // The last word overlaps the one before it.
        return sameWord(at: count - 8)
    }

    /// The high bit of each zero byte of `word` (and possibly of bytes above the first zero one).
    @inline(__always)
    private static func zeroBytes(_ word: UInt64) -> UInt64 { (word &- ones) & ~word & highs }
}

extension StringProtocol {
    /// The first occurrence of `phrase` in this text, compared byte by byte (a literal search, as the phrases MSAL
    /// logs are literal): Foundation's `range(of:)` goes through `NSString` and UTF-16 on Linux, and was a third of
    /// reading a raw MSAL log (docs/BENCHMARKS.md, "Raw MSAL logs").
    func firstRange(ofPhrase phrase: String) -> Range<String.Index>? {
        var phrase = phrase
        let offset: Int?? = phrase.withUTF8 { needle in
            utf8.withContiguousStorageIfAvailable { text -> Int? in
                guard let first = needle.first, text.count >= needle.count else { return needle.isEmpty ? 0 : nil }
                let base = text.baseAddress!
                for offset in 0...(text.count - needle.count)
                where base[offset] == first && ByteSearch.equal(base + offset, needle.baseAddress!, count: needle.count)
                {
                    return offset
                }
                return nil
            }
        }
        guard let offset else { return range(of: phrase) }
        guard let offset else { return nil }
        let start = utf8.index(startIndex, offsetBy: offset)
        return start..<utf8.index(start, offsetBy: phrase.utf8.count)
    }

    /// Whether `phrase` occurs in this text (`firstRange(ofPhrase:)`).
    func contains(phrase: String) -> Bool { firstRange(ofPhrase: phrase) != nil }
}

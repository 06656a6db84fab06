import AuthTrailTestSupport
import Foundation
import Testing

@testable import AuthTrailAnalysis

/// The scanner's word-at-a-time searches against byte-by-byte references, at every length and offset up to a few
/// words, on buffers sized exactly so an over-read past the end would read outside them.
@Suite("byte search")
struct ByteSearchTests {
    @Test("the first quote or backslash is found wherever it is, and `end` when there is none")
    func quoteOrBackslash() {
        for length in 0...40 {
            for target in [nil] + Array(0..<length) {
                for special in [UInt8(ascii: "\""), UInt8(ascii: "\\")] {
                    // Bytes that differ from the specials by one bit, and high bytes, around the one to find.
                    var bytes = (0..<length).map { [UInt8(0x23), 0x5D, 0xA2, 0xDC, 0x21, 0x7C][$0 % 6] }
                    if let target { bytes[target] = special }
                    if let target, target + 3 < length { bytes[target + 3] = UInt8(ascii: "\"") }
                    let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: max(length, 1))
                    defer { buffer.deallocate() }
                    buffer.update(from: bytes, count: length)
                    for start in 0...length {
                        let expected = bytes[start...].firstIndex { $0 == 0x22 || $0 == 0x5C } ?? length
                        #expect(ByteSearch.quoteOrBackslash(buffer, from: start, to: length) == expected)
                    }
                }
            }
        }
    }

    @Test("equal compares every byte at every length")
    func equal() {
        for length in 0...40 {
            let left = UnsafeMutablePointer<UInt8>.allocate(capacity: max(length, 1))
            let right = UnsafeMutablePointer<UInt8>.allocate(capacity: max(length, 1))
            defer {
                left.deallocate()
                right.deallocate()
            }
            for index in 0..<length { left[index] = UInt8(truncatingIfNeeded: index &* 37 &+ 11) }
            right.update(from: left, count: length)
            #expect(ByteSearch.equal(left, right, count: length))
            for changed in 0..<length {
                right[changed] ^= 0x01
                #expect(!ByteSearch.equal(left, right, count: length), "length \(length), byte \(changed) changed")
                right[changed] ^= 0x01
            }
        }
    }

    @Test("a phrase is found where a search of the bytes finds it, in strings and in slices of them")
    func phrase() {
        // Pieces that make near misses (a phrase's prefix, its bytes in another case, multi-byte characters, a
        // combining mark), joined at random.
        let pieces = ["error", "Error", "error domain", " ", ": ", "é", "e\u{301}", "日本", "🙂", "(MSAL", "(", ",", "x"]
        let phrases = ["error domain", "error", " ", "(MSAL", "é", "日本", "🙂", "error domain: ", "xx", ""]
        var random = SplitMix64(seed: 35)
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...12, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined()
            let from = text.index(text.startIndex, offsetBy: Int.random(in: 0...min(2, text.count), using: &random))
            for phrase in phrases {
                #expect(text.firstRange(ofPhrase: phrase) == expected(phrase, in: text[...]), "\(text) / \(phrase)")
                let slice = text[from...]
                #expect(slice.firstRange(ofPhrase: phrase) == expected(phrase, in: slice), "\(slice) / \(phrase)")
                #expect(slice.contains(phrase: phrase) == (expected(phrase, in: slice) != nil))
            }
        }
    }

    /// The first range where `phrase`'s bytes occur in `text`'s, by `Data`'s search.
    private func expected(_ phrase: String, in text: Substring) -> Range<String.Index>? {
        guard !phrase.isEmpty else { return text.startIndex..<text.startIndex }
        let bytes = Array(text.utf8)
        guard let found = Data(bytes).range(of: Data(phrase.utf8)) else { return nil }
        let start = text.utf8.index(text.startIndex, offsetBy: found.lowerBound)
        return start..<text.utf8.index(start, offsetBy: phrase.utf8.count)
    }
}

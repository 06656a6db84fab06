/// Reads a JSON object whose values are all plain strings, integers or literals (`true`, `false`, `null`), as a
/// segment's metadata frame is written (`SegmentMetadata`).
///
/// Why hand-written: Foundation's `JSONSerialization` on every input's metadata frame took about 4 % of the CPU of a
/// report over 12,000 small segments (perf, the fleet layout of docs/BENCHMARKS.md). Anything else (an escape, a
/// nested value, a fraction, invalid UTF-8) fails, and the caller parses the payload with Foundation, so this never
/// decides what a payload means, only how fast the common one is read.
enum FlatJSONObject {
    /// The values of `keys` in the object `bytes`, in the order of `keys` (string values as they are, integers as
    /// their decimal text, nil for a key the object lacks). Nil when `bytes` is not such an object, or when one of
    /// `keys` is repeated or holds a literal: what Foundation makes of those is Foundation's to say. Other members are
    /// stepped over without making a `String`.
    static func values(of keys: [StaticString], in bytes: UnsafeRawBufferPointer) -> [String?]? {
        var values = [String?](repeating: nil, count: keys.count)
        var reader = Reader(bytes: bytes)
        guard reader.take(UInt8(ascii: "{")) else { return nil }
        if !reader.take(UInt8(ascii: "}")) {
            repeat {
                guard let key = reader.stringRange(), reader.isUTF8(key), reader.take(UInt8(ascii: ":")) else {
                    return nil
                }
                let wanted = keys.firstIndex { key.count == $0.utf8CodeUnitCount && reader.bytes(key, equal: $0) }
                if let value = reader.quotedOrInteger() {
                    if let wanted {
                        guard values[wanted] == nil else { return nil }
                        values[wanted] = value
                    }
                } else if !reader.literal() || wanted != nil {
                    return nil
                }
            } while reader.take(UInt8(ascii: ","))
            guard reader.take(UInt8(ascii: "}")) else { return nil }
        }
        reader.skipSpace()
        return reader.index == bytes.count ? values : nil
    }

    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var index = 0

        mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            skipSpace()
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// The bytes of a string without escapes or control characters, between its quotes.
        mutating func stringRange() -> Range<Int>? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                guard bytes[index] >= 0x20, bytes[index] != UInt8(ascii: "\\") else { return nil }
                index += 1
            }
            guard index < bytes.count else { return nil }
            index += 1
            return start..<(index - 1)
        }

        /// Such a string, as valid UTF-8.
        mutating func string() -> String? {
            guard let range = stringRange(), isUTF8(range) else { return nil }
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }

        func isUTF8(_ range: Range<Int>) -> Bool {
            let text = UnsafeRawBufferPointer(rebasing: bytes[range])
            return text.allSatisfy { $0 < 0x80 } || String(validating: text, as: UTF8.self) != nil
        }

        func bytes(_ range: Range<Int>, equal word: StaticString) -> Bool {
            UnsafeRawBufferPointer(rebasing: bytes[range]).elementsEqual(
                UnsafeRawBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
        }

        /// A string, or an integer written back as Foundation's `NSNumber.stringValue` writes it; nil for anything
        /// else, the index left where the value starts.
        mutating func quotedOrInteger() -> String? {
            skipSpace()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "\"") { return string() }
            let start = index
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            let digits = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            // JSON has no leading zeros (`007` is Foundation's to refuse), and a fraction or exponent is not read here.
            let next = index < bytes.count ? bytes[index] : 0
            guard index > digits, index - digits == 1 || bytes[digits] != UInt8(ascii: "0"),
                next != UInt8(ascii: "."), next != UInt8(ascii: "e"), next != UInt8(ascii: "E"),
                let value = Int(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
            else {
                index = start
                return nil
            }
            return String(value)
        }

        /// `true`, `false` or `null`.
        mutating func literal() -> Bool {
            for word: StaticString in ["true", "false", "null"] {
                let count = word.utf8CodeUnitCount
                guard index + count <= bytes.count, self.bytes(index..<(index + count), equal: word) else { continue }
                index += count
                return true
            }
            return false
        }
    }
}

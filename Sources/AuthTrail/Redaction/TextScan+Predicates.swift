// Byte classes the scanner asks about.
extension TextScan {
    // MARK: Small predicates

    /// A value's extent: a secret keeps its trailing punctuation (it may be part of it); an identifier loses the
    /// sentence's full stop.
    func valueRange(_ range: Range<Int>, for keyClass: FieldKeyClass) -> Range<Int> {
        if case .secret = keyClass { return range }
        return trimmed(range)
    }

    /// `range` without trailing sentence punctuation.
    func trimmed(_ range: Range<Int>) -> Range<Int> {
        var end = range.upperBound
        while end > range.lowerBound + 1 {
            let byte = input[end - 1]
            guard byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "!") else { break }
            end -= 1
        }
        return range.lowerBound..<end
    }

    func isNumber(_ range: Range<Int>) -> Bool {
        var start = range.lowerBound
        if start < range.upperBound, input[start] == UInt8(ascii: "-") || input[start] == UInt8(ascii: "+") {
            start += 1
        }
        guard start < range.upperBound else { return false }
        return input[start..<range.upperBound].allSatisfy(ByteClass.isDigit)
    }

    /// JSON literals and empty markers that carry nothing to hide.
    func isLiteral(_ range: Range<Int>) -> Bool {
        let count = range.count
        guard count == 4 || count == 5 || count == 2 else { return false }
        return matches(range, "null") || matches(range, "true") || matches(range, "false") || matches(range, "\"\"")
    }

    /// Case-insensitive comparison with an ASCII word.
    func matches(_ range: Range<Int>, _ word: StaticString) -> Bool {
        guard range.count == word.utf8CodeUnitCount else { return false }
        let pointer = word.utf8Start
        for offset in 0..<range.count {
            let byte = input[range.lowerBound + offset]
            let lower = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            if lower != pointer[offset] { return false }
        }
        return true
    }

    func hasPrefix(_ word: StaticString, at index: Int, caseInsensitive: Bool = false) -> Bool {
        let length = word.utf8CodeUnitCount
        guard index + length <= input.count else { return false }
        let pointer = word.utf8Start
        for offset in 0..<length {
            var byte = input[index + offset]
            if caseInsensitive, byte >= 0x41 && byte <= 0x5A { byte |= 0x20 }
            if byte != pointer[offset] { return false }
        }
        return true
    }

    /// An HTTP authorization scheme whose next word is a credential.
    func isScheme(_ range: Range<Int>) -> Bool {
        matches(range, "bearer") || matches(range, "basic") || matches(range, "pop") || matches(range, "negotiate")
            || matches(range, "digest")
    }

    func isPieceSeparator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
    }
}

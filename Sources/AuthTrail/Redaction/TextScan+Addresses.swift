// IP addresses and phone numbers.
extension TextScan {
    // MARK: IP addresses

    /// Whether the word before `start` names a version (`MSAL 4.15.0.0`, `version 1.2.3.4`): four-part version
    /// numbers are not addresses.
    func followsVersionWord(_ start: Int) -> Bool {
        guard start >= 2, input[start - 1] == UInt8(ascii: " ") else { return false }
        var wordStart = start - 1
        while wordStart > 0, wordStart > start - 10, ByteClass.isAlphanumeric(input[wordStart - 1]) { wordStart -= 1 }
        let word = wordStart..<(start - 1)
        return matches(word, "msal") || matches(word, "version") || matches(word, "ver") || matches(word, "adal")
    }

    /// An IPv4 address at `start` (four decimal octets up to 255), not part of a longer dotted number.
    func ipv4(at start: Int, in range: Range<Int>) -> Range<Int>? {
        var index = start
        for octet in 0..<4 {
            var value = 0
            let digitsStart = index
            while index < range.upperBound, ByteClass.isDigit(input[index]), index - digitsStart < 3 {
                value = value * 10 + Int(input[index] - 0x30)
                index += 1
            }
            guard index > digitsStart, value <= 255 else { return nil }
            if octet < 3 {
                guard index < range.upperBound, input[index] == UInt8(ascii: ".") else { return nil }
                index += 1
            }
        }
        if index < range.upperBound {
            let next = input[index]
            if ByteClass.isDigit(next) { return nil }
            if next == UInt8(ascii: "."), index + 1 < range.upperBound, ByteClass.isDigit(input[index + 1]) {
                return nil
            }
        }
        return start..<index
    }

    /// An IPv6 address filling `range` (optionally with a `%zone`), with `::` or all eight groups.
    func ipv6(in range: Range<Int>) -> Range<Int>? {
        var end = range.upperBound
        if let percent = input[range].firstIndex(of: UInt8(ascii: "%")) { end = percent }
        guard end - range.lowerBound >= 2 else { return nil }
        var groups = 0
        var compressed = false
        var index = range.lowerBound
        var groupLength = 0
        var previousColon = false
        var hasLetterOrLongGroup = false
        while index < end {
            let byte = input[index]
            if byte == UInt8(ascii: ":") {
                if previousColon {
                    if compressed { return nil }
                    compressed = true
                }
                if groupLength > 0 { groups += 1 }
                groupLength = 0
                previousColon = true
            } else if ByteClass.isHex(byte) {
                groupLength += 1
                if groupLength > 4 { return nil }
                if groupLength > 2 || !ByteClass.isDigit(byte) { hasLetterOrLongGroup = true }
                previousColon = false
            } else if byte == UInt8(ascii: "."), groups >= 2 || compressed,
                let last = ipv4(at: index - groupLength, in: (index - groupLength)..<end),
                last.upperBound == end
            {
                return range.lowerBound..<end
            } else {
                return nil
            }
            index += 1
        }
        if groupLength > 0 { groups += 1 }
        guard compressed ? groups <= 7 : groups == 8 else { return nil }
        // `12:30::` is not an address worth hiding, and `::` alone is nothing.
        guard groups >= 1,
            hasLetterOrLongGroup || groups >= 3 || (compressed && groups >= 1 && end - range.lowerBound > 3)
        else { return nil }
        return range.lowerBound..<end
    }

    // MARK: Phone numbers

    /// `425-555-0100` or `425.555.0100`.
    func isDashedPhone(_ range: Range<Int>) -> Bool {
        let separator = input[range.lowerBound + 3]
        guard separator == UInt8(ascii: "-") || separator == UInt8(ascii: "."), input[range.lowerBound + 7] == separator
        else { return false }
        for offset in 0..<12 where offset != 3 && offset != 7 {
            if !ByteClass.isDigit(input[range.lowerBound + offset]) { return false }
        }
        return true
    }

    /// `+` then 8 to 15 digits, grouped by single spaces, dashes, dots or parentheses: where it ends.
    func internationalPhone(at start: Int) -> Int? {
        guard start + 1 < input.count, ByteClass.isDigit(input[start + 1]) else { return nil }
        if start > 0, ByteClass.isAlphanumeric(input[start - 1]) { return nil }
        var index = start + 1
        var digits = 0
        var lastDigitEnd = index
        var previousSeparator = false
        var separators = 0
        while index < input.count {
            let byte = input[index]
            if ByteClass.isDigit(byte) {
                digits += 1
                lastDigitEnd = index + 1
                previousSeparator = false
            } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")")
            {
                // Two spaces in a row, or a separator run longer than `) `, end the number.
                if previousSeparator && (byte == input[index - 1] || separators >= 2) { break }
                separators = previousSeparator ? separators + 1 : 1
                previousSeparator = true
            } else {
                break
            }
            index += 1
        }
        if lastDigitEnd < input.count, ByteClass.isAlphanumeric(input[lastDigitEnd]) { return nil }
        return (8...15).contains(digits) ? lastDigitEnd : nil
    }

    /// `(425) 555-0100` or `(425)555-0100`: where it ends.
    func parenthesizedPhone(at start: Int) -> Int? {
        guard start + 13 <= input.count else { return nil }
        for offset in 1...3 where !ByteClass.isDigit(input[start + offset]) { return nil }
        guard input[start + 4] == UInt8(ascii: ")") else { return nil }
        var index = start + 5
        if input[index] == UInt8(ascii: " ") { index += 1 }
        guard index + 8 <= input.count else { return nil }
        for offset in 0..<8 {
            let byte = input[index + offset]
            if offset == 3 {
                guard byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: " ") else {
                    return nil
                }
            } else if !ByteClass.isDigit(byte) {
                return nil
            }
        }
        let end = index + 8
        if end < input.count, ByteClass.isAlphanumeric(input[end]) { return nil }
        return end
    }
}

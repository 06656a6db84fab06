// Values that look like identifiers but are not, and PEM blocks.
extension TextScan {
    // MARK: Look-alikes

    /// The length of a look-alike of `@` at `index`: `＠` (U+FF20) or `﹫` (U+FE6B), 3 bytes; 0 when there is none.
    func lookAlikeAt(at index: Int) -> Int {
        guard index + 2 < input.count, input[index] == 0xEF else { return 0 }
        let second = input[index + 1]
        let third = input[index + 2]
        return (second == 0xBC && third == 0xA0) || (second == 0xB9 && third == 0xAB) ? 3 : 0
    }

    /// A look-alike of `.` at `index`: `．` (U+FF0E), `｡` (U+FF61) or `。` (U+3002).
    func lookAlikeDot(at index: Int) -> Bool {
        guard index + 2 < input.count else { return false }
        let first = input[index]
        let second = input[index + 1]
        let third = input[index + 2]
        return (first == 0xEF && ((second == 0xBC && third == 0x8E) || (second == 0xBD && third == 0xA1)))
            || (first == 0xE3 && second == 0x80 && third == 0x82)
    }

    /// A zero-width character at `index`: U+200B, U+200C, U+200D, U+2060 or U+FEFF (3 bytes each).
    func zeroWidth(at index: Int) -> Bool {
        guard index + 2 < input.count else { return false }
        let first = input[index]
        let second = input[index + 1]
        let third = input[index + 2]
        if first == 0xE2 {
            return (second == 0x80 && third >= 0x8B && third <= 0x8D) || (second == 0x81 && third == 0xA0)
        }
        return first == 0xEF && second == 0xBB && third == 0xBF
    }

    // MARK: PEM

    /// `-----BEGIN …-----` through the matching `-----END …-----` (or the end of the text when it is cut short).
    func pemBlock(at start: Int) -> Int? {
        guard hasPrefix("-----BEGIN ", at: start) else { return nil }
        var index = start + 11
        while index < input.count {
            if input[index] == UInt8(ascii: "-"), hasPrefix("-----END ", at: index) {
                var end = index + 9
                while end < input.count, input[end] != UInt8(ascii: "\n") {
                    if hasPrefix("-----", at: end) { return end + 5 }
                    end += 1
                }
                return end
            }
            index += 1
        }
        return input.count
    }
}

// Quoted strings, plain and backslash-escaped: a quoted value is redacted by the key before it.
extension TextScan {
    // MARK: Quotes

    /// A double-quoted string: a JSON key sets the pending key; a value under a pending key is redacted whole; any
    /// other string is scanned from inside.
    mutating func quote(at open: Int) -> Int {
        if open == closingQuote {
            if let keyClass = keyClassAtClosingQuote {
                pending = .none
                setPending(for: keyClass)
                keyClassAtClosingQuote = nil
            }
            return open + 1
        }
        var close = open + 1
        while close < input.count {
            let byte = input[close]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") { close += 1 }
            if byte == UInt8(ascii: "\n") { return open + 1 }
            close += 1
        }
        guard close < input.count else { return open + 1 }
        var after = close + 1
        while after < input.count, input[after] == UInt8(ascii: " ") || input[after] == UInt8(ascii: "\t") {
            after += 1
        }
        let content = (open + 1)..<close
        if after < input.count, input[after] == UInt8(ascii: ":") || input[after] == UInt8(ascii: "=") {
            pending = .none
            let keyClass = engine.keys.classify(input[content])
            guard !content.isEmpty else { return close + 1 }
            // A key is scanned like any text, then its class applies to the value: keys were skipped whole, so a JWT
            // or an address inside a quoted string followed by `:` survived (found by the redactor fuzz target;
            // Tests/Fuzz/Regressions/redactor/secret-inside-a-key.txt, long-key-ending-in-a-secret-name.txt).
            closingQuote = close
            keyClassAtClosingQuote = keyClass
            return open + 1
        }
        switch pending {
        case .value(let keyClass):
            pending = .none
            // A kept name's string is scanned word by word too: as one piece, `"scope":"x://… <JWT> …"` was read as
            // one URL and the JWT survived (found by the redactor fuzz target; Tests/Fuzz/Regressions/redactor/).
            if keyClass == .neutral || keyClass == .keep {
                closingQuote = close
                return open + 1
            }
            apply(keyClass, to: content)
            return close + 1
        case .authorization:
            pending = .none
            apply(.authorization, to: content)
            return close + 1
        case .none, .schemeCredential:
            closingQuote = close
            return open + 1
        }
    }

    /// A `\"`-quoted string inside a JSON string (`"{\"upn\":\"megan@contoso.com\"}"`), read like `quote(at:)`:
    /// an escaped key is scanned, then sets the pending key; a value under a secret or identifier key is redacted
    /// whole; any other string is scanned from inside.
    mutating func escapedQuote(at open: Int) -> Int {
        if open == closingEscapedQuote {
            if let keyClass = keyClassAtClosingEscapedQuote {
                pending = .none
                setPending(for: keyClass)
                keyClassAtClosingEscapedQuote = nil
            }
            return open + 2
        }
        var close = open + 2
        while close + 1 < input.count {
            let byte = input[close]
            if byte == UInt8(ascii: "\\") {
                if input[close + 1] == UInt8(ascii: "\"") { break }
                close += 2
                continue
            }
            // An unescaped quote ends the enclosing string first; a newline ends the line.
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\n") { return open + 2 }
            close += 1
        }
        guard close + 1 < input.count else { return open + 2 }
        var after = close + 2
        while after < input.count, input[after] == UInt8(ascii: " ") || input[after] == UInt8(ascii: "\t") {
            after += 1
        }
        let content = (open + 2)..<close
        if after < input.count, input[after] == UInt8(ascii: ":") || input[after] == UInt8(ascii: "=") {
            // Like a key in `quote(at:)`: scanned as text, then its class applies to the value (a JWT and an address
            // inside an escaped key survived; Tests/Fuzz/Regressions/redactor/jwt-after-a-broken-escaped-json-string).
            pending = .none
            closingEscapedQuote = close
            keyClassAtClosingEscapedQuote = engine.keys.classify(input[content])
            return open + 2
        }
        switch pending {
        case .value(let keyClass) where keyClass != .neutral && keyClass != .keep:
            pending = .none
            apply(keyClass, to: content)
            return close + 2
        case .authorization:
            pending = .none
            apply(.authorization, to: content)
            return close + 2
        default:
            closingEscapedQuote = close
            return open + 2
        }
    }

    /// Where the engine's own marker starting at `open` ends: `<tag:` then ten lower-case hex digits or `removed`,
    /// then `>`. Nil when there is none.
    func marker(at open: Int) -> Int? {
        var index = open + 1
        while index < input.count, index - open <= 12, input[index] >= 0x61, input[index] <= 0x7A { index += 1 }
        guard index - open >= 3, index < input.count, input[index] == UInt8(ascii: ":") else { return nil }
        index += 1
        if hasPrefix("removed>", at: index) { return index + 8 }
        guard index + 11 <= input.count, input[index + 10] == UInt8(ascii: ">") else { return nil }
        for offset in 0..<10 {
            let byte = input[index + offset]
            guard ByteClass.isDigit(byte) || (byte >= 0x61 && byte <= 0x66) else { return nil }
        }
        return index + 11
    }
}

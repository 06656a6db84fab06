// Pieces of text split at `=`, `&` and `:`, and the atoms inside them.
extension TextScan {
    // MARK: Pieces: `key=value&key=value`, `key:value`

    /// A run split at `&`, `?` and `#` (URL queries, form bodies, fragments); each piece is `key=value`,
    /// `known-key:value` or an atom.
    mutating func pieces(_ range: Range<Int>) {
        var start = range.lowerBound
        var index = start
        while index <= range.upperBound {
            if index == range.upperBound || isPieceSeparator(input[index]) {
                if index > start { piece(start..<index) }
                start = index + 1
            }
            index += 1
        }
    }

    mutating func piece(_ range: Range<Int>) {
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = input[index]
            if byte == UInt8(ascii: "=") || byte == UInt8(ascii: ":") { break }
            guard
                ByteClass.isAlphanumeric(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: ".")
            else {
                atom(range)
                return
            }
            index += 1
        }
        guard index > range.lowerBound, index < range.upperBound else {
            atom(range)
            return
        }
        let isColon = input[index] == UInt8(ascii: ":")
        // `https://…` and `fe80::1` are atoms, not `key:value`.
        if isColon, index + 1 < range.upperBound,
            input[index + 1] == UInt8(ascii: "/") || input[index + 1] == UInt8(ascii: ":")
        {
            atom(range)
            return
        }
        let keyClass = engine.keys.classify(input[range.lowerBound..<index])
        let value = (index + 1)..<range.upperBound
        // `name=Ylva Marrow`: the display name runs on past this run's end.
        if keyClass == .identifier(.name), let name = displayName(startingAt: value.lowerBound),
            name.upperBound > value.upperBound
        {
            pseudonymize(name, kind: .name)
            nameEnd = name.upperBound
            return
        }
        if keyClass == .neutral {
            if isColon { atom(range) } else { atom(value) }
        } else {
            apply(keyClass, to: valueRange(value, for: keyClass))
        }
    }

    /// Whether the run is one of the redactor's own placeholders, `<` before it and `>` after (`RedactionMarker`).
    func isPlaceholder(_ run: Range<Int>) -> Bool {
        guard run.lowerBound > 0, input[run.lowerBound - 1] == UInt8(ascii: "<"), run.upperBound < input.count,
            input[run.upperBound] == UInt8(ascii: ">"), let colon = input[run].firstIndex(of: UInt8(ascii: ":"))
        else { return false }
        return RedactionMarker.matches(tag: input[run.lowerBound..<colon], value: input[(colon + 1)..<run.upperBound])
    }

    // MARK: Atoms

    /// A run without `&?#` separators: URL, path, email, JWT, opaque token, GUID, IP address or phone number.
    mutating func atom(_ whole: Range<Int>) {
        let range = trimmed(whole)
        guard range.count >= 3 else { return }
        // One pass collects what the detectors need, so each runs only where it can match.
        var hasAt = false
        var hasSlash = false
        var hasPercent = false
        var hasHyphen = false
        var hasWebTokenStart = false
        var hasPlus = false
        var colons = 0
        var dots = 0
        for index in range {
            switch input[index] {
            case UInt8(ascii: "@"): hasAt = true
            case UInt8(ascii: "\\"):
                // `\u0040` (an `@` escaped in JSON inside a JSON string) is an at sign, not a path separator.
                if hasPrefix("\\u0040", at: index) { hasAt = true } else { hasSlash = true }
            case UInt8(ascii: "/"): hasSlash = true
            case UInt8(ascii: ":"): colons += 1
            case UInt8(ascii: "."): dots += 1
            case UInt8(ascii: "%"): hasPercent = true
            case UInt8(ascii: "+"): hasPlus = true
            case UInt8(ascii: "-"): hasHyphen = true
            case 0xE3, 0xEF:
                // Look-alikes: fullwidth and small commercial at, fullwidth and ideographic full stops.
                if lookAlikeAt(at: index) > 0 { hasAt = true }
                if lookAlikeDot(at: index) { dots += 1 }
            case UInt8(ascii: "e"):
                if index + 2 < range.upperBound, input[index + 1] == UInt8(ascii: "y"),
                    input[index + 2] == UInt8(ascii: "J")
                {
                    hasWebTokenStart = true
                }
            default: break
            }
        }
        // `AADSTS500011:+The+resource+principal+named+https://…`: each word is judged as if the spaces were there.
        if hasPlus || hasPercent, let words = encodedProseWords(range) {
            for word in words { piece(word) }
            return
        }
        if hasSlash && colons > 0, let scheme = schemeSeparator(in: range) {
            url(range, schemeEnd: scheme)
            return
        }
        if hasSlash {
            path(range)
            return
        }
        if (hasAt || hasPercent) && dots > 0, let email = email(in: range) {
            atom(range.lowerBound..<email.lowerBound)
            pseudonymize(email, kind: .email)
            atom(email.upperBound..<range.upperBound)
            return
        }
        if hasWebTokenStart && range.count >= 24, let jwt = jsonWebToken(in: range) {
            if jwt.lowerBound > range.lowerBound { atom(range.lowerBound..<jwt.lowerBound) }
            remove(jwt, label: .jwt)
            // What follows in the same run is scanned too: a second token after a control byte survived the first
            // pass and fell to the second (found by the redactor fuzz target; Tests/Fuzz/Regressions/redactor/).
            if jwt.upperBound < range.upperBound { atom(jwt.upperBound..<range.upperBound) }
            return
        }
        // `Microsoft.Identity.Client.OAuth2.OAuth2Client.ThrowServerException(`: a stack frame, not a token.
        if range.count >= 24, isOpaqueToken(range), !isCodeSymbol(range) {
            remove(range, label: .token)
            return
        }
        if range.count >= 36, hasHyphen, let kind = guidIdentifier(in: range) {
            if let kind { pseudonymize(range, kind: kind) }
            return
        }
        if dots >= 3, ByteClass.isDigit(input[range.lowerBound]), !followsVersionWord(range.lowerBound),
            let address = ipv4(at: range.lowerBound, in: range)
        {
            pseudonymize(address, kind: .ip)
            return
        }
        if colons >= 2, let address = ipv6(in: range) {
            pseudonymize(address, kind: .ip)
            return
        }
        if range.count == 12, hasHyphen || dots == 2, isDashedPhone(range) {
            pseudonymize(range, kind: .phone)
        }
    }
}

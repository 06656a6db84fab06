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

    private mutating func piece(_ range: Range<Int>) {
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
        var hasAt = false, hasSlash = false, hasPercent = false, hasHyphen = false, hasWebTokenStart = false
        var colons = 0, dots = 0
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
        if range.count >= 24, isOpaqueToken(range) {
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

    // MARK: URLs and paths

    private func schemeSeparator(in range: Range<Int>) -> Int? {
        var index = range.lowerBound
        while index + 2 < range.upperBound {
            let byte = input[index]
            if byte == UInt8(ascii: ":") {
                return input[index + 1] == UInt8(ascii: "/") && input[index + 2] == UInt8(ascii: "/") ? index : nil
            }
            guard
                ByteClass.isAlphanumeric(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: ".")
            else { return nil }
            index += 1
        }
        return nil
    }

    /// `scheme://user:password@host:port/path`: the password is removed, the user and an IP host pseudonymized,
    /// a host name kept, the path scanned.
    private mutating func url(_ range: Range<Int>, schemeEnd: Int) {
        let authorityStart = schemeEnd + 3
        var authorityEnd = authorityStart
        while authorityEnd < range.upperBound, input[authorityEnd] != UInt8(ascii: "/"),
            input[authorityEnd] != UInt8(ascii: "\\")
        {
            authorityEnd += 1
        }
        var hostStart = authorityStart
        if let at = input[authorityStart..<authorityEnd].lastIndex(of: UInt8(ascii: "@")) {
            let user = authorityStart..<at
            if let colon = input[user].firstIndex(of: UInt8(ascii: ":")) {
                pseudonymize(authorityStart..<colon, kind: .username)
                remove((colon + 1)..<at, label: .password)
            } else if email(in: authorityStart..<authorityEnd) == nil {
                pseudonymize(user, kind: .username)
            }
            hostStart = at + 1
        }
        if hostStart < authorityEnd {
            let host = hostStart..<authorityEnd
            if ByteClass.isDigit(input[hostStart]), let address = ipv4(at: hostStart, in: host) {
                pseudonymize(address, kind: .ip)
            } else if let address = ipv6(in: host) {
                pseudonymize(address, kind: .ip)
            } else if !isHostName(host) {
                // Not a host name: text a URL-shaped run swallowed, scanned like any other (a JWT after `@` survived
                // the first pass and fell to the second; found by the redactor fuzz target).
                atom(host)
            }
        }
        if authorityEnd < range.upperBound { path(authorityEnd..<range.upperBound) }
    }

    /// Letters, digits, `-`, `.`, `_`, and a port or an IPv6 literal's `[`, `]`, `:` and `%`: what a URL's host holds.
    private func isHostName(_ range: Range<Int>) -> Bool {
        input[range].allSatisfy { byte in
            ByteClass.isAlphanumeric(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "[")
                || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "%")
        }
    }

    /// A path: the segment after `Users` or `home` is a user name; every other segment is an atom.
    private mutating func path(_ range: Range<Int>) {
        var start = range.lowerBound
        var previous: Range<Int>? = nil
        var index = start
        while index <= range.upperBound {
            if index == range.upperBound || input[index] == UInt8(ascii: "/") || input[index] == UInt8(ascii: "\\") {
                let segment = start..<index
                if !segment.isEmpty {
                    if let previous,
                        matches(previous, "users") && input[previous.lowerBound] == UInt8(ascii: "U")
                            || matches(previous, "home") && input[previous.lowerBound] == UInt8(ascii: "h"),
                        !matches(segment, "shared"), !matches(segment, "public")
                    {
                        pseudonymize(segment, kind: .user)
                    } else {
                        atom(segment)
                    }
                    previous = segment
                }
                start = index + 1
            }
            index += 1
        }
    }

    // MARK: Emails

    /// The first `local@domain.tld` (or `local%40domain.tld`) in `range`.
    func email(in range: Range<Int>) -> Range<Int>? {
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = input[index]
            var separatorLength = 0
            if byte == UInt8(ascii: "@") {
                separatorLength = 1
            } else if byte == UInt8(ascii: "%"), index + 2 < range.upperBound, input[index + 1] == UInt8(ascii: "4"),
                input[index + 2] == UInt8(ascii: "0")
            {
                separatorLength = 3
            } else if byte == UInt8(ascii: "%"), index + 4 < range.upperBound, hasPrefix("%2540", at: index) {
                separatorLength = 5  // `@` encoded twice
            } else if byte == UInt8(ascii: "\\"), index + 5 < range.upperBound, hasPrefix("\\u0040", at: index) {
                separatorLength = 6
            } else if byte >= 0xE3, index + 2 < range.upperBound {
                separatorLength = lookAlikeAt(at: index)
            }
            if separatorLength > 0 {
                var localStart = index
                while localStart > range.lowerBound, ByteClass.isLocalPartCharacter(input[localStart - 1]) {
                    localStart -= 1
                }
                // `%2F…` before a URL-encoded local part belongs to the encoding, not the address.
                while localStart < index, input[localStart] < 0x80, !ByteClass.isAlphanumeric(input[localStart]) {
                    localStart += 1
                }
                var domainEnd = index + separatorLength
                var lastDot = -1
                while domainEnd < range.upperBound, ByteClass.isHostCharacter(input[domainEnd]) {
                    if input[domainEnd] == UInt8(ascii: ".") {
                        lastDot = domainEnd
                    } else if input[domainEnd] >= 0xE3, domainEnd + 2 < range.upperBound, lookAlikeDot(at: domainEnd) {
                        domainEnd += 2
                        lastDot = domainEnd
                    }
                    domainEnd += 1
                }
                while domainEnd > index + separatorLength,
                    input[domainEnd - 1] == UInt8(ascii: ".") || input[domainEnd - 1] == UInt8(ascii: "-")
                {
                    domainEnd -= 1
                    if lastDot >= domainEnd {
                        lastDot = input[index..<domainEnd].lastIndex(of: UInt8(ascii: ".")) ?? -1
                    }
                }
                if localStart < index, lastDot > index + separatorLength, domainEnd - lastDot >= 3 {
                    return localStart..<domainEnd
                }
                index += separatorLength
                continue
            }
            index += 1
        }
        return nil
    }

    // MARK: Tokens

    /// A JWT or JWE: `eyJ` then base64url segments joined by at least two dots.
    func jsonWebToken(in range: Range<Int>) -> Range<Int>? {
        var index = range.lowerBound
        while index + 20 <= range.upperBound {
            if input[index] == UInt8(ascii: "e"), input[index + 1] == UInt8(ascii: "y"),
                input[index + 2] == UInt8(ascii: "J"),
                index == range.lowerBound || !ByteClass.isTokenCharacter(input[index - 1])
            {
                var end = index
                var dots = 0
                while end < range.upperBound {
                    let byte = input[end]
                    if byte == UInt8(ascii: ".") {
                        dots += 1
                    } else if !ByteClass.isTokenCharacter(byte) {
                        // Zero-width characters planted inside a token do not end it.
                        guard byte >= 0xE2, zeroWidth(at: end) else { break }
                        end += 2
                    }
                    end += 1
                }
                // A whole JWT, or a fragment of one (a line MSAL wrapped): `eyJ` is base64 of `{"`, and 24 bytes of
                // base64url after it are JSON, not a word.
                if dots >= 2 || end - index >= 24 { return index..<end }
                index = end
                continue
            }
            index += 1
        }
        return nil
    }

    /// Refresh tokens and authorization codes (`0.A…`, `1.A…`, `M.C5…`) and any other long opaque credential:
    /// base64 or base64url text of 40+ bytes with upper case, lower case and digits.
    func isOpaqueToken(_ range: Range<Int>) -> Bool {
        guard range.count >= 24 else { return false }
        let first = input[range.lowerBound], second = input[range.lowerBound + 1], third = input[range.lowerBound + 2]
        let msalShape =
            ((first == UInt8(ascii: "0") || first == UInt8(ascii: "1")) && second == UInt8(ascii: ".")
                && third == UInt8(ascii: "A"))
            || (first == UInt8(ascii: "M") && second == UInt8(ascii: ".")
                && (third == UInt8(ascii: "C") || third == UInt8(ascii: "R")))
        guard msalShape || range.count >= ByteClass.longRun else { return false }
        var upper = false, lower = false, digit = false
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = input[index]
            index += 1
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): upper = true
            case UInt8(ascii: "a")...UInt8(ascii: "z"): lower = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = true
            case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "="),
                UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "$"):
                break
            case 0xE2, 0xEF:
                // Zero-width characters planted inside a token.
                guard zeroWidth(at: index - 1) else { return false }
                index += 2
            default: return false
            }
        }
        return upper && lower && digit
    }

    // MARK: GUIDs

    /// For a GUID, or `<guid>.<guid>` (home account id): `.some(kind)` to pseudonymize, `.some(nil)` to keep, nil
    /// when `range` is not one. A lone GUID is judged by the words before it: correlation, client, tenant and request
    /// ids stay; object, user, account and device ids are hashed; a GUID with no telling context stays.
    func guidIdentifier(in range: Range<Int>) -> IdentifierKind?? {
        guard isGUID(at: range.lowerBound, limit: range.upperBound) else { return nil }
        if range.count == 36 { return .some(context(before: range.lowerBound)) }
        // `<uid>.<utid>-login.windows.net`: the keychain account MSAL prints, a home account id and its environment.
        if range.count >= 73, input[range.lowerBound + 36] == UInt8(ascii: "."),
            isGUID(at: range.lowerBound + 37, limit: range.upperBound)
        {
            return .some(.account)
        }
        // `<uid>.<utid>` and B2C's `<uid>-b2c_1_policy.<utid>`.
        let tail = range.upperBound - 36
        if range.count >= 73, input[tail - 1] == UInt8(ascii: "."), isGUID(at: tail, limit: range.upperBound) {
            return .some(.account)
        }
        return nil
    }

    func isGUID(at start: Int, limit: Int) -> Bool {
        guard start + 36 <= limit else { return false }
        return GUIDCheck.matches(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: input[start..<(start + 36)])))
    }

    /// The identifier kind named by the nearest telling word among the three before `position`, on the same line.
    /// An email address or one of the engine's placeholders ends the search: either is a value, not a name, and
    /// judging both alike keeps redaction idempotent (`a@b.io <GUID>` and `<email:…> <GUID>` give the same answer).
    private func context(before position: Int) -> IdentifierKind? {
        var end = position
        let limit = max(0, position - 64)
        var words = 0
        while end > limit, words < 3 {
            while end > limit, !ByteClass.isAlphanumeric(input[end - 1]) {
                if input[end - 1] == UInt8(ascii: "\n") || input[end - 1] == UInt8(ascii: "@") { return nil }
                end -= 1
            }
            var start = end
            while start > limit, ByteClass.isAlphanumeric(input[start - 1]) || input[start - 1] == UInt8(ascii: "_") {
                start -= 1
            }
            guard start < end else { return nil }
            let word = start..<end
            if endsPlaceholder(word) { return nil }
            // Numbers (times, dates, thread ids) name nothing.
            if ByteClass.isDigit(input[start]) {
                end = start
                words += 1
                continue
            }
            if matches(word, "id") || matches(word, "is") || matches(word, "the") || matches(word, "for") {
                end = start
                continue
            }
            words += 1
            switch engine.keys.classify(input[word]) {
            case .identifier(let kind):
                // A GUID after `user`, `upn` or `name` is the user's object id.
                return kind == .account || kind == .device ? kind : .oid
            case .keep: return nil
            default: break
            }
            // `tenant profile <GUID>`, `account identifier <GUID>` (MSAL's cache lookups print these).
            if matches(word, "object") || matches(word, "users") || matches(word, "subject")
                || matches(word, "profile")
            {
                return .oid
            }
            if matches(word, "home") || matches(word, "account") { return .account }
            if matches(word, "correlation") || matches(word, "client") || matches(word, "request")
                || matches(word, "trace") || matches(word, "operation")
            {
                return nil
            }
            end = start
        }
        return nil
    }

    /// Whether `word` is the value of a placeholder: `<tag:` before it and `>` after.
    private func endsPlaceholder(_ word: Range<Int>) -> Bool {
        guard word.lowerBound >= 3, input[word.lowerBound - 1] == UInt8(ascii: ":") else { return false }
        var tagStart = word.lowerBound - 1
        while tagStart > 0, input[tagStart - 1] >= UInt8(ascii: "a"), input[tagStart - 1] <= UInt8(ascii: "z") {
            tagStart -= 1
        }
        return isPlaceholder(tagStart..<word.upperBound)
    }

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
    private func isDashedPhone(_ range: Range<Int>) -> Bool {
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

    // MARK: Look-alikes

    /// The length of a look-alike of `@` at `index`: `＠` (U+FF20) or `﹫` (U+FE6B), 3 bytes; 0 when there is none.
    func lookAlikeAt(at index: Int) -> Int {
        guard index + 2 < input.count, input[index] == 0xEF else { return 0 }
        let second = input[index + 1], third = input[index + 2]
        return (second == 0xBC && third == 0xA0) || (second == 0xB9 && third == 0xAB) ? 3 : 0
    }

    /// A look-alike of `.` at `index`: `．` (U+FF0E), `｡` (U+FF61) or `。` (U+3002).
    func lookAlikeDot(at index: Int) -> Bool {
        guard index + 2 < input.count else { return false }
        let first = input[index], second = input[index + 1], third = input[index + 2]
        return (first == 0xEF && ((second == 0xBC && third == 0x8E) || (second == 0xBD && third == 0xA1)))
            || (first == 0xE3 && second == 0x80 && third == 0x82)
    }

    /// A zero-width character at `index`: U+200B, U+200C, U+200D, U+2060 or U+FEFF (3 bytes each).
    func zeroWidth(at index: Int) -> Bool {
        guard index + 2 < input.count else { return false }
        let first = input[index], second = input[index + 1], third = input[index + 2]
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

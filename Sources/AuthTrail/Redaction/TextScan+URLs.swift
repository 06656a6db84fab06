// URLs and file paths: hosts kept, user parts redacted.
extension TextScan {
    // MARK: URLs and paths

    func schemeSeparator(in range: Range<Int>) -> Int? {
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
    mutating func url(_ range: Range<Int>, schemeEnd: Int) {
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
    func isHostName(_ range: Range<Int>) -> Bool {
        input[range].allSatisfy { byte in
            ByteClass.isAlphanumeric(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "[")
                || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "%")
        }
    }

    /// A path: the segment after `Users` or `home` is a user name; every other segment is an atom.
    mutating func path(_ range: Range<Int>) {
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
}

// What support needs and is never personal data: service error codes, exception type names and stack frames.
extension TextScan {
    // MARK: Service error codes

    /// `AADSTS50011`, `AADB2C90273` (a trailing `:`, `.` or `,` allowed): an error code of Microsoft Entra or Azure AD
    /// B2C, kept even under a secret's name (`"code":"AADB2C90273"`).
    func isServiceErrorCode(_ range: Range<Int>) -> Bool {
        var end = range.upperBound
        while end > range.lowerBound,
            input[end - 1] == UInt8(ascii: ":") || input[end - 1] == UInt8(ascii: ".")
                || input[end - 1] == UInt8(ascii: ",")
        {
            end -= 1
        }
        let digitsStart = range.lowerBound + 6
        guard end - digitsStart >= 4, end - digitsStart <= 9,
            hasPrefix("aadsts", at: range.lowerBound, caseInsensitive: true)
                || hasPrefix("aadb2c", at: range.lowerBound, caseInsensitive: true)
        else { return false }
        return input[digitsStart..<end].allSatisfy(ByteClass.isDigit)
    }

    // MARK: Exception types and stack frames

    /// A code symbol: a dotted type or method path (`Microsoft.Identity.Client.OAuth2.OAuth2Client.ThrowServerException`,
    /// `com.microsoft.aad.msal4j.MsalServiceException`, `MSAL.Desktop.4.50.0.0.MsalServiceException`) or a mangled
    /// Swift symbol (`$s4MSAL…`) where the text says it is one: a type name ending in `Exception` or `Error`, a call
    /// (`(`, `[`, `<` or `` ` `` right after it), a known root namespace, or a stack-frame line (`at …`,
    /// `3   MyApp   0x0000000104a3c8f0 …`). Every segment must read like an identifier (few capitals and digits), so
    /// an opaque token with dots in it is not one.
    func isCodeSymbol(_ range: Range<Int>) -> Bool {
        if isMangledSwiftSymbol(range) { return isStackFrameLine(containing: range.lowerBound) }
        guard let segments = identifierPath(range) else { return false }
        if isTypeName(range, segments: segments) { return true }
        if range.upperBound < input.count {
            let next = input[range.upperBound]
            if next == UInt8(ascii: "(") || next == UInt8(ascii: "[") || next == UInt8(ascii: "<")
                || next == UInt8(ascii: "`")
            {
                return true
            }
        }
        return isStackFrameLine(containing: range.lowerBound)
    }

    /// A type name where a name field would hold a person's (`Name: Microsoft.Identity.Client.MsalClientException`):
    /// a dotted path ending in `Exception` or `Error`, or of three segments or more under a known root namespace.
    func isTypeName(_ range: Range<Int>) -> Bool {
        guard let segments = identifierPath(range) else { return false }
        return isTypeName(range, segments: segments)
    }

    private func isTypeName(_ range: Range<Int>, segments: [Range<Int>]) -> Bool {
        guard let last = segments.last, let first = segments.first else { return false }
        if segments.count >= 2, hasSuffix(last, "Exception") || hasSuffix(last, "Error") { return true }
        guard segments.count >= 3 else { return false }
        return Self.rootNamespaces.contains { root in first.count == root.utf8CodeUnitCount && matches(first, root) }
    }

    /// Namespaces whose dotted paths are code, not people: .NET, Java and Android, Apple and MSAL.
    private static let rootNamespaces: [StaticString] = [
        "microsoft", "system", "com", "org", "java", "javax", "android", "androidx", "kotlin", "kotlinx", "msal",
        "foundation", "swift", "uikit", "appkit", "authenticationservices",
    ]

    /// The segments of a dotted identifier path (at least two, a trailing `.` allowed), or nil when the run is not
    /// one.
    private func identifierPath(_ range: Range<Int>) -> [Range<Int>]? {
        var end = range.upperBound
        // `Foo.BarException:` before its message; `OAuth2Client.` before `<ExecuteRequestAsync>`.
        if end > range.lowerBound, input[end - 1] == UInt8(ascii: ":") || input[end - 1] == UInt8(ascii: ".") {
            end -= 1
        }
        var segments = [Range<Int>]()
        var start = range.lowerBound
        var index = start
        while index <= end {
            if index == end || input[index] == UInt8(ascii: ".") {
                let segment = start..<index
                guard isIdentifierSegment(segment, first: segments.isEmpty) else { return nil }
                segments.append(segment)
                start = index + 1
            }
            index += 1
        }
        return segments.count >= 2 ? segments : nil
    }

    /// One segment of a type path: a letter or `_` first (a version number such as `4` or `50` after the first
    /// segment), then letters, digits, `_` and `$`. Once longer than six bytes it must read like words run together
    /// (`OAuth2Client`, `ThrowServerException`): at most three digits, capitals no more than 45 % of the letters, and
    /// runs of lower-case letters 2.5 long on average; random base64 has about half capitals and runs of 1.6.
    private func isIdentifierSegment(_ segment: Range<Int>, first: Bool) -> Bool {
        guard !segment.isEmpty, segment.count <= 80 else { return false }
        let lead = input[segment.lowerBound]
        if ByteClass.isDigit(lead) {
            return !first && segment.count <= 4 && input[segment].allSatisfy(ByteClass.isDigit)
        }
        guard ByteClass.isAlphanumeric(lead) || lead == UInt8(ascii: "_") else { return false }
        var upper = 0
        var lower = 0
        var lowerRuns = 0
        var previousWasLower = false
        var digits = 0
        for byte in input[segment] {
            let isLower = byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): upper += 1
            case UInt8(ascii: "a")...UInt8(ascii: "z"):
                lower += 1
                if !previousWasLower { lowerRuns += 1 }
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            case UInt8(ascii: "_"), UInt8(ascii: "$"): break
            default: return false
            }
            previousWasLower = isLower
        }
        guard digits <= 3 else { return false }
        if segment.count <= 6 { return true }
        return lower > 0 && upper * 100 <= (upper + lower) * 45 && lower * 2 >= lowerRuns * 5
    }

    /// `$s4MSAL…`, `_$s…`: a mangled Swift symbol, as a crash log or `Thread.callStackSymbols` prints it.
    private func isMangledSwiftSymbol(_ range: Range<Int>) -> Bool {
        var start = range.lowerBound
        if start < range.upperBound, input[start] == UInt8(ascii: "_") { start += 1 }
        guard range.upperBound - start >= 4, input[start] == UInt8(ascii: "$"),
            input[start + 1] == UInt8(ascii: "s") || input[start + 1] == UInt8(ascii: "S"),
            ByteClass.isDigit(input[start + 2]) || input[start + 2] == UInt8(ascii: "S")
        else { return false }
        return input[(start + 2)..<range.upperBound].allSatisfy {
            ByteClass.isAlphanumeric($0) || $0 == UInt8(ascii: "_")
        }
    }

    /// Whether the line holding `index` is a stack frame: `at …` (.NET, Java), `3   MyApp   0x0000000104a3c8f0 …`
    /// (Apple crash logs, `Thread.callStackSymbols`) or `frame #3: 0x…` (LLDB).
    func isStackFrameLine(containing index: Int) -> Bool {
        var start = index
        while start > 0, index - start < 4096, input[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        while start < index, input[start] == UInt8(ascii: " ") || input[start] == UInt8(ascii: "\t") { start += 1 }
        if hasPrefix("at ", at: start) || hasPrefix("frame #", at: start) { return true }
        // `3   MyApp   0x…`: a frame number, a module, then an address.
        var cursor = start
        while cursor < index, ByteClass.isDigit(input[cursor]) { cursor += 1 }
        guard cursor > start, cursor < index, input[cursor] == UInt8(ascii: " ") else { return false }
        while cursor < index, input[cursor] == UInt8(ascii: " ") { cursor += 1 }
        while cursor < index, input[cursor] != UInt8(ascii: " ") { cursor += 1 }
        while cursor < index, input[cursor] == UInt8(ascii: " ") { cursor += 1 }
        return hasPrefix("0x", at: cursor)
    }

    private func hasSuffix(_ range: Range<Int>, _ word: StaticString) -> Bool {
        let length = word.utf8CodeUnitCount
        guard range.count >= length else { return false }
        return hasPrefix(word, at: range.upperBound - length)
    }
}

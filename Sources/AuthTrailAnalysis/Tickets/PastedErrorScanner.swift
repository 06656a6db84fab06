import Foundation

/// Finds every error in text pasted from a ticket, in one pass over its bytes: no I/O, no regular expressions.
///
/// Reads NSError descriptions (`Error Domain=D Code=C "text" UserInfo={Key=Value, …}`, nested
/// `NSUnderlyingError=0x… {Error Domain=…}` outermost first, `MSALHTTPHeadersKey` dictionaries, the
/// `=> { Key = "Value"; }` form printed after them), MSAL's log phrasing `(MSALErrorDomain, -50002)`,
/// localizedDescription forms `(MSALErrorDomain error -50005.)` and `(OSStatus error -34018.)`, a binding's
/// `errorCode:` field, and AADSTS/AADB2C codes and `Correlation ID:` lines in the text. Bounds: nesting deeper than
/// ``maximumNestingDepth`` is read as text, at most ``maximumFindings`` errors are kept, each byte is looked at a
/// bounded number of times.
package enum PastedErrorScanner {
    /// Nested errors deeper than this are not reported (their braces are still counted).
    package static let maximumNestingDepth = 16
    /// Errors beyond this many are not reported.
    package static let maximumFindings = 10_000

    /// Every error in `text`, in order of appearance (an outer error before its underlying errors).
    package static func errors(in text: String) -> [PastedError] {
        var scan = Scan(bytes: Array(text.utf8))
        scan.run()
        return scan.findings
    }
}

/// The state of one pass.
private struct Scan {
    let bytes: [UInt8]
    var findings: [PastedError] = []
    var position = 0
    /// Brace depth, counting `{` and `}` outside quoted header text.
    var braceDepth = 0
    /// NSError descriptions whose userInfo is open, innermost last.
    var open: [OpenError] = []
    /// The last outermost NSError, for the `=> { Key = "Value"; }` form printed after it.
    var lastOutermost: Int?
    /// The line being read, and the line of the last finding.
    var line = 0
    var lastFindingLine = -1

    struct OpenError {
        var finding: Int
        /// The brace depth of its userInfo's content; nil until `UserInfo={` is read.
        var userInfoDepth: Int?
        /// The brace depth where it started.
        var startDepth: Int
    }

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func run() {
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "{"):
                braceDepth += 1
                position += 1
            case UInt8(ascii: "}"):
                braceDepth -= 1
                while let last = open.last, braceDepth < (last.userInfoDepth ?? last.startDepth + 1) {
                    open.removeLast()
                }
                if braceDepth < 0 { braceDepth = 0 }
                position += 1
            case UInt8(ascii: "\n"):
                line += 1
                // An NSError printed without UserInfo ends with its line.
                while let last = open.last, last.userInfoDepth == nil { open.removeLast() }
                position += 1
            default:
                if !readToken() { position += 1 }
            }
        }
    }

    // MARK: Tokens

    /// Reads a token at `position`; false when none starts there.
    mutating func readToken() -> Bool {
        let byte = bytes[position]
        switch byte {
        case UInt8(ascii: "E") where matches("Error Domain="): return readNSError()
        case UInt8(ascii: "U") where matches("UserInfo={"): return readUserInfoStart()
        case UInt8(ascii: "("): return readParenthesised()
        case UInt8(ascii: "A") where matches("AADSTS"): return readPrefixedCode("AADSTS", isB2C: false)
        case UInt8(ascii: "A") where matches("AADB2C"): return readPrefixedCode("AADB2C", isB2C: true)
        case UInt8(ascii: "C") where matches("Correlation ID:") || matches("Correlation Id:"):
            position += "Correlation ID:".utf8.count
            // Outside an error, a `Correlation ID:` line belongs to the error before it.
            if let id = readGUID(skippingSpaces: true), let target = currentTarget() ?? findings.indices.last,
                findings[target].correlationID == nil
            {
                findings[target].correlationID = id
            }
            return true
        case UInt8(ascii: "e") where matches("errorCode:") || matches("errorCode ="):
            return readErrorCodeField()
        case UInt8(ascii: "e") where matches("error: "):
            return readCodeThenDomain()
        case UInt8(ascii: "M"), UInt8(ascii: "\""), UInt8(ascii: "R"), UInt8(ascii: "r"):
            return readUserInfoKey()
        default: return false
        }
    }

    mutating func readNSError() -> Bool {
        var cursor = position + "Error Domain=".utf8.count
        let domainStart = cursor
        while cursor < bytes.count, isDomainByte(bytes[cursor]) { cursor += 1 }
        guard cursor > domainStart else { return false }
        let domain = string(domainStart..<cursor)
        while cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") { cursor += 1 }
        guard matches("Code=", at: cursor), let (code, end) = readInteger(at: cursor + 5) else { return false }
        // Errors without userInfo before this one are complete.
        while let last = open.last, last.userInfoDepth == nil { open.removeLast() }
        let depth = open.count
        position = end
        guard depth < PastedErrorScanner.maximumNestingDepth, findings.count < PastedErrorScanner.maximumFindings
        else { return true }
        findings.append(PastedError(form: .nsErrorDescription, domain: canonicalDomain(domain), code: code, depth: depth))
        if depth == 0 { lastOutermost = findings.count - 1 }
        open.append(OpenError(finding: findings.count - 1, userInfoDepth: nil, startDepth: braceDepth))
        skipQuotedHeaderText()
        return true
    }

    /// Skips the `"text"` after `Code=`: its braces and parentheses are prose.
    mutating func skipQuotedHeaderText() {
        var cursor = position
        while cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") { cursor += 1 }
        guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "\"") else { return }
        // The text ends at `" UserInfo={`, or at the quote that ends the line.
        var scan = cursor + 1
        // Header text is a sentence or two: a quote with no end within 4 KiB is not one (and a 50 MB line of
        // quotes stays linear).
        let limit = min(bytes.count, scan + 4096)
        while scan < limit {
            if bytes[scan] == UInt8(ascii: "\"") {
                if matches(" UserInfo={", at: scan + 1) || scan + 1 == bytes.count || isLineEnd(bytes[scan + 1]) {
                    // Codes named in the text belong to this error.
                    scanTextForCodes(cursor + 1..<scan)
                    position = scan + 1
                    return
                }
            }
            if bytes[scan] == UInt8(ascii: "\n") { return }
            scan += 1
        }
    }

    mutating func readUserInfoStart() -> Bool {
        guard let index = open.indices.last, open[index].userInfoDepth == nil else { return false }
        position += "UserInfo=".utf8.count
        open[index].userInfoDepth = braceDepth + 1
        return true
    }

    /// `(MSALErrorDomain, -50002)`, `(MSALErrorDomain error -50005.)`, `(OSStatus error -34018.)`, and `Optional(`.
    mutating func readParenthesised() -> Bool {
        guard open.isEmpty else { return false }
        var cursor = position + 1
        let domainStart = cursor
        while cursor < bytes.count, isDomainByte(bytes[cursor]) { cursor += 1 }
        guard cursor > domainStart, cursor - domainStart < 200 else { return false }
        let domain = string(domainStart..<cursor)
        let form: PastedError.Form
        if matches(", ", at: cursor) {
            form = .logLine
            cursor += 2
        } else if matches(" error ", at: cursor) {
            form = .localizedDescription
            cursor += 7
        } else {
            return false
        }
        // `~50000`: some fonts and bindings render the minus sign as a tilde.
        let tilde = cursor < bytes.count && bytes[cursor] == UInt8(ascii: "~")
        guard let (parsed, end) = readInteger(at: tilde ? cursor + 1 : cursor) else { return false }
        let code = tilde ? -parsed : parsed
        let closing = form == .logLine ? ")" : (matches(".)", at: end) ? ".)" : ")")
        guard matches(closing, at: end) else { return false }
        guard form == .localizedDescription || looksLikeDomain(domain) else { return false }
        position = end + closing.utf8.count
        if form == .localizedDescription, let last = findings.indices.last, findings[last].form == .errorCodeField,
            lastFindingLine == line, findings[last].code != code
        {
            // `{ errorCode: -42000, message: …(MSALErrorDomain error -50000.) }`: the binding's code is the sub-code.
            let subcode = findings[last].code
            findings[last] = PastedError(form: form, domain: canonicalDomain(domain), code: code)
            findings[last].subcode = subcode
            return true
        }
        append(PastedError(form: form, domain: canonicalDomain(domain), code: code))
        return true
    }

    /// A binding's exception text: `errorCode: -50002` or `errorCode: "-50002"`.
    mutating func readErrorCodeField() -> Bool {
        guard open.isEmpty else { return false }
        var cursor = position + "errorCode".utf8.count
        while cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") || bytes[cursor] == UInt8(ascii: ":")
            || bytes[cursor] == UInt8(ascii: "=") || bytes[cursor] == UInt8(ascii: "\"")
        {
            cursor += 1
        }
        guard let (code, end) = readInteger(at: cursor) else { return false }
        position = end
        if let last = findings.indices.last, findings[last].form == .localizedDescription, lastFindingLine == line,
            findings[last].subcode == nil, findings[last].code != code
        {
            // `{ message: …(MSALErrorDomain error -50000.), errorCode: -42000 }`: the binding's code is the sub-code.
            findings[last].subcode = code
            return true
        }
        append(PastedError(form: .errorCodeField, domain: MSALUserInfoKeyNames.msalDomain, code: code))
        return true
    }

    /// MSAL's interactive-flow log phrase: `error: -51440 error domain: MSIDOAuthErrorDomain`.
    mutating func readCodeThenDomain() -> Bool {
        guard open.isEmpty, let (code, end) = readInteger(at: position + "error: ".utf8.count),
            matches(" error domain: ", at: end)
        else { return false }
        let domainStart = end + " error domain: ".utf8.count
        var cursor = domainStart
        while cursor < bytes.count, isDomainByte(bytes[cursor]), cursor - domainStart < 200 { cursor += 1 }
        guard cursor > domainStart else { return false }
        append(PastedError(form: .logLine, domain: canonicalDomain(string(domainStart..<cursor)), code: code))
        position = cursor
        return true
    }

    /// `AADSTS50076` / `AADB2C90118` in text: attached to the error being read, or a finding of its own.
    mutating func readPrefixedCode(_ prefix: String, isB2C: Bool) -> Bool {
        let start = position + prefix.utf8.count
        var end = start
        while end < bytes.count, isDigit(bytes[end]), end - start < 9 { end += 1 }
        guard end > start, end == bytes.count || !isDigit(bytes[end]) else { return false }
        let code = Int(string(start..<end)) ?? 0
        position = end
        if let target = currentTarget(allowingLast: false) {
            add(code, isB2C: isB2C, to: target)
        } else if !isB2C, let last = findings.indices.last, findings[last].stsErrorCodes.contains(code) {
            // Already counted (a repeated description).
        } else {
            append(PastedError(form: .plainCode, domain: isB2C ? "AADB2C" : "AADSTS", code: code))
        }
        return true
    }

    /// Scans an error's header text for AADSTS and AADB2C codes and a correlation id.
    mutating func scanTextForCodes(_ range: Range<Int>) {
        guard let target = findings.indices.last else { return }
        var cursor = range.lowerBound
        while cursor < range.upperBound {
            for (prefix, isB2C) in [("AADSTS", false), ("AADB2C", true)] where matches(prefix, at: cursor) {
                let start = cursor + prefix.utf8.count
                var end = start
                while end < range.upperBound, isDigit(bytes[end]), end - start < 9 { end += 1 }
                if end > start, let code = Int(string(start..<end)) { add(code, isB2C: isB2C, to: target) }
            }
            cursor += 1
        }
    }

    mutating func add(_ code: Int, isB2C: Bool, to target: Int) {
        if isB2C {
            if !findings[target].b2cErrorCodes.contains(code) { findings[target].b2cErrorCodes.append(code) }
        } else if !findings[target].stsErrorCodes.contains(code) {
            findings[target].stsErrorCodes.append(code)
        }
    }

    // MARK: userInfo keys

    static let keys: [String] = [
        "MSALInternalErrorCodeKey", "MSALOAuthErrorKey", "MSALOAuthSubErrorKey", "MSALSTSErrorCodesKey",
        "MSALHTTPResponseCodeKey", "MSALCorrelationIDKey", "MSIDCorrelationIdKey", "Retry-After", "retry-after",
    ]

    /// `Key=Value` (or `Key = Value;`, or `"Key" = Value;`) for one of ``keys``, inside an error's userInfo or the
    /// `=> { … }` block after it.
    mutating func readUserInfoKey() -> Bool {
        guard let target = currentTarget() else { return false }
        var cursor = position
        let quoted = bytes[cursor] == UInt8(ascii: "\"")
        if quoted { cursor += 1 }
        guard let key = Self.keys.first(where: { matches($0, at: cursor) }) else { return false }
        cursor += key.utf8.count
        if quoted {
            guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "\"") else { return false }
            cursor += 1
        }
        while cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") { cursor += 1 }
        guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "=") || bytes[cursor] == UInt8(ascii: ":")
        else { return false }
        cursor += 1
        let valueStart = cursor
        let valueEnd = endOfValue(from: valueStart)
        position = valueEnd
        let value = string(valueStart..<valueEnd)
        let trimmed = value.trimmingCharacters(in: CharacterSet(charactersIn: " \t\r\n\";"))
        switch key {
        case "MSALInternalErrorCodeKey": findings[target].subcode = Int(trimmed)
        case "MSALOAuthErrorKey": findings[target].oauthError = word(trimmed)
        case "MSALOAuthSubErrorKey": findings[target].oauthSuberror = word(trimmed)
        case "MSALHTTPResponseCodeKey": findings[target].httpStatus = Int(trimmed)
        case "MSALCorrelationIDKey", "MSIDCorrelationIdKey": findings[target].correlationID = guid(in: valueStart..<valueEnd)
        case "MSALSTSErrorCodesKey":
            for number in numbers(in: valueStart..<valueEnd) { add(number, isB2C: false, to: target) }
        default: findings[target].retryAfterSeconds = Int(trimmed)
        }
        return true
    }

    /// Where a userInfo value ends: the `,`, `;` or newline before the next key, or the `}` or `)` that closes it.
    /// Nested brackets are skipped; a value never runs past 4 KiB (longer values are prose).
    func endOfValue(from start: Int) -> Int {
        var cursor = start
        var nesting = 0
        let limit = min(bytes.count, start + 4096)
        while cursor < limit {
            let byte = bytes[cursor]
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: "["): nesting += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"):
                if nesting == 0 { return cursor }
                nesting -= 1
            case UInt8(ascii: "{"), UInt8(ascii: "}"): return cursor
            case UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\n"):
                if nesting == 0 { return cursor }
            default: break
            }
            cursor += 1
        }
        return cursor
    }

    /// The error a key or code at `position` belongs to: the innermost open one, or, inside the braces of an
    /// `=> { … }` block after it, the last outermost one.
    func currentTarget(allowingLast: Bool = true) -> Int? {
        if let last = open.last { return last.finding }
        if allowingLast, braceDepth > 0 { return lastOutermost }
        return nil
    }

    mutating func append(_ error: PastedError) {
        guard findings.count < PastedErrorScanner.maximumFindings else { return }
        findings.append(error)
        lastOutermost = findings.count - 1
        lastFindingLine = line
    }

    // MARK: Lexing

    func matches(_ literal: String, at start: Int? = nil) -> Bool {
        let start = start ?? position
        let utf8 = literal.utf8
        guard start + utf8.count <= bytes.count else { return false }
        var index = start
        for byte in utf8 {
            if bytes[index] != byte { return false }
            index += 1
        }
        return true
    }

    func readInteger(at start: Int) -> (Int, Int)? {
        var cursor = start
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "-") { cursor += 1 }
        let digitsStart = cursor
        while cursor < bytes.count, isDigit(bytes[cursor]), cursor - digitsStart < 12 { cursor += 1 }
        guard cursor > digitsStart, let value = Int(string(start..<cursor)) else { return nil }
        return (value, cursor)
    }

    func readGUID(skippingSpaces: Bool) -> String? {
        var cursor = position
        while skippingSpaces, cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") { cursor += 1 }
        return guid(in: cursor..<min(bytes.count, cursor + 64))
    }

    /// The first GUID (8-4-4-4-12 hex digits) in `range`.
    func guid(in range: Range<Int>) -> String? {
        var cursor = range.lowerBound
        while cursor + 36 <= range.upperBound {
            let candidate = bytes[cursor..<cursor + 36]
            let isGUID = candidate.enumerated().allSatisfy { offset, byte in
                [8, 13, 18, 23].contains(offset) ? byte == UInt8(ascii: "-") : isHex(byte)
            }
            if isGUID { return string(cursor..<cursor + 36).lowercased() }
            cursor += 1
        }
        return nil
    }

    func numbers(in range: Range<Int>) -> [Int] {
        var result = [Int]()
        var cursor = range.lowerBound
        while cursor < range.upperBound {
            if isDigit(bytes[cursor]) {
                let start = cursor
                while cursor < range.upperBound, isDigit(bytes[cursor]), cursor - start < 9 { cursor += 1 }
                if let value = Int(string(start..<cursor)) { result.append(value) }
            } else {
                cursor += 1
            }
        }
        return result
    }

    func word(_ value: String) -> String? {
        let word = value.prefix(while: { $0.isLetter || $0.isNumber || $0 == "_" })
        return word.isEmpty ? nil : String(word.prefix(64))
    }

    func string(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
    func isHex(_ byte: UInt8) -> Bool { isDigit(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte) }
    func isLineEnd(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") }
    func isDomainByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "_")
    }

    /// A log line's `(X, -1)` is an error only when X reads as an error domain.
    func looksLikeDomain(_ domain: String) -> Bool {
        domain.hasSuffix("Domain") || domain.hasPrefix("com.apple.") || domain == "OSStatus"
            || domain.hasSuffix("ErrorDomain") || domain.hasSuffix("Error")
    }

    func canonicalDomain(_ domain: String) -> String {
        domain == "OSStatus" ? "NSOSStatusErrorDomain" : domain
    }
}

/// Names shared with the catalog, kept here so the scanner reads without importing Foundation.
enum MSALUserInfoKeyNames {
    static let msalDomain = "MSALErrorDomain"
}

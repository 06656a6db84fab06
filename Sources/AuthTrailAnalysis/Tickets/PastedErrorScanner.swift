import AuthTrail
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
        var scan = Scan(bytes: decodedForm(Array(text.utf8)))
        scan.run()
        return withoutRepeats(scan.findings)
    }

    /// The text with form and URL encoding undone where it hides what the scanner reads: descriptions arrive
    /// `+`-encoded (`AADSTS500011:+The+resource+principal`, `Correlation+ID:+…`) or percent-encoded in a redirect
    /// URL (`error_description=AADB2C90118%3a+The+user…%0d%0aCorrelation+ID%3a+…`). A `+` between two non-blank
    /// bytes becomes a space; `%XX` becomes its byte only for a separator or a line end (`:`, space, `,`, `.`, `'`,
    /// `/`, `-`, CR, LF), never for a quote, a brace, `=` or `&`, so the text's structure stays as written.
    static func decodedForm(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(UInt8(ascii: "+")) || bytes.contains(UInt8(ascii: "%")) else { return bytes }
        var output = [UInt8]()
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count, let high = hexValue(bytes[index + 1]),
                let low = hexValue(bytes[index + 2]), separators.contains(high << 4 | low)
            {
                output.append(high << 4 | low)
                index += 3
                continue
            }
            if byte == UInt8(ascii: "+"), index > 0, index + 1 < bytes.count, !isBlankOrPlus(bytes[index - 1]),
                !isBlankOrPlus(bytes[index + 1])
            {
                output.append(UInt8(ascii: " "))
            } else {
                output.append(byte)
            }
            index += 1
        }
        return output
    }

    /// The bytes a `%XX` escape is undone for: `:`, space, `,`, `.`, `'`, `/`, `-`, CR, LF.
    private static let separators: Set<UInt8> = [0x3A, 0x20, 0x2C, 0x2E, 0x27, 0x2F, 0x2D, 0x0D, 0x0A]

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }

    private static func isBlankOrPlus(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "%")
    }

    /// The findings without an error logged again: an outermost error and its underlying errors that equal an
    /// earlier one (apps often log the same NSError twice, once where it arrives and once where it is shown).
    static func withoutRepeats(_ findings: [PastedError]) -> [PastedError] {
        var trees = [[PastedError]]()
        for finding in findings {
            if finding.depth == 0 || trees.isEmpty {
                trees.append([finding])
            } else {
                trees[trees.count - 1].append(finding)
            }
        }
        var seen = Set<[PastedError]>()
        return trees.filter { seen.insert($0).inserted }.flatMap { $0 }
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
    /// Where the current line starts, for the correlation id in an MSAL log line's header.
    var lineStart = 0
    /// What the text around plain codes says about them (`status: 400`, `"error":"invalid_grant"`, `Correlation ID:`,
    /// `Retry-After: 60`), outside any NSError: it applies to the plain codes read near it.
    var context = Context()

    struct Context {
        var httpStatus: Int?
        var retryAfterSeconds: Int?
        var oauthError: String?
        var oauthSuberror: String?
        var correlationID: String?
        /// The line of the last value read, and the plain-code findings they apply to.
        var line = -1
        var findings: [Int] = []

        var isEmpty: Bool {
            httpStatus == nil && retryAfterSeconds == nil && oauthError == nil && oauthSuberror == nil
                && correlationID == nil
        }

        func hasSameValues(as other: Context) -> Bool {
            httpStatus == other.httpStatus && retryAfterSeconds == other.retryAfterSeconds
                && oauthError == other.oauthError && oauthSuberror == other.oauthSuberror
                && correlationID == other.correlationID
        }
    }

    struct OpenError {
        var finding: Int
        /// userInfo keys pasted without the `Error Domain=… Code=…` before them (a paste that starts mid-error).
        var isFragment = false
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
                // A .NET stack frame (`   at Microsoft.Identity.Client…`) does not count as a line: an MSAL.NET
                // exception's STS code and its `StatusCode:`/`ResponseBody:` lines sit on either side of the trace.
                if !isStackFrameLine(at: position + 1) { line += 1 }
                lineStart = position + 1
                // A blank line ends userInfo keys pasted on their own.
                if open.last?.isFragment == true, isBlankLine(at: position + 1) { open.removeAll { $0.isFragment } }
                // An NSError printed without UserInfo ends with its line.
                while let last = open.last, last.userInfoDepth == nil { open.removeLast() }
                position += 1
                // Context more than three lines from the codes it would describe describes none of them.
                if context.line >= 0, line - context.line > 3 { closeContext() }
            default:
                if !readToken() { position += 1 }
            }
        }
        closeContext()
        finishFragments()
    }

    /// Whether an NSError description (not just pasted userInfo keys) is being read.
    var insideError: Bool { open.contains { !$0.isFragment } }

    func isStackFrameLine(at start: Int) -> Bool {
        var cursor = start
        while cursor < bytes.count, cursor - start < 64, bytes[cursor] == UInt8(ascii: " ") || bytes[cursor] == 0x09 {
            cursor += 1
        }
        return cursor > start && (matches("at ", at: cursor) || matches("--- End of", at: cursor))
    }

    func isBlankLine(at start: Int) -> Bool {
        var cursor = start
        while cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") || bytes[cursor] == UInt8(ascii: "\r") {
            cursor += 1
        }
        return cursor == bytes.count || bytes[cursor] == UInt8(ascii: "\n")
    }

    // MARK: userInfo pasted without its error

    /// Opens an error for userInfo keys read with no `Error Domain=` before them.
    mutating func openFragment() -> Int? {
        guard findings.count < PastedErrorScanner.maximumFindings else { return nil }
        if !context.isEmpty || !context.findings.isEmpty { closeContext() }
        var error = PastedError(form: .userInfo, domain: MSALUserInfoKeyNames.msalDomain, code: -50000)
        error.correlationID = headerCorrelationID()
        findings.append(error)
        lastOutermost = findings.count - 1
        lastFindingLine = line
        open.append(
            OpenError(finding: findings.count - 1, isFragment: true, userInfoDepth: braceDepth, startDepth: braceDepth))
        return findings.count - 1
    }

    /// What pasted userInfo keys say once read: MSALErrorDomain -50000 when `MSALInternalErrorCodeKey` is there (only
    /// -50000 carries it); otherwise their AADSTS and AADB2C codes as plain codes, with the OAuth error, status and
    /// correlation id beside them; nothing when they hold neither.
    mutating func finishFragments() {
        guard findings.contains(where: { $0.form == .userInfo }) else { return }
        findings = findings.flatMap { finding -> [PastedError] in
            guard finding.form == .userInfo, finding.subcode == nil else { return [finding] }
            let codes =
                finding.stsErrorCodes.map { (MSALUserInfoKeyNames.stsDomain, $0) }
                + finding.b2cErrorCodes.map { (MSALUserInfoKeyNames.b2cDomain, $0) }
            return codes.map { domain, code in
                var plain = finding
                plain.form = .plainCode
                plain.domain = domain
                plain.code = code
                plain.stsErrorCodes = []
                plain.b2cErrorCodes = []
                return plain
            }
        }
    }

    // MARK: Context around plain codes

    /// Ends the current context: an HTTP status no plain code took becomes a finding of its own.
    mutating func closeContext() {
        if context.findings.isEmpty, let status = context.httpStatus {
            var error = PastedError(form: .plainCode, domain: "HTTP", code: status)
            error.retryAfterSeconds = context.retryAfterSeconds
            error.oauthError = context.oauthError
            error.oauthSuberror = context.oauthSuberror
            error.correlationID = context.correlationID
            context = Context()
            append(error)
        }
        context = Context()
    }

    /// Records a value read outside an error and gives it to the plain codes of the current context.
    mutating func note(_ update: (inout Context) -> Void) {
        if context.line >= 0, line - context.line > 3 { closeContext() }
        let before = context
        update(&context)
        // `MSAL 4.24.0.0 MSAL.NetCore … [12/24/2020 12:11:13 - <correlation id>] Exception type: …`.
        if context.correlationID == nil { context.correlationID = headerCorrelationID() }
        context.line = line
        // Each value is set once per context, so its codes are visited at most five times (a 50 MB line repeating
        // `AADSTS1 Correlation ID: …` stays linear).
        guard !context.hasSameValues(as: before) else { return }
        for index in context.findings { apply(context, to: index) }
    }

    mutating func apply(_ context: Context, to index: Int) {
        if findings[index].httpStatus == nil { findings[index].httpStatus = context.httpStatus }
        if findings[index].retryAfterSeconds == nil { findings[index].retryAfterSeconds = context.retryAfterSeconds }
        if findings[index].oauthError == nil { findings[index].oauthError = context.oauthError }
        if findings[index].oauthSuberror == nil { findings[index].oauthSuberror = context.oauthSuberror }
        if findings[index].correlationID == nil { findings[index].correlationID = context.correlationID }
    }

    // MARK: Tokens

    /// Reads a token at `position`; false when none starts there.
    mutating func readToken() -> Bool {
        let byte = bytes[position]
        switch byte {
        case UInt8(ascii: "E") where matches("Error Domain="): return readNSError()
        case UInt8(ascii: "d") where matches("domain: "): return readDebuggerSummary()
        case UInt8(ascii: "c") where matches("code: "): return readUnsignedCode()
        case UInt8(ascii: "?"), UInt8(ascii: "&"), UInt8(ascii: "#"):
            return matches("error=", at: position + 1) ? readURLOAuthError() : false
        case UInt8(ascii: "C") where matches("CorrelationId"):
            position += "CorrelationId".utf8.count
            while position < bytes.count, bytes[position] == UInt8(ascii: ":") || bytes[position] == UInt8(ascii: "=") {
                position += 1
            }
            if let id = readGUID(skippingSpaces: true) { noteCorrelation(id) }
            return true
        case UInt8(ascii: "U") where matches("UserInfo={"): return readUserInfoStart()
        case UInt8(ascii: "("): return readParenthesised()
        case UInt8(ascii: "A") where matches("AADSTS"): return readPrefixedCode("AADSTS", isB2C: false)
        case UInt8(ascii: "A") where matches("AADB2C"): return readPrefixedCode("AADB2C", isB2C: true)
        case UInt8(ascii: "C")
        where matches("Correlation ID:") || matches("Correlation Id:") || matches("Correlation+ID:"):
            // `Correlation+ID:+…`: B2C descriptions arrive form-encoded.
            position += "Correlation ID:".utf8.count
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") { position += 1 }
            if let id = readGUID(skippingSpaces: true) { noteCorrelation(id) }
            return true
        case UInt8(ascii: "\"") where matches("\"correlation_id\":") || matches("\"correlationId\":"):
            position += (matches("\"correlationId\":") ? "\"correlationId\":" : "\"correlation_id\":").utf8.count
            if let id = guid(in: position..<min(bytes.count, position + 48)) { noteCorrelation(id) }
            return true
        case UInt8(ascii: "\"") where matches("\"error\":") || matches("\"suberror\":"):
            return readJSONOAuthError()
        case UInt8(ascii: "E") where matches("ErrorCode: "):
            return readExceptionErrorCode()
        case UInt8(ascii: "e") where matches("errorCode:") || matches("errorCode ="):
            return readErrorCodeField()
        case UInt8(ascii: "e") where matches("error: "):
            return readCodeThenDomain()
        case UInt8(ascii: "e") where matches("error code ") && !matches("error code: "):
            return readAADErrorLogLine()
        case UInt8(ascii: "e") where matches("error ") && position > 0 && bytes[position - 1] == UInt8(ascii: " "):
            return readBareDomainError()
        case UInt8(ascii: "S"), UInt8(ascii: "s"), UInt8(ascii: "H"):
            return readHTTPStatus()
        case UInt8(ascii: "M"), UInt8(ascii: "\""), UInt8(ascii: "R"), UInt8(ascii: "r"):
            return readUserInfoKey()
        default: return false
        }
    }

    /// A correlation id in text: the open error's, else the plain codes' around it, else the last error's.
    mutating func noteCorrelation(_ id: String) {
        if let target = currentTarget(allowingLast: false) {
            if findings[target].correlationID == nil { findings[target].correlationID = id }
        } else if !context.findings.isEmpty || context.line >= 0 {
            note { $0.correlationID = $0.correlationID ?? id }
        } else if let last = findings.indices.last, line - lastFindingLine <= 3 {
            if findings[last].correlationID == nil { findings[last].correlationID = id }
        } else {
            note { $0.correlationID = $0.correlationID ?? id }
        }
    }

    /// Xcode's variables view and `po` of a Swift `Error`: `domain: "MSALErrorDomain" - code: 18446744073709501616`
    /// (LLDB prints the NSInteger as unsigned 64-bit; read back as the signed value, -50000).
    mutating func readDebuggerSummary() -> Bool {
        guard !insideError else { return false }
        var cursor = position + "domain: ".utf8.count
        if matches("@", at: cursor) { cursor += 1 }
        guard matches("\"", at: cursor) else { return false }
        let domainStart = cursor + 1
        cursor = domainStart
        while cursor < bytes.count, isDomainByte(bytes[cursor]), cursor - domainStart < 200 { cursor += 1 }
        guard cursor > domainStart, matches("\"", at: cursor) else { return false }
        let domain = string(domainStart..<cursor)
        cursor += 1
        guard matches(" - code: ", at: cursor), let (code, end) = readInteger(at: cursor + " - code: ".utf8.count)
        else { return false }
        position = end
        append(PastedError(form: .debuggerSummary, domain: canonicalDomain(domain), code: code))
        return true
    }

    /// `code: 18446744073709501616` on its own, as Xcode's variables view shows an MSAL error's code: a value from 2^63
    /// up is a negative NSInteger read as unsigned; smaller values say too little to be an error.
    mutating func readUnsignedCode() -> Bool {
        guard !insideError, position == 0 || !isDomainByte(bytes[position - 1]) else { return false }
        let start = position + "code: ".utf8.count
        guard let (code, end) = readInteger(at: start), code < 0, !matches("-", at: start),
            end == bytes.count || !isDomainByte(bytes[end])
        else { return false }
        position = end
        append(PastedError(form: .errorCodeField, domain: MSALUserInfoKeyNames.msalDomain, code: code))
        return true
    }

    /// `?error=access_denied&error_description=…` in a redirect URL: the OAuth error of the codes beside it.
    mutating func readURLOAuthError() -> Bool {
        guard let (word, end) = oauthWord(at: position + "?error=".utf8.count) else { return false }
        position = end
        if let target = currentTarget(allowingLast: false) {
            if findings[target].oauthError == nil { findings[target].oauthError = word }
        } else {
            note { $0.oauthError = $0.oauthError ?? word }
        }
        return true
    }

    /// `"error":"invalid_grant"` and `"suberror":"basic_action"` in an STS JSON body: the OAuth error and suberror
    /// of the AADSTS codes beside it.
    mutating func readJSONOAuthError() -> Bool {
        guard currentTarget(allowingLast: false) == nil else { return false }
        let isSuberror = matches("\"suberror\":")
        var cursor = position + (isSuberror ? "\"suberror\":" : "\"error\":").utf8.count
        while cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") { cursor += 1 }
        guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "\""), let (word, end) = oauthWord(at: cursor + 1)
        else { return false }
        position = end
        if isSuberror {
            note { $0.oauthSuberror = $0.oauthSuberror ?? word }
        } else {
            note { $0.oauthError = $0.oauthError ?? word }
        }
        return true
    }

    /// MSAL.NET's `ErrorCode: invalid_grant` line: the OAuth error of the AADSTS codes after it.
    mutating func readExceptionErrorCode() -> Bool {
        guard currentTarget(allowingLast: false) == nil, let (word, end) = oauthWord(at: position + 11) else {
            return false
        }
        position = end
        note { $0.oauthError = $0.oauthError ?? word }
        return true
    }

    /// An OAuth error code at `start` (`invalid_grant`, `interaction_required`): lower-case letters and `_`, with at
    /// least one `_`; the word and where it ends.
    func oauthWord(at start: Int) -> (String, Int)? {
        var cursor = start
        while cursor < bytes.count, cursor - start < 64,
            (0x61...0x7A).contains(bytes[cursor]) || bytes[cursor] == UInt8(ascii: "_")
        {
            cursor += 1
        }
        let word = string(start..<cursor)
        guard cursor - start >= 5, word.contains("_"), cursor == bytes.count || !isDomainByte(bytes[cursor])
        else { return nil }
        return (word, cursor)
    }

    /// `StatusCode: 429`, `status: 400`, `Status code: 503`, `HTTP/1.1 429`: an HTTP failure status, outside an error.
    mutating func readHTTPStatus() -> Bool {
        guard currentTarget(allowingLast: false) == nil else { return false }
        var cursor = position
        if matches("HTTP/1.1 ") || matches("HTTP/1.0 ") {
            cursor += 9
        } else if matches("HTTP/2 ") {
            cursor += 7
        } else {
            guard position == 0 || !isDomainByte(bytes[position - 1]) else { return false }
            var matched = false
            for word in ["statuscode", "status code", "status"] where matchesIgnoringCase(word, at: cursor) {
                cursor += word.utf8.count
                matched = true
                break
            }
            guard matched else { return false }
            while cursor < bytes.count, bytes[cursor] == UInt8(ascii: "\"") || bytes[cursor] == UInt8(ascii: "_") {
                cursor += 1
            }
            // `HTTP StatusCode 400`: MSAL.NET's log writes the status after a space.
            let spaced = matchesIgnoringCase("statuscode ", at: position) && matches(" ", at: cursor)
            guard cursor < bytes.count,
                bytes[cursor] == UInt8(ascii: ":") || bytes[cursor] == UInt8(ascii: "=") || spaced
            else { return false }
            cursor += 1
            while cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") { cursor += 1 }
        }
        guard let (status, end) = readInteger(at: cursor), (400...599).contains(status), end - cursor == 3 else {
            return false
        }
        position = end
        note { $0.httpStatus = $0.httpStatus ?? status }
        return true
    }

    /// MSAL's AAD error log line: `Processing an AAD error with error code -51412, error invalid_grant, suberror
    /// (null)`: an MSID OAuth error with its OAuth error and suberror.
    mutating func readAADErrorLogLine() -> Bool {
        guard !insideError, let (code, end) = readInteger(at: position + "error code ".utf8.count), code < 0,
            matches(", error ", at: end)
        else { return false }
        var error = PastedError(form: .logLine, domain: "MSIDOAuthErrorDomain", code: code)
        var cursor = end + ", error ".utf8.count
        if let (word, wordEnd) = plainWord(at: cursor) {
            error.oauthError = word
            cursor = wordEnd
        }
        if matches(", suberror ", at: cursor), let (word, wordEnd) = plainWord(at: cursor + ", suberror ".utf8.count) {
            error.oauthSuberror = word
            cursor = wordEnd
        }
        position = cursor
        append(error)
        return true
    }

    /// A word of letters, digits and `_` at `start`, nil for MSAL's `(null)`.
    func plainWord(at start: Int) -> (String, Int)? {
        var cursor = start
        while cursor < bytes.count, cursor - start < 64, isDomainByte(bytes[cursor]), bytes[cursor] != UInt8(ascii: ".")
        {
            cursor += 1
        }
        return cursor > start ? (string(start..<cursor), cursor) : nil
    }

    /// `com.apple.AuthenticationServices.WebAuthenticationSession error 2` without the parentheses of a
    /// localizedDescription: a domain-shaped word, then ` error `, then the code.
    mutating func readBareDomainError() -> Bool {
        guard !insideError else { return false }
        var start = position - 1
        while start > 0, position - start < 200, isDomainByte(bytes[start - 1]) { start -= 1 }
        guard start < position - 1 else { return false }
        let domain = string(start..<(position - 1))
        guard domain.hasPrefix("com.apple.") || domain.hasSuffix("ErrorDomain") || domain == "OSStatus" else {
            return false
        }
        let codeStart = position + "error ".utf8.count
        guard let (code, end) = readInteger(at: codeStart), end == bytes.count || !isDomainByte(bytes[end]) else {
            return false
        }
        position = end
        append(PastedError(form: .localizedDescription, domain: canonicalDomain(domain), code: code))
        return true
    }

    func matchesIgnoringCase(_ literal: String, at start: Int) -> Bool {
        let utf8 = literal.utf8
        guard start + utf8.count <= bytes.count else { return false }
        var index = start
        for byte in utf8 {
            let actual = bytes[index]
            if (actual >= 0x41 && actual <= 0x5A ? actual | 0x20 : actual) != byte { return false }
            index += 1
        }
        return true
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
        // A new error outside the braces of pasted userInfo keys ends them (one inside is their underlying error).
        if let first = open.first, first.isFragment, braceDepth <= (first.userInfoDepth ?? 0) { open.removeAll() }
        // Pasted userInfo keys may be dropped when finished (see `finishFragments`): an error under them is outermost.
        let depth = open.count { !$0.isFragment }
        position = end
        guard depth < PastedErrorScanner.maximumNestingDepth, findings.count < PastedErrorScanner.maximumFindings
        else { return true }
        if depth == 0, !context.isEmpty || !context.findings.isEmpty { closeContext() }
        var error = PastedError(form: .nsErrorDescription, domain: canonicalDomain(domain), code: code, depth: depth)
        if depth == 0 { error.correlationID = headerCorrelationID() }
        findings.append(error)
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
        guard !insideError else { return false }
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
        guard !insideError else { return false }
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
        let quoteAt = position + "error: ".utf8.count
        if quoteAt < bytes.count, bytes[quoteAt] == UInt8(ascii: "'"), currentTarget(allowingLast: false) == nil {
            // `Message contains error: 'redirect_uri_mismatch', error_description: 'AADB2C90006: …'` (ASP.NET).
            guard let (word, end) = oauthWord(at: quoteAt + 1), matches("'", at: end) else { return false }
            position = end + 1
            note { $0.oauthError = $0.oauthError ?? word }
            return true
        }
        guard !insideError, let (code, end) = readInteger(at: position + "error: ".utf8.count),
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
        let codeStart = position
        position = end
        if let target = currentTarget(allowingLast: false) {
            add(code, isB2C: isB2C, to: target)
        } else if !isB2C, let last = findings.indices.last, findings[last].stsErrorCodes.contains(code) {
            // Already counted (a repeated description).
        } else if let last = context.findings.last, findings[last].domain == (isB2C ? "AADB2C" : "AADSTS"),
            findings[last].code == code
        {
            // The same code again in the same body (`error_description` and a message quoting it).
        } else {
            var error = PastedError(form: .plainCode, domain: isB2C ? "AADB2C" : "AADSTS", code: code)
            // `invalid_request: AADSTS90027: …`: MSAL.js, MSAL Python and web stacks print the OAuth error first.
            error.oauthError = oauthErrorBefore(codeStart)
            appendPlainCode(error)
        }
        return true
    }

    /// The OAuth error written just before a code: `invalid_grant: `, `invalid_grant ` (MSAL Android's message) or
    /// `invalid_resource;` (a Flutter binding's) ending at `end`.
    func oauthErrorBefore(_ end: Int) -> String? {
        guard end >= 2 else { return nil }
        var wordEnd = end - 1
        if bytes[wordEnd] == UInt8(ascii: " ") {
            if bytes[wordEnd - 1] == UInt8(ascii: ":") || bytes[wordEnd - 1] == UInt8(ascii: ";") { wordEnd -= 1 }
        } else if bytes[wordEnd] != UInt8(ascii: ";") {
            return nil
        }
        let separatorLength = end - wordEnd
        var start = wordEnd
        while start > 0, end - start < 64,
            (0x61...0x7A).contains(bytes[start - 1]) || bytes[start - 1] == UInt8(ascii: "_")
        {
            start -= 1
        }
        guard start < wordEnd, let (word, found) = oauthWord(at: start), found == end - separatorLength else {
            return nil
        }
        return word
    }

    /// A plain AADSTS or AADB2C code read outside an error: it takes the context around it (status, OAuth error,
    /// correlation id, Retry-After).
    mutating func appendPlainCode(_ error: PastedError) {
        guard findings.count < PastedErrorScanner.maximumFindings else { return }
        if context.line >= 0, line - context.line > 3 { closeContext() }
        findings.append(error)
        lastOutermost = findings.count - 1
        lastFindingLine = line
        context.findings.append(findings.count - 1)
        context.line = line
        apply(context, to: findings.count - 1)
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
        "MSALErrorDescriptionKey", "MSALInternalErrorCodeKey", "MSALOAuthErrorKey", "MSALOAuthSubErrorKey",
        "MSALSTSErrorCodesKey",
        "MSALHTTPResponseCodeKey", "MSALCorrelationIDKey", "MSIDCorrelationIdKey", "Retry-After", "retry-after",
    ]

    /// `Key=Value` (or `Key = Value;`, or `"Key" = Value;`) for one of ``keys``, inside an error's userInfo or the
    /// `=> { … }` block after it.
    mutating func readUserInfoKey() -> Bool {
        var target = currentTarget()
        var cursor = position
        let quoted = bytes[cursor] == UInt8(ascii: "\"")
        if quoted { cursor += 1 }
        guard let key = Self.keys.first(where: { matches($0, at: cursor) }) else { return false }
        // Outside an error a `Retry-After` header means something (an HTTP response pasted beside its status), and
        // MSAL's keys start an error of their own: pastes often begin in the middle of the userInfo.
        let isMSALKey = key.hasPrefix("MSAL")
        guard target != nil || key.lowercased() == "retry-after" || isMSALKey else { return false }
        cursor += key.utf8.count
        if quoted {
            guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "\"") else { return false }
            cursor += 1
        }
        while cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") { cursor += 1 }
        guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "=") || bytes[cursor] == UInt8(ascii: ":")
        else { return false }
        cursor += 1
        if target == nil, isMSALKey {
            guard let fragment = openFragment() else { return false }
            target = fragment
        }
        if key == "MSALErrorDescriptionKey" {
            // The description is read as text: its AADSTS codes and `Correlation ID:` line belong to this error.
            position = cursor
            return true
        }
        guard let target else {
            // A header line's value is the number alone; the text after it may hold the codes it describes.
            while cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") || bytes[cursor] == UInt8(ascii: "\"") {
                cursor += 1
            }
            guard let (seconds, end) = readInteger(at: cursor), seconds >= 0 else { return false }
            position = end
            note { $0.retryAfterSeconds = $0.retryAfterSeconds ?? seconds }
            return true
        }
        let valueStart = cursor
        let valueEnd = endOfValue(from: valueStart)
        position = valueEnd
        let value = string(valueStart..<valueEnd)
        let trimmed = value.trimmingCharacters(in: CharacterSet(charactersIn: " \t\r\n\";"))
        switch key {
        case "MSALInternalErrorCodeKey": findings[target].subcode = ErrorCatalog.nsInteger(trimmed)
        case "MSALOAuthErrorKey": findings[target].oauthError = word(trimmed)
        case "MSALOAuthSubErrorKey": findings[target].oauthSuberror = word(trimmed)
        case "MSALHTTPResponseCodeKey": findings[target].httpStatus = Int(trimmed)
        case "MSALCorrelationIDKey", "MSIDCorrelationIdKey":
            findings[target].correlationID = guid(in: valueStart..<valueEnd)
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
        if !context.isEmpty || !context.findings.isEmpty { closeContext() }
        guard findings.count < PastedErrorScanner.maximumFindings else { return }
        var error = error
        if error.correlationID == nil { error.correlationID = headerCorrelationID() }
        findings.append(error)
        lastOutermost = findings.count - 1
        lastFindingLine = line
    }

    /// The correlation id in the MSAL log header of the current line, before `position`:
    /// `TID=… MSAL 1.2.5 iOS 18.4 [2025-04-16 08:51:07 - 6FB5FEB1-…] …`.
    func headerCorrelationID() -> String? {
        // The header is near the line's start, after prefixes such as `[MSAL] ` or an NSLog header.
        let end = min(position, lineStart + 512)
        var cursor = lineStart + 1
        while cursor + 40 <= end {
            if bytes[cursor] == UInt8(ascii: "-"), bytes[cursor - 1] == UInt8(ascii: " "),
                bytes[cursor + 1] == UInt8(ascii: " "), bytes[cursor + 38] == UInt8(ascii: "]"),
                let id = guid(in: (cursor + 2)..<(cursor + 38))
            {
                return id
            }
            cursor += 1
        }
        return nil
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
        // 20 digits: an NSInteger printed as unsigned 64-bit (18446744073709501616 for -50000) is read back as the
        // signed value.
        while cursor < bytes.count, isDigit(bytes[cursor]), cursor - digitsStart < 20 { cursor += 1 }
        guard cursor > digitsStart, let value = ErrorCatalog.nsInteger(string(start..<cursor)) else { return nil }
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
    static let stsDomain = "AADSTS"
    static let b2cDomain = "AADB2C"
}

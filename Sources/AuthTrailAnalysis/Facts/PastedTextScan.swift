import AuthTrail
import Foundation

/// One pass of `PastedErrorScanner` over a paste's bytes: the findings so far, the NSErrors still open and what the
/// text around plain codes said about them.
struct PastedTextScan {
    let bytes: [UInt8]
    var findings: [PastedError] = []
    /// Errors read past ``PastedErrorScanner/maximumFindings``: counted, not kept.
    var omitted = 0
    /// Codes looked at as possible mentions (each looks at a few hundred bytes around it): bounded, so a paste of
    /// nothing but numbers stays linear.
    var mentionLooks = 0
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
        dropRepeatedMentions()
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
        guard findings.count < PastedErrorScanner.maximumFindings else {
            omitted += 1
            return nil
        }
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
}

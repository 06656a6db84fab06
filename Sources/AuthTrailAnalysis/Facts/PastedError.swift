/// One error found in text pasted from a ticket: an NSError description, an MSAL log line, a localizedDescription,
/// a binding's `errorCode:` field or a plain code.
package struct PastedError: Sendable, Hashable {
    /// The form the error was written in.
    package enum Form: String, Sendable, Hashable {
        /// `Error Domain=D Code=C "text" UserInfo={…}`.
        case nsErrorDescription
        /// MSAL's log phrasing `(MSALErrorDomain, -50002)`.
        case logLine
        /// `The operation couldn’t be completed. (MSALErrorDomain error -50005.)`.
        case localizedDescription
        /// A binding's `errorCode:` field.
        case errorCodeField
        /// Xcode's variables view or LLDB: `domain: "MSALErrorDomain" - code: 18446744073709501616`.
        case debuggerSummary
        /// userInfo keys pasted without the `Error Domain=… Code=…` before them: `MSALErrorDescriptionKey=…,
        /// MSALInternalErrorCodeKey=-42104}`; read as MSALErrorDomain -50000, the only code that carries a sub-code.
        case userInfo
        /// A code on its own: `-50002`, `AADSTS50076`, `AADB2C90118`, `429`.
        case plainCode
        /// A code described in prose, a list, a title or a log line rather than pasted in one of the forms above:
        /// `MSALErrorDomain code -50005`, `- Code: -50000`, `Keychain find status: -34018`, `Error 530001:`.
        case mention
    }

    /// How sure the reading is.
    package enum Confidence: String, Sendable, Hashable {
        /// A form MSAL, Foundation or the STS prints, read as printed.
        case exact
        /// A code next to a domain named in the text (a misspelt one read as the nearest real domain).
        case namedDomain
        /// A code next to an error word, with no domain named: the domain is the catalog's for that code.
        case inferred
    }

    package var form: Form
    /// The NSError domain, or `AADSTS`, `AADB2C`, `HTTP` for a plain code of those kinds.
    package var domain: String
    package var code: Int
    /// 0 for an outermost error, 1 for its `NSUnderlyingError`, and so on.
    package var depth: Int = 0
    /// `MSALInternalErrorCodeKey`.
    package var subcode: Int?
    /// `MSALOAuthErrorKey` and `MSALOAuthSubErrorKey`.
    package var oauthError: String?
    package var oauthSuberror: String?
    /// AADSTS codes from `MSALSTSErrorCodesKey` and from the error's text, in order of appearance, without repeats.
    package var stsErrorCodes: [Int] = []
    /// AADB2C codes from the error's text.
    package var b2cErrorCodes: [Int] = []
    /// `MSALHTTPResponseCodeKey`.
    package var httpStatus: Int?
    /// `Retry-After` from `MSALHTTPHeadersKey`, in seconds.
    package var retryAfterSeconds: Int?
    /// `MSALCorrelationIDKey` or a `Correlation ID:` line.
    package var correlationID: String?
    /// `MSALErrorDescriptionKey` as pasted (shown only redacted).
    package var errorDescription: String?
    package var confidence: Confidence = .exact
    /// The domain as the text spelt it, when it was read as another (`MSALErorDomain` read as `MSALErrorDomain`).
    package var domainAsWritten: String?

    package init(form: Form, domain: String, code: Int, depth: Int = 0) {
        self.form = form
        self.domain = domain
        self.code = code
        self.depth = depth
    }
}

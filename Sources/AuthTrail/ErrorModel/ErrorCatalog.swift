/// Names, meanings, categories and recommended actions for the codes token acquisition meets, in one place.
///
/// Values come from MSAL's public headers, Apple's Foundation and Security headers, Microsoft's AADSTS reference and
/// RFC 9110 (see `Tests/Reference/msal-error-model.md`); a test checks every value there against this table.
/// The tables themselves are in `ErrorCatalog+MSAL.swift`, `ErrorCatalog+System.swift` and `ErrorCatalog+STS.swift`.
public enum ErrorCatalog {
    /// One known code.
    public struct Entry: Sendable, Hashable {
        /// The NSError domain, or a pseudo-domain (`MSALInternalError`, `AADSTS`, `HTTP`).
        public var domain: String
        public var code: Int
        /// The Swift name, for example `interactionRequired`, `internalErrorInvalidRedirectURI`,
        /// `notConnectedToInternet`.
        public var name: String
        /// One line saying what happened.
        public var meaning: String
        public var category: ErrorCategory
        /// What the app should do when this code is the whole story.
        public var action: RecommendedAction
    }

    /// Pseudo-domain for MSAL's internal sub-codes (`MSALInternalErrorCodeKey`).
    public static let internalDomain = "MSALInternalError"
    /// Pseudo-domain for Microsoft Entra's AADSTS codes (`MSALSTSErrorCodesKey`).
    public static let stsDomain = "AADSTS"
    /// Pseudo-domain for HTTP status codes (`MSALHTTPResponseCodeKey`).
    public static let httpDomain = "HTTP"
    public static let urlDomain = "NSURLErrorDomain"
    public static let osStatusDomain = "NSOSStatusErrorDomain"

    /// The entry for `code` in `domain`, if the catalog knows it. Any HTTP 5xx without its own entry gets the
    /// generic server-error entry.
    public static func entry(domain: String, code: Int) -> Entry? {
        if let entry = index[Key(domain: domain, code: code)] { return entry }
        if domain == httpDomain, (500...599).contains(code) {
            return Entry(
                domain: httpDomain, code: code, name: "serverError", meaning: "the server failed (HTTP \(code))",
                category: .serverFailure, action: .retryWithBackoff)
        }
        return nil
    }

    /// Every entry, in table order.
    public static var allEntries: [Entry] { entries }

    private struct Key: Hashable {
        var domain: String
        var code: Int
    }

    private static let entries: [Entry] =
        msalErrors + internalErrors + urlErrors + osStatusErrors + stsErrors + httpStatuses
        + msidErrors

    private static let index: [Key: Entry] = Dictionary(
        entries.map { (Key(domain: $0.domain, code: $0.code), $0) }, uniquingKeysWith: { first, _ in first })

    static let msal = MSALUserInfoKey.msalErrorDomain

    /// Fills in code names and the recommended action.
    static func annotate(_ details: inout FailureDetails) {
        if details.codeName == nil { details.codeName = entry(domain: details.domain, code: details.code)?.name }
        if let subcode = details.subcode, details.subcodeName == nil {
            details.subcodeName = entry(domain: internalDomain, code: subcode)?.name
        }
        details.action = recommendedAction(for: details)
    }

    /// The action for a classified failure, following Microsoft's MSAL error-handling guidance: the article's
    /// top-level MSAL cases first, then throttling and server failures (which MSAL reports as internal -42007), then
    /// a claims challenge, then the code's own entry, then the first AADSTS code the catalog knows.
    static func recommendedAction(for details: FailureDetails) -> RecommendedAction {
        if details.domain == msal {
            switch MSALErrorCode(rawValue: details.code) {
            case .interactionRequired: return details.claimsChallenge ? .interactiveWithClaims : .acquireInteractively
            case .serverDeclinedScopes: return .continueWithGrantedScopes
            case .serverProtectionPoliciesRequired: return .remediateCompliance
            case .userCanceled: return .userCancelled
            default: break
            }
        }
        let serverFailed = details.httpStatus.map { (500...599).contains($0) } ?? false
        if details.httpStatus == 429 { return .retryAfter }
        if details.retryAfterSeconds != nil, details.httpStatus == nil || serverFailed { return .retryAfter }
        if serverFailed { return .retryWithBackoff }
        if details.claimsChallenge { return .interactiveWithClaims }
        if details.domain != msal || details.code != MSALErrorCode.internal.rawValue,
            let entry = entry(domain: details.domain, code: details.code)
        {
            return entry.action
        }
        for code in details.stsErrorCodes {
            if let entry = entry(domain: stsDomain, code: code) { return entry.action }
        }
        // MSAL's internal errors and codes from newer MSAL versions: generic message, log the sub-code.
        if details.domain == msal { return .showGenericMessage }
        // Unknown domains (an app's own Swift errors, other frameworks): nothing says a retry would help.
        return .doNotRetry
    }

    static func entry(
        _ domain: String, _ code: Int, _ name: String, _ category: ErrorCategory, _ action: RecommendedAction,
        _ meaning: String
    ) -> Entry {
        Entry(domain: domain, code: code, name: name, meaning: meaning, category: category, action: action)
    }
}

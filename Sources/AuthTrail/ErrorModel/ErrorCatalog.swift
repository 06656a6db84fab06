/// Names, meanings and recommended actions for the codes token acquisition meets, in one place.
///
/// Values come from MSAL's public headers, Apple's Foundation headers and Microsoft's AADSTS reference (see
/// `../shared/reference/msal-error-model.md`); a test checks every value there against this table.
public enum ErrorCatalog {
    /// One known code.
    public struct Entry: Sendable, Hashable {
        public var domain: String
        public var code: Int
        public var name: String
        public var meaning: String
        public var action: RecommendedAction
    }

    /// Pseudo-domains for codes that are not NSError domains.
    public static let internalDomain = "MSALInternalError"
    public static let stsDomain = "AADSTS"
    public static let httpDomain = "HTTP"
    public static let urlDomain = "NSURLErrorDomain"

    /// The entry for `code` in `domain`, if the catalog knows it.
    public static func entry(domain: String, code: Int) -> Entry? { index[Key(domain: domain, code: code)] }

    /// Every entry.
    public static var allEntries: [Entry] { entries }

    private struct Key: Hashable {
        var domain: String
        var code: Int
    }

    private static let index: [Key: Entry] = Dictionary(
        entries.map { (Key(domain: $0.domain, code: $0.code), $0) }, uniquingKeysWith: { first, _ in first })

    private static let entries: [Entry] = msalErrors + urlErrors

    private static func entry(
        _ domain: String, _ code: Int, _ name: String, _ action: RecommendedAction, _ meaning: String
    ) -> Entry {
        Entry(domain: domain, code: code, name: name, meaning: meaning, action: action)
    }

    private static let msal = MSALUserInfoKey.msalErrorDomain
    private static let msalErrors: [Entry] = [
        entry(msal, -50000, "internal", .showGenericMessage, "unrecoverable; read the internal sub-code for the detail"),
        entry(msal, -50001, "workplaceJoinRequired", .doNotRetry, "the device must be registered (workplace join)"),
        entry(msal, -50002, "interactionRequired", .acquireInteractively, "the silent call failed; retry the same request interactively"),
        entry(msal, -50003, "serverDeclinedScopes", .continueWithGrantedScopes, "some scopes were not granted"),
        entry(msal, -50004, "serverProtectionPoliciesRequired", .remediateCompliance, "Intune app protection (MAM) is required"),
        entry(msal, -50005, "userCanceled", .userCancelled, "the user closed the web or broker UI"),
        entry(msal, -50006, "serverError", .retryWithBackoff, "the STS returned error=server_error"),
        entry(msal, -50007, "insufficientDeviceStrength", .acquireInteractively, "the device registration must be upgraded"),
        entry(msal, -50008, "mdmEnrollmentCompletedNeedsRetry", .retryWithBackoff, "MDM enrollment has finished; repeat the request"),
        entry(msal, -50142, "serverInvalidRequestResetPasswordRequired", .acquireInteractively, "a password reset is required"),
    ]

    private static let urlErrors: [Entry] = [
        entry(urlDomain, -999, "cancelled", .userCancelled, "the request was cancelled"),
        entry(urlDomain, -1001, "timedOut", .retryWithBackoff, "the request timed out"),
        entry(urlDomain, -1003, "cannotFindHost", .retryWithBackoff, "the host name could not be resolved"),
        entry(urlDomain, -1004, "cannotConnectToHost", .retryWithBackoff, "the host refused or did not answer the connection"),
        entry(urlDomain, -1005, "networkConnectionLost", .waitForConnectivity, "the connection was lost mid-request"),
        entry(urlDomain, -1009, "notConnectedToInternet", .waitForConnectivity, "the device is offline"),
    ]

    /// Fills in code names and the recommended action.
    static func annotate(_ details: inout FailureDetails) {
        if details.codeName == nil { details.codeName = entry(domain: details.domain, code: details.code)?.name }
        if let subcode = details.subcode, details.subcodeName == nil {
            details.subcodeName = entry(domain: internalDomain, code: subcode)?.name
        }
        details.action = recommendedAction(for: details)
    }

    /// The action for a classified failure, following Microsoft's MSAL error-handling guidance.
    static func recommendedAction(for details: FailureDetails) -> RecommendedAction {
        if details.domain == msal {
            switch details.code {
            case -50002: return details.claimsChallenge ? .interactiveWithClaims : .acquireInteractively
            case -50003: return .continueWithGrantedScopes
            case -50004: return .remediateCompliance
            case -50005: return .userCancelled
            default: break
            }
        }
        if details.httpStatus == 429 || (details.retryAfterSeconds != nil && details.httpStatus.map { $0 >= 500 } ?? true) {
            return .retryAfter
        }
        if let status = details.httpStatus, (500...599).contains(status) { return .retryWithBackoff }
        if details.claimsChallenge { return .interactiveWithClaims }
        if let entry = entry(domain: details.domain, code: details.code), details.domain != msal || details.code != -50000 {
            return entry.action
        }
        for code in details.stsErrorCodes {
            if let entry = entry(domain: stsDomain, code: code) { return entry.action }
        }
        if details.domain == msal { return .showGenericMessage }
        return .doNotRetry
    }
}

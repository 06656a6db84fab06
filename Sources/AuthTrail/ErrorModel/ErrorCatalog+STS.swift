// Microsoft Entra AADSTS codes (the table itself is in ErrorCatalog+STSTable.swift) and the HTTP statuses MSAL surfaces
// as internal -42007/-42009 (RFC 9110, RFC 6585).

extension ErrorCatalog {
    /// One AADSTS code and whether its name is Microsoft's (or, where Microsoft's table gives none, our label).
    struct STSRow: Sendable {
        var entry: Entry
        var namedByMicrosoft: Bool
    }

    /// How a family of STS codes is handled: the category and action their entries share.
    enum STSHandling {
        /// The user must sign in again or complete a step (MFA, consent, password change).
        case interactive
        /// The user typed something wrong; they try again interactively.
        case credentials
        /// The app registration, tenant or request is set up wrongly.
        case config
        /// The account cannot be used here (disabled, locked, not in the tenant, blocked).
        case account
        /// A conditional-access or tenant policy blocks the request.
        case policy
        /// A device-compliance policy the user can satisfy interactively (enrolment, remediation).
        case complianceInteractive
        /// The device must be registered or its registration repaired.
        case device
        /// A transient service failure.
        case transient
        /// A service or directory failure an administrator or Microsoft support must look at.
        case serviceFault
        /// The federated (on-premises or external) identity provider failed.
        case federation
        /// Too many requests.
        case throttled
        /// The user declined.
        case cancelled

        var categoryAndAction: (ErrorCategory, RecommendedAction) {
            switch self {
            case .interactive: (.interactionRequired, .acquireInteractively)
            case .credentials: (.credentials, .acquireInteractively)
            case .config: (.configuration, .doNotRetry)
            case .account: (.account, .doNotRetry)
            case .policy: (.compliance, .doNotRetry)
            case .complianceInteractive: (.compliance, .acquireInteractively)
            case .device: (.compliance, .registerDevice)
            case .transient: (.serverFailure, .retryWithBackoff)
            case .serviceFault, .federation: (.serverFailure, .doNotRetry)
            case .throttled: (.throttling, .retryWithBackoff)
            case .cancelled: (.cancellation, .userCancelled)
            }
        }
    }

    static var stsErrors: [Entry] { stsRows.map(\.entry) }

    /// A row whose name is Microsoft's.
    static func named(_ code: Int, _ name: String, _ handling: STSHandling, _ meaning: String) -> STSRow {
        let (category, action) = handling.categoryAndAction
        return STSRow(entry: entry(stsDomain, code, name, category, action, meaning), namedByMicrosoft: true)
    }

    /// A row Microsoft's table gives no name for: `label` is ours.
    static func ours(_ code: Int, _ label: String, _ handling: STSHandling, _ meaning: String) -> STSRow {
        let (category, action) = handling.categoryAndAction
        return STSRow(entry: entry(stsDomain, code, label, category, action, meaning), namedByMicrosoft: false)
    }

    static let httpStatuses: [Entry] = [
        entry(
            httpDomain, 401, "unauthorized", .configuration, .doNotRetry,
            "the request was not authorized (HTTP 401): the client's credentials or the token sent were refused"),
        entry(httpDomain, 403, "forbidden", .serverFailure, .doNotRetry, "the server refused the request (HTTP 403)"),
        entry(httpDomain, 404, "notFound", .configuration, .doNotRetry, "the endpoint was not found (HTTP 404)"),
        entry(
            httpDomain, 429, "tooManyRequests", .throttling, .retryAfter,
            "the STS is throttling; wait for Retry-After before trying again"),
        entry(
            httpDomain, 500, "internalServerError", .serverFailure, .retryWithBackoff,
            "the server failed (HTTP 500; MSAL already retried once)"),
        entry(
            httpDomain, 502, "badGateway", .serverFailure, .retryWithBackoff,
            "a gateway got a bad answer (HTTP 502; MSAL already retried once)"),
        entry(
            httpDomain, 503, "serviceUnavailable", .serverFailure, .retryWithBackoff,
            "the service is unavailable (HTTP 503; MSAL already retried once); honour Retry-After when present"),
        entry(
            httpDomain, 504, "gatewayTimeout", .serverFailure, .retryWithBackoff,
            "a gateway timed out (HTTP 504; MSAL already retried once)"),
    ]
}

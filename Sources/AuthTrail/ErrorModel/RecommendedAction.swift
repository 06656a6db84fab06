/// What an app should do about a failure, following Microsoft's MSAL iOS/macOS error-handling guidance.
public enum RecommendedAction: String, Sendable, Hashable, CaseIterable, Codable {
    /// The silent call cannot succeed; call the interactive API with the same request.
    case acquireInteractively
    /// Some scopes were declined: continue with the granted ones, or stop signing in.
    case continueWithGrantedScopes
    /// Intune app protection is required: remediate compliance through the Intune SDK.
    case remediateCompliance
    /// The user cancelled; asking them to try again is optional.
    case userCancelled
    /// An internal error: show a generic message and log the sub-code. Do not handle it automatically.
    case showGenericMessage
    /// No network: wait for connectivity before trying again.
    case waitForConnectivity
    /// The service is throttling: wait for its Retry-After before trying again.
    case retryAfter
    /// A conditional-access claims challenge: acquire interactively, passing the claims.
    case interactiveWithClaims
    /// A transient failure: retry with exponential backoff and jitter.
    case retryWithBackoff
    /// The device must be registered (workplace join) or its registration upgraded, through the broker
    /// (Microsoft Authenticator or Company Portal), before the request can succeed.
    case registerDevice
    /// What blocked the request has cleared (MDM enrollment finished, the app is back in the foreground): repeat
    /// the same request now.
    case repeatRequest
    /// Retrying cannot help (configuration, policy, blocked account).
    case doNotRetry

    /// One line for people reading a report.
    public var summary: String {
        switch self {
        case .acquireInteractively: "acquire the token interactively"
        case .continueWithGrantedScopes: "continue with the granted scopes, or stop signing in"
        case .remediateCompliance: "remediate compliance through the Intune SDK"
        case .userCancelled: "user cancelled; optionally ask them to try again"
        case .showGenericMessage: "show a generic message and log the internal sub-code"
        case .waitForConnectivity: "wait for network connectivity, then retry"
        case .retryAfter: "wait for the Retry-After interval, then retry"
        case .interactiveWithClaims: "acquire interactively with the claims challenge"
        case .retryWithBackoff: "retry with exponential backoff and jitter"
        case .registerDevice: "register the device or upgrade its registration in the broker, then repeat the request"
        case .repeatRequest: "repeat the same request now"
        case .doNotRetry: "do not retry; fix the configuration or policy"
        }
    }
}

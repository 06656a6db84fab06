/// The family a code belongs to, so a report can group unrelated codes that call for the same kind of fix.
public enum ErrorCategory: String, Sendable, Hashable, CaseIterable, Codable {
    /// The user must sign in interactively (expired session, MFA, consent, password change).
    case interactionRequired
    /// The server granted fewer scopes than requested.
    case declinedScopes
    /// A device or app compliance policy (Intune, MDM, device registration) blocks the request.
    case compliance
    /// The user, or the system on their behalf, cancelled.
    case cancellation
    /// MSAL's internal failures: for debugging, not for runtime recovery.
    case internalError
    /// The app or tenant is configured wrongly (redirect URI, client id, scopes, entitlements).
    case configuration
    /// The device could not reach the service.
    case connectivity
    /// The service asked the client to slow down.
    case throttling
    /// The service failed or answered something unexpected.
    case serverFailure
    /// The account cannot sign in to this resource (disabled, locked, not in the tenant, blocked by policy).
    case account
    /// The authentication broker (Microsoft Authenticator, Company Portal, SSO extension) failed.
    case broker
    /// The keychain refused or could not find an item.
    case keychain
    /// TLS or certificate validation failed.
    case transportSecurity
    /// The user typed wrong credentials.
    case credentials
}

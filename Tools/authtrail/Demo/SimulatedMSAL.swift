import AuthTrail
import Foundation

/// Stands in for `MSALPublicClientApplication` in the demo: each call takes simulated time and returns the next
/// scripted answer, with errors built exactly as MSAL builds them (domain, code, userInfo key strings).
final class SimulatedMSAL: @unchecked Sendable {
    enum Answer {
        case token
        case error(NSError)
    }

    struct Result {
        var correlationID: String
    }

    /// The signed-in account's username, as `MSALAccount.username` gives it.
    let username = "megan.bowen@contoso.com"
    private let clock: ManualTrailClock
    private var script: [Answer] = []

    init(clock: ManualTrailClock) { self.clock = clock }

    /// The answers the next calls will get, in order.
    func expect(_ answers: [Answer]) { script = answers }

    func acquireTokenSilent(scopes: [String]) async throws -> Result {
        try await answer(taking: .milliseconds(180))
    }

    func acquireTokenInteractively(scopes: [String], withClaims: Bool = false) async throws -> Result {
        try await answer(taking: .seconds(7))
    }

    /// Where MSAL's own log lines go (`MSALGlobalConfig.loggerConfig.setLogCallback` in a real app).
    var logCallback: ((_ level: Int, _ message: String, _ containsPII: Bool) -> Void)?

    private func answer(taking duration: Duration) async throws -> Result {
        let next = script.isEmpty ? .token : script.removeFirst()
        var correlationID = UUID().uuidString
        if case .error(let error) = next, let id = error.userInfo[MSALUserInfoKey.correlationID] as? String {
            correlationID = id
        }
        log(level: 3, correlationID: correlationID, "Beginning acquire token flow")
        try await clock.sleep(for: duration)
        switch next {
        case .token:
            log(level: 3, correlationID: correlationID, "Acquire token flow finished successfully")
            return Result(correlationID: correlationID)
        case .error(let error):
            log(
                level: 1, correlationID: correlationID,
                "Acquire token flow finished with error \(error.domain) \(error.code)")
            throw error
        }
    }

    /// A line in MSAL's log format: `TID=… MSAL <version> <OS> [<UTC time> - <correlation id>] [MSAL] <message>`.
    private func log(level: Int, correlationID: String, _ message: String) {
        guard let logCallback else { return }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        logCallback(
            level,
            "TID=4711 (main thread) MSAL 2.14.0 iOS 18.2 [\(formatter.string(from: clock.now())) - \(correlationID)] [MSAL] \(message)",
            false)
    }
}

/// NSErrors shaped like the ones MSAL for iOS/macOS returns for the article's cases.
enum MSALErrors {
    static let domain = MSALUserInfoKey.msalErrorDomain

    static func interactionRequired() -> NSError {
        let underlying = NSError(domain: domain, code: -50000, userInfo: [MSALUserInfoKey.internalErrorCode: -42004])
        return NSError(
            domain: domain, code: -50002,
            userInfo: [
                MSALUserInfoKey.oauthError: "invalid_grant",
                MSALUserInfoKey.oauthSubError: "basic_action",
                MSALUserInfoKey.stsErrorCodes: [50076],
                MSALUserInfoKey.correlationID: UUID().uuidString,
                MSALUserInfoKey.errorDescription:
                    "AADSTS50076: Due to a configuration change made by your administrator, or because you moved to a new location, you must use multi-factor authentication to access 'Microsoft Graph'. Trace ID: 0b1c7c5e-9a3e-4f1a-8a77-4c2ad7c51200 Correlation ID: 5e3a2f0e-7b0c-4a53-9f7a-2d3c1b0a9e11 Timestamp: 2026-11-22 10:15:42Z. User: megan.bowen@contoso.com",
                NSUnderlyingErrorKey: underlying,
            ])
    }

    static func declinedScopes(granted: [String], declined: [String]) -> NSError {
        NSError(
            domain: domain, code: -50003,
            userInfo: [
                MSALUserInfoKey.grantedScopes: granted,
                MSALUserInfoKey.declinedScopes: declined,
                MSALUserInfoKey.correlationID: UUID().uuidString,
                MSALUserInfoKey.errorDescription: "Server returned less scopes than requested",
            ])
    }

    static func notConnectedToInternet() -> NSError {
        NSError(
            domain: NSURLErrorDomain, code: NSURLErrorNotConnectedToInternet,
            userInfo: [
                NSLocalizedDescriptionKey: "The Internet connection appears to be offline."
            ])
    }

    static func throttled(retryAfterSeconds: Int) -> NSError {
        NSError(
            domain: domain, code: -50000,
            userInfo: [
                MSALUserInfoKey.internalErrorCode: -42007,
                MSALUserInfoKey.httpResponseCode: "429",
                MSALUserInfoKey.httpHeaders: [
                    "Retry-After": "\(retryAfterSeconds)", "x-ms-request-id": UUID().uuidString,
                ],
                MSALUserInfoKey.correlationID: UUID().uuidString,
                MSALUserInfoKey.errorDescription: "Unexpected response from the server: HTTP 429 Too Many Requests",
            ])
    }

    static func internalError(subcode: Int, description: String) -> NSError {
        NSError(
            domain: domain, code: -50000,
            userInfo: [
                MSALUserInfoKey.internalErrorCode: subcode,
                MSALUserInfoKey.correlationID: UUID().uuidString,
                MSALUserInfoKey.errorDescription: description,
            ])
    }

    static func userCanceled() -> NSError {
        NSError(
            domain: domain, code: -50005,
            userInfo: [
                MSALUserInfoKey.correlationID: UUID().uuidString,
                MSALUserInfoKey.errorDescription: "User cancelled the authorization session.",
            ])
    }

    /// A conditional-access claims challenge (device must be managed) on a silent call.
    static func claimsChallenge() -> NSError {
        NSError(
            domain: domain, code: -50002,
            userInfo: [
                MSALUserInfoKey.oauthError: "interaction_required",
                MSALUserInfoKey.stsErrorCodes: [53000],
                MSALUserInfoKey.httpHeaders: [
                    "WWW-Authenticate":
                        #"Bearer realm="", authorization_uri="https://login.microsoftonline.com/common/oauth2/authorize", error="insufficient_claims", claims="eyJhY2Nlc3NfdG9rZW4iOnsiYWNycyI6eyJlc3NlbnRpYWwiOnRydWUsInZhbHVlIjoiY3AxIn19fQ==""#
                ],
                MSALUserInfoKey.correlationID: UUID().uuidString,
                MSALUserInfoKey.errorDescription: "AADSTS53000: Device is not in required device state: compliant.",
            ])
    }

    static func protectionPoliciesRequired() -> NSError {
        NSError(
            domain: domain, code: -50004,
            userInfo: [
                MSALUserInfoKey.oauthError: "unauthorized_client",
                MSALUserInfoKey.oauthSubError: "protection_policy_required",
                MSALUserInfoKey.stsErrorCodes: [53005],
                MSALUserInfoKey.displayableUserID: "megan.bowen@contoso.com",
                MSALUserInfoKey.homeAccountID:
                    "8f1c2d3e-4b5a-6978-8a9b-0c1d2e3f4a5b.72f988bf-86f1-41af-91ab-2d7cd011db47",
                MSALUserInfoKey.correlationID: UUID().uuidString,
                MSALUserInfoKey.errorDescription:
                    "AADSTS53005: Application needs to enforce Intune protection policies.",
            ])
    }
}

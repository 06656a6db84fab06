import AuthTrail
import Foundation

/// A client app that signs a user in the way Microsoft's MSAL error-handling guidance recommends, with every
/// acquisition recorded by AuthTrail: what an app that adopts the library looks like.
struct DemoApp {
    let trail: Trail
    let msal: SimulatedMSAL
    let clock: ManualTrailClock
    let authorityHost = "login.microsoftonline.com"
    let maxAttempts = 4

    /// Acquires a token silently first, then follows the recommended action of each failure.
    /// Returns true when a token was obtained.
    @discardableResult
    func acquireToken(scopes: [String], interactiveFirst: Bool = false) async -> Bool {
        var attempt = trail.beginAcquisition(interactiveFirst ? .interactive : .silent, scopes: scopes, authorityHost: authorityHost)
        while true {
            do {
                let result = switch attempt.kind {
                case .silent: try await msal.acquireTokenSilent(scopes: attempt.scopes)
                case .interactive: try await msal.acquireTokenInteractively(scopes: attempt.scopes)
                }
                attempt.succeeded(correlationID: result.correlationID)
                return true
            } catch {
                let failure = attempt.failed(error)
                guard attempt.attempt < maxAttempts else { return false }
                switch failure.action {
                case .acquireInteractively, .interactiveWithClaims:
                    attempt = attempt.nextAttempt(.interactive)
                case .continueWithGrantedScopes where !failure.grantedScopes.isEmpty:
                    attempt = attempt.nextAttempt(.silent, scopes: failure.grantedScopes)
                case .waitForConnectivity:
                    await wait(.seconds(5), before: attempt, reason: "waitForConnectivity")
                    attempt = attempt.nextAttempt(attempt.kind)
                case .retryAfter:
                    await wait(.seconds(failure.retryAfterSeconds ?? 60), before: attempt, reason: "retryAfter")
                    attempt = attempt.nextAttempt(attempt.kind)
                default:
                    // Protection policies, user cancelled, internal errors, configuration problems: the app stops here
                    // and shows a message; the trail already holds everything support needs.
                    return false
                }
            }
        }
    }

    private func wait(_ duration: Duration, before attempt: AcquisitionRecorder, reason: String) async {
        trail.record(TrailEvent(
            name: .retryWait, severity: .info, timestamp: clock.now(), operationID: attempt.operationID,
            attempt: attempt.attempt, kind: attempt.kind, wait: duration, attributes: ["retry.reason": reason]))
        try? await clock.sleep(for: duration)
    }
}

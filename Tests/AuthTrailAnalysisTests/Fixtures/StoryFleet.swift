import AuthTrail
import AuthTrailTestSupport
import Foundation

/// One install's segment, written by the real `Trail`, with operations whose stories are known by construction:
///
/// - `fallback`: silent interactionRequired (invalid_grant, AADSTS50076), then interactive success 1 s later; MSAL
///   log lines of both correlation ids, one naming the user by e-mail (the trail redacts it).
/// - `ignoredRetryAfter`: HTTP 429 with Retry-After 30 s, a `retry.wait` of 2 s, then a silent success 2 s later.
/// - `storm`: 6 silent no-network failures 1 s apart, then the app gives up.
/// - `cancelled`: silent interactionRequired, then the interactive attempt cancelled.
/// - `claims`: silent failure with a claims challenge, then an interactive attempt that fails with one again.
/// - `noFallback`: silent interactionRequired retried silently once, then given up.
/// - one attempt without `operation.id` (an operation of one), a silent success.
///
/// Every attempt takes 200 ms; operations are 10 minutes apart.
struct StoryFleet {
    let directory: TemporaryDirectory
    let fallback = OperationID()
    let ignoredRetryAfter = OperationID()
    let storm = OperationID()
    let cancelled = OperationID()
    let claims = OperationID()
    let noFallback = OperationID()
    /// The correlation id of `fallback`'s interactive attempt.
    let fallbackInteractiveCorrelation = UUID().uuidString
    static let email = "megan.bowen@contoso.com"
    static let start = Date(timeIntervalSince1970: 1_795_000_000)

    init() throws {
        directory = try TemporaryDirectory("story-fleet")
        try write()
    }

    func remove() { directory.remove() }

    static let interactionRequired = FailureDetails(
        domain: "MSALErrorDomain", code: -50002, codeName: "interactionRequired", oauthError: "invalid_grant",
        oauthSuberror: "basic_action", stsErrorCodes: [50076], action: .acquireInteractively)
    static let throttled = FailureDetails(
        domain: "MSALErrorDomain", code: -50000, codeName: "internal", subcode: -42007,
        subcodeName: "internalErrorUnhandledResponse", httpStatus: 429, retryAfterSeconds: 30, action: .retryAfter)
    static let offline = FailureDetails(
        domain: "NSURLErrorDomain", code: -1009, codeName: "notConnectedToInternet", action: .waitForConnectivity)
    static let userCancelled = FailureDetails(
        domain: "MSALErrorDomain", code: -50005, codeName: "userCanceled", action: .userCancelled)
    static let claimsChallenge = FailureDetails(
        domain: "MSALErrorDomain", code: -50002, codeName: "interactionRequired", oauthError: "interaction_required",
        stsErrorCodes: [53000], claimsChallenge: true, action: .interactiveWithClaims)

    private struct Step {
        var kind: TrailEvent.AcquisitionKind
        var failure: FailureDetails?
        var outcome: TrailEvent.Outcome
        /// Wait after the previous attempt's end, in milliseconds.
        var gap = 0
        var correlationID = UUID().uuidString
        /// Milliseconds the app says it waits before this attempt (`retry.wait`).
        var announcedWait: Int?
        var logs: [String] = []
    }

    private func write() throws {
        let trail = try Trail(
            configuration: TrailConfiguration(
                directory: directory.url, app: AppInfo(identifier: "com.contoso.story", version: "1.0"),
                clock: ManualTrailClock(start: Self.start)))
        var time = Self.start.addingTimeInterval(60)
        func operation(_ id: OperationID?, _ steps: [Step]) {
            var attemptStart = time
            for (index, step) in steps.enumerated() {
                if let wait = step.announcedWait {
                    trail.record(
                        TrailEvent(
                            name: .retryWait, timestamp: attemptStart.addingTimeInterval(0.001), operationID: id,
                            attempt: index, wait: .milliseconds(wait), attributes: ["retry.reason": "retryAfter"]))
                }
                attemptStart = attemptStart.addingTimeInterval(Double(step.gap) / 1000)
                let end = attemptStart.addingTimeInterval(0.2)
                if id != nil {
                    trail.record(
                        TrailEvent(
                            name: .acquisitionStart, severity: .debug, timestamp: attemptStart, operationID: id,
                            attempt: index + 1, kind: step.kind, scopes: ["User.Read"]))
                }
                for (number, message) in step.logs.enumerated() {
                    trail.record(
                        TrailEvent(
                            name: .log, timestamp: attemptStart.addingTimeInterval(0.05 * Double(number + 1)),
                            correlationID: step.correlationID, message: message, attributes: ["log.source": "msal"]))
                }
                trail.record(
                    TrailEvent(
                        name: .acquisitionEnd, severity: step.failure == nil ? .info : .error, timestamp: end,
                        operationID: id, attempt: id == nil ? nil : index + 1, kind: step.kind, scopes: ["User.Read"],
                        correlationID: step.correlationID, duration: .milliseconds(200), outcome: step.outcome,
                        failure: step.failure))
                attemptStart = end
            }
            time = time.addingTimeInterval(600)
        }
        operation(
            fallback,
            [
                Step(
                    kind: .silent, failure: Self.interactionRequired, outcome: .failure,
                    logs: ["acquireTokenSilent for \(Self.email)", "acquireTokenSilent returning with error -50002"]),
                Step(
                    kind: .interactive, outcome: .success, gap: 1000, correlationID: fallbackInteractiveCorrelation,
                    logs: ["acquireToken returning with at"]),
            ])
        operation(
            ignoredRetryAfter,
            [
                Step(kind: .silent, failure: Self.throttled, outcome: .failure),
                Step(kind: .silent, outcome: .success, gap: 2000, announcedWait: 2000),
            ])
        operation(storm, (0..<6).map { _ in Step(kind: .silent, failure: Self.offline, outcome: .failure, gap: 1000) })
        operation(
            cancelled,
            [
                Step(kind: .silent, failure: Self.interactionRequired, outcome: .failure),
                Step(kind: .interactive, failure: Self.userCancelled, outcome: .cancelled, gap: 1000),
            ])
        operation(
            claims,
            [
                Step(kind: .silent, failure: Self.claimsChallenge, outcome: .failure),
                Step(kind: .interactive, failure: Self.claimsChallenge, outcome: .failure, gap: 1000),
            ])
        operation(
            noFallback,
            [
                Step(kind: .silent, failure: Self.interactionRequired, outcome: .failure),
                Step(kind: .silent, failure: Self.interactionRequired, outcome: .failure, gap: 500),
            ])
        operation(nil, [Step(kind: .silent, outcome: .success)])
        trail.shutdown(timeout: .testWait)
    }
}

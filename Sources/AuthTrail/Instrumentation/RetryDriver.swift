import Foundation

/// Runs an acquisition chain the way Microsoft's MSAL guidance recommends, recording every attempt and every wait.
///
/// Silent first; interaction required leads to the interactive call; declined scopes lead to continuing with the
/// granted scopes; HTTP 429 waits for Retry-After; no network waits for connectivity (or backs off with jitter);
/// transient failures back off with jitter. Attempts and total time are bounded. Everything else (user cancelled,
/// Intune protection policies, internal errors, configuration problems) ends the chain and rethrows the error
/// unchanged, for the app to show its message. Waits go through the trail's clock.
///
/// ```swift
/// let driver = RetryDriver(trail: trail)
/// let result = try await driver.acquire(scopes: ["User.Read"], correlationID: \.correlationId.uuidString) { request in
///     switch request.kind {
///     case .silent: try await application.acquireTokenSilent(with: silentParameters(request.scopes))
///     case .interactive: try await application.acquireToken(with: interactiveParameters(request.scopes))
///     }
/// }
/// ```
///
/// Each attempt is an `acquisition.start`/`acquisition.end` pair sharing one operation id; each wait is a
/// `retry.wait` event with `retry.wait_ms` and `retry.reason` (the recommended action that caused it).
public struct RetryDriver: Sendable {
    public let trail: Trail
    public var policy: RetryPolicy
    /// Waits until the device is online or `timeout` passes (for example with `NWPathMonitor`). Without one, a
    /// no-network failure backs off with jitter instead.
    public var connectivity: (@Sendable (_ timeout: Duration) async -> Void)?

    /// - Parameters:
    ///   - trail: where attempts and waits are recorded; its clock times them and performs the waits.
    ///   - policy: bounds and waits.
    ///   - connectivity: waits for the network to come back; nil to back off instead.
    public init(
        trail: Trail, policy: RetryPolicy = RetryPolicy(),
        connectivity: (@Sendable (_ timeout: Duration) async -> Void)? = nil
    ) {
        self.trail = trail
        self.policy = policy
        self.connectivity = connectivity
    }

    /// What the driver does after a failed attempt.
    package enum Decision: Equatable {
        /// Try again with `kind` and `scopes`, after waiting `wait` (none for an immediate fallback).
        case retry(kind: TrailEvent.AcquisitionKind, scopes: [String], wait: Wait?)
        /// End the chain and rethrow the error.
        case stop

        package enum Wait: Equatable {
            case fixed(Duration, reason: RecommendedAction)
            case connectivity(timeout: Duration)
        }
    }

    /// Runs the chain and returns the first successful result, or rethrows the last error unchanged.
    /// - Parameters:
    ///   - scopes: the scopes to request.
    ///   - authorityHost: the authority's host, recorded with every attempt.
    ///   - kind: where the chain starts; silent unless the app knows it needs UI (first sign-in).
    ///   - isolation: the caller's actor (the default), so the attempts run where the caller does.
    ///   - correlationID: where MSAL's correlation id is in a result, for example `\.correlationId.uuidString`.
    ///   - body: performs one attempt as `request` says.
    public func acquire<Value>(
        scopes: [String], authorityHost: String? = nil, startingWith kind: TrailEvent.AcquisitionKind = .silent,
        isolation: isolated (any Actor)? = #isolation,
        correlationID: KeyPath<Value, String>? = nil,
        _ body: (AcquisitionRequest) async throws -> Value
    ) async throws -> Value {
        let clock = trail.configuration.clock
        let started = clock.now()
        var recorder = trail.beginAcquisition(kind, scopes: scopes, authorityHost: authorityHost)
        var request = AcquisitionRequest(kind: kind, scopes: scopes, attempt: 1, operationID: recorder.operationID)
        while true {
            do {
                try Task.checkCancellation()
                let value = try await body(request)
                recorder.succeeded(correlationID: correlationID.map { value[keyPath: $0] })
                return value
            } catch {
                let failure = recorder.failed(error)
                if error is CancellationError { throw error }
                // A clock that went back counts as no time spent; NaN (a broken clock) likewise.
                let elapsed = Duration.seconds(clamping: clock.now().timeIntervalSince(started)) ?? .zero
                let decision = decide(after: failure, of: request, elapsed: elapsed)
                guard case .retry(let nextKind, let nextScopes, let wait) = decision else { throw error }
                if let wait { try await perform(wait, after: recorder) }
                recorder = recorder.nextAttempt(nextKind, scopes: nextScopes)
                request = AcquisitionRequest(
                    kind: nextKind, scopes: nextScopes, attempt: recorder.attempt, operationID: recorder.operationID,
                    previousFailure: failure, previousError: error)
            }
        }
    }

    /// The next step after `request` failed with `failure`, `elapsed` after the chain began.
    package func decide(after failure: FailureDetails, of request: AcquisitionRequest, elapsed: Duration) -> Decision {
        guard request.attempt < policy.maximumAttempts, let action = failure.action else { return .stop }
        let remaining = policy.maximumTotalDuration - elapsed
        func retry(after wait: Duration, _ reason: RecommendedAction) -> Decision {
            // A wait that would end past the budget is not started: the app gets the error now, not later.
            wait <= remaining
                ? .retry(kind: request.kind, scopes: request.scopes, wait: .fixed(wait, reason: reason)) : .stop
        }
        switch action {
        case .acquireInteractively, .interactiveWithClaims:
            // Only a silent attempt falls back; an interactive one that needs interaction again is the user's call.
            return request.kind == .silent ? .retry(kind: .interactive, scopes: request.scopes, wait: nil) : .stop
        case .continueWithGrantedScopes:
            let granted = failure.grantedScopes
            guard !granted.isEmpty, granted != request.scopes else { return .stop }
            // As in the article: the granted scopes are now consented and cached, so a silent call gets them.
            return .retry(kind: .silent, scopes: granted, wait: nil)
        case .retryAfter:
            // `retryAfterSeconds` is a public field: whatever it holds, the wait is 0...RetryAfter.maximumSeconds.
            let wait =
                failure.retryAfterSeconds.flatMap { Duration.seconds(clamping: $0, to: RetryAfter.maximumSeconds) }
                ?? policy.defaultRetryAfter
            return retry(after: wait, .retryAfter)
        case .waitForConnectivity:
            if connectivity != nil {
                guard remaining > .zero else { return .stop }
                return .retry(
                    kind: request.kind, scopes: request.scopes,
                    wait: .connectivity(timeout: min(policy.connectivityTimeout, remaining)))
            }
            return retry(after: policy.backoff(beforeRetry: request.attempt), .waitForConnectivity)
        case .retryWithBackoff:
            return retry(after: policy.backoff(beforeRetry: request.attempt), .retryWithBackoff)
        case .repeatRequest:
            // What blocked the request has cleared (MDM enrollment finished): the same request, at once.
            return .retry(kind: request.kind, scopes: request.scopes, wait: nil)
        case .remediateCompliance, .userCancelled, .showGenericMessage, .doNotRetry, .registerDevice:
            return .stop
        }
    }

    private func perform(_ wait: Decision.Wait, after recorder: AcquisitionRecorder) async throws {
        let clock = trail.configuration.clock
        switch wait {
        case .fixed(let duration, let reason):
            trail.record(waitEvent(after: recorder, at: clock.now(), waited: duration, reason: reason))
            try await clock.sleep(for: duration)
        case .connectivity(let timeout):
            // How long the monitor takes is only known afterwards: the event carries the start time and the real wait.
            let start = clock.now()
            await connectivity?(timeout)
            try Task.checkCancellation()
            let waited = Duration.seconds(clamping: clock.now().timeIntervalSince(start)) ?? .zero
            trail.record(waitEvent(after: recorder, at: start, waited: waited, reason: .waitForConnectivity))
        }
    }

    private func waitEvent(
        after recorder: AcquisitionRecorder, at start: Date, waited: Duration, reason: RecommendedAction
    ) -> TrailEvent {
        TrailEvent(
            name: .retryWait, severity: .info, timestamp: start, operationID: recorder.operationID,
            attempt: recorder.attempt, kind: recorder.kind, scopes: recorder.scopes,
            authorityHost: recorder.authorityHost, wait: waited, attributes: [FieldName.retryReason: reason.rawValue])
    }
}

extension FieldName {
    /// On `retry.wait`: the recommended action that caused the wait (see docs/SCHEMA.md).
    package static let retryReason = "retry.reason"
}

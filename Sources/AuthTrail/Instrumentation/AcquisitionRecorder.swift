import Foundation

/// Records one acquisition attempt: `acquisition.start` when it begins, `acquisition.end` with its outcome and
/// duration when it ends. Obtain one from `Trail.beginAcquisition`.
public struct AcquisitionRecorder: Sendable {
    public let trail: Trail
    public let operationID: OperationID
    public let attempt: Int
    public let kind: TrailEvent.AcquisitionKind
    public let scopes: [String]
    public let authorityHost: String?
    private let started: Date

    init(
        trail: Trail, operationID: OperationID, attempt: Int, kind: TrailEvent.AcquisitionKind, scopes: [String],
        authorityHost: String?
    ) {
        self.trail = trail
        self.operationID = operationID
        self.attempt = attempt
        self.kind = kind
        self.scopes = scopes
        self.authorityHost = authorityHost
        started = trail.configuration.clock.now()
    }

    /// Records success. Pass MSAL's correlation id (`result.correlationId`) when there is one.
    public func succeeded(correlationID: String? = nil) {
        trail.record(endEvent(outcome: .success, severity: .info, correlationID: correlationID, failure: nil))
    }

    /// Records a failure, classifying `error` (domain, code, sub-code, OAuth and STS codes, HTTP status, Retry-After).
    @discardableResult
    public func failed(_ error: any Error) -> FailureDetails {
        let failure = FailureDetails(classifying: error, now: trail.configuration.clock.now())
        let cancelled = failure.action == .userCancelled || error is CancellationError
        trail.record(
            endEvent(
                outcome: cancelled ? .cancelled : .failure, severity: cancelled ? .warning : .error,
                correlationID: failure.correlationID, failure: failure))
        return failure
    }

    /// Runs `body` as this attempt: records success (with the correlation id at `correlationID` in the result)
    /// and returns the result, or records the failure and rethrows the error unchanged.
    ///
    /// ```swift
    /// let result = try await attempt.run(correlationID: \.correlationId.uuidString) {
    ///     try await application.acquireTokenSilent(with: parameters)
    /// }
    /// ```
    public func run<Value>(
        isolation: isolated (any Actor)? = #isolation,
        correlationID: KeyPath<Value, String>? = nil,
        _ body: () async throws -> Value
    ) async throws -> Value {
        do {
            let value = try await body()
            succeeded(correlationID: correlationID.map { value[keyPath: $0] })
            return value
        } catch {
            failed(error)
            throw error
        }
    }

    /// The next attempt of the same operation (a retry, or the interactive fallback of a silent call).
    public func nextAttempt(_ kind: TrailEvent.AcquisitionKind, scopes: [String]? = nil) -> AcquisitionRecorder {
        // An app may start counting anywhere (`attempt:` is public); Int.max stays Int.max instead of trapping.
        trail.beginAcquisition(
            kind, scopes: scopes ?? self.scopes, authorityHost: authorityHost, operationID: operationID,
            attempt: attempt < Int.max ? attempt + 1 : attempt)
    }

    private func endEvent(
        outcome: TrailEvent.Outcome, severity: Severity, correlationID: String?, failure: FailureDetails?
    ) -> TrailEvent {
        let now = trail.configuration.clock.now()
        return TrailEvent(
            name: .acquisitionEnd, severity: severity, timestamp: now, operationID: operationID, attempt: attempt,
            kind: kind,
            scopes: scopes, authorityHost: authorityHost, correlationID: correlationID,
            duration: .seconds(clamping: now.timeIntervalSince(started)), outcome: outcome, failure: failure,
            attributes: trail.userAttributes)
    }
}

extension Trail {
    /// Runs one acquisition attempt and records it: `acquisition.start`, then `acquisition.end` with the duration and
    /// the outcome (the classified failure when `body` throws, which is rethrown unchanged).
    ///
    /// ```swift
    /// let result = try await trail.acquire(.silent, scopes: scopes, correlationID: \.correlationId.uuidString) {
    ///     try await application.acquireTokenSilent(with: parameters)
    /// }
    /// ```
    /// - Parameters:
    ///   - kind: silent or interactive.
    ///   - scopes: the scopes requested.
    ///   - authorityHost: the authority's host, for example `login.microsoftonline.com`.
    ///   - operationID: ties this attempt to the others of the same chain; a new one by default.
    ///   - attempt: 1 for the first attempt of the chain.
    ///   - isolation: the caller's actor (the default), so `body` runs where the caller does.
    ///   - correlationID: where MSAL's correlation id is in the result, for example `\.correlationId.uuidString`.
    ///   - body: the MSAL call.
    public func acquire<Value>(
        _ kind: TrailEvent.AcquisitionKind, scopes: [String], authorityHost: String? = nil,
        operationID: OperationID = OperationID(), attempt: Int = 1,
        isolation: isolated (any Actor)? = #isolation,
        correlationID: KeyPath<Value, String>? = nil,
        _ body: () async throws -> Value
    ) async throws -> Value {
        let recorder = beginAcquisition(
            kind, scopes: scopes, authorityHost: authorityHost, operationID: operationID, attempt: attempt)
        return try await recorder.run(correlationID: correlationID, body)
    }

    /// Starts recording an acquisition attempt.
    /// - Parameters:
    ///   - kind: silent or interactive.
    ///   - scopes: the scopes requested.
    ///   - authorityHost: the authority's host, for example `login.microsoftonline.com`.
    ///   - operationID: ties this attempt to the others of the same chain; a new one by default.
    ///   - attempt: 1 for the first attempt of the chain.
    public func beginAcquisition(
        _ kind: TrailEvent.AcquisitionKind, scopes: [String], authorityHost: String? = nil,
        operationID: OperationID = OperationID(), attempt: Int = 1
    ) -> AcquisitionRecorder {
        let recorder = AcquisitionRecorder(
            trail: self, operationID: operationID, attempt: attempt, kind: kind, scopes: scopes,
            authorityHost: authorityHost)
        record(
            TrailEvent(
                name: .acquisitionStart, severity: .debug, timestamp: configuration.clock.now(),
                operationID: operationID, attempt: attempt, kind: kind,
                scopes: scopes, authorityHost: authorityHost, attributes: userAttributes))
        return recorder
    }
}

/// What a `RetryDriver` asks the app to try next: which MSAL API, with which scopes, and why.
public struct AcquisitionRequest: Sendable {
    /// Call `acquireTokenSilent` for `.silent`, `acquireToken` (interactive) for `.interactive`.
    public var kind: TrailEvent.AcquisitionKind
    /// The scopes to ask for: the original ones, or the granted ones after a declined-scopes error.
    public var scopes: [String]
    /// 1 for the first attempt.
    public var attempt: Int
    public var operationID: OperationID
    /// The previous attempt's classified failure; nil on the first attempt.
    public var previousFailure: FailureDetails?
    /// The previous attempt's error, for what the trail never reads: pass its claims challenge to MSAL's
    /// `claimsRequest` when `previousFailure?.action == .interactiveWithClaims`.
    public var previousError: (any Error)?

    package init(
        kind: TrailEvent.AcquisitionKind, scopes: [String], attempt: Int, operationID: OperationID,
        previousFailure: FailureDetails? = nil, previousError: (any Error)? = nil
    ) {
        self.kind = kind
        self.scopes = scopes
        self.attempt = attempt
        self.operationID = operationID
        self.previousFailure = previousFailure
        self.previousError = previousError
    }
}

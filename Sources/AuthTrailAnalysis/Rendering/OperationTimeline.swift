/// One operation's attempts as the HTML report draws them in a swimlane: what an operation's story holds, reduced to
/// what a lane shows.
package struct OperationTimeline: Sendable, Hashable {
    /// One attempt of the story as a lane draws it: what the lane shows of the story's attempt (its number, kind,
    /// outcome and times), with what the lane adds to it.
    package struct Attempt: Sendable, Hashable {
        package var number: Int
        package var kind: RecordedKind
        package var outcome: RecordedOutcome
        /// Milliseconds since 1970.
        package var start: Int64
        package var end: Int64
        /// The classified error, as a person reads it (`MSALErrorDomain -50002 interactionRequired`); nil on success.
        package var error: String?
        /// The failure pattern key (`PatternKey.text`: `domain|code|subcode`) the filters match.
        package var pattern: String?
        /// The attempt's Retry-After, else the one its story's wait after an attempt of its number carried.
        package var retryAfterSeconds: Double?
    }

    package var installID: String
    package var operationID: String
    package var appVersion: String?
    /// In attempt order.
    package var attempts: [Attempt]
    /// What went wrong and what the app should have done, in one sentence.
    package var verdict: String?

    package init(
        installID: String, operationID: String, appVersion: String? = nil, attempts: [Attempt], verdict: String? = nil
    ) {
        self.installID = installID
        self.operationID = operationID
        self.appVersion = appVersion
        self.attempts = attempts
        self.verdict = verdict
    }

    /// The first attempt's start and the last end.
    var span: (start: Int64, end: Int64)? {
        guard let start = attempts.map(\.start).min(), let end = attempts.map(\.end).max() else { return nil }
        return (start, max(end, start))
    }
}

/// The timelines the HTML report draws, by (install id, operation id), or why there are none.
package struct OperationTimelines: Sendable {
    package var operations: [String: OperationTimeline]
    /// Said in the page when timelines could not be gathered (standard input cannot be read twice).
    package var unavailableReason: String?

    package init(_ operations: [OperationTimeline] = [], unavailableReason: String? = nil) {
        self.operations = Dictionary(
            operations.map { (Self.key($0.installID, $0.operationID), $0) }, uniquingKeysWith: { first, _ in first })
        self.unavailableReason = unavailableReason
    }

    static func key(_ installID: String, _ operationID: String) -> String { installID + "\u{1F}" + operationID }

    subscript(installID: String, operationID: String) -> OperationTimeline? {
        operations[Self.key(installID, operationID)]
    }
}

import AuthTrail

/// An attempt as the report keeps it in its open operation (`OperationTracker`'s payload), for the retry tables to
/// read when the operation closes. Its start is its `acquisition.start` time, or its end minus its duration.
struct OperationAttempt: Sendable {
    var number: Int
    var kind: RecordedKind
    var outcome: RecordedOutcome
    var start: Int64
    var end: Int64
    var retryAfterSeconds: Double?
}

/// A closed operation as the retry tables count it: its attempts sorted by (number, end).
struct ClosedOperation {
    let installID: String
    /// Empty for an operation of one attempt without an `operation.id`.
    let operationID: String
    let attempts: [OperationAttempt]

    /// - Parameter attempts: in the order they ended; sorted here only when they are not in number order already.
    init(installID: String, operationID: String, attempts: [OperationAttempt]) {
        self.installID = installID
        self.operationID = operationID
        // Nearly always in order already: checking is cheaper than sorting a copy (about 1 % of a report; perf).
        func inOrder(_ left: OperationAttempt, _ right: OperationAttempt) -> Bool {
            (left.number, left.end) < (right.number, right.end)
        }
        let isSorted = zip(attempts, attempts.dropFirst()).allSatisfy { !inOrder($1, $0) }
        self.attempts = isSorted ? attempts : attempts.sorted(by: inOrder)
    }

    /// The time between each failed attempt's end and the next attempt's start, with the failed attempt.
    func forEachGapAfterFailure(_ body: (_ failed: OperationAttempt, _ next: OperationAttempt, _ gap: Int64) -> Void) {
        for (previous, next) in zip(attempts, attempts.dropFirst()) where previous.outcome != .known(.success) {
            body(previous, next, next.start - previous.end)
        }
    }
}

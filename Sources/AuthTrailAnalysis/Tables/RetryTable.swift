import AuthTrail

/// `retries`: operations, attempts per operation, retried operations and how many recovered, time to recover, and
/// the silent-to-interactive fallback. Counted as operations close.
struct RetryTable: ReportTable {
    var operations = 0
    var retriedOperations = 0
    var retriedSucceeded = 0
    var attemptsPerOperation: [Int: Int] = [:]
    /// From the first failed attempt's end to the final success's end, in operations that recovered.
    var recovery = MillisecondHistogram()
    var fallback = Report.Fallback()

    mutating func add(_ operation: Operation) {
        let attempts = operation.attempts
        guard let last = attempts.last else { return }
        operations += 1
        attemptsPerOperation[attempts.count, default: 0] += 1
        if attempts.count > 1 {
            retriedOperations += 1
            if last.outcome == .known(.success) { retriedSucceeded += 1 }
        }
        if let firstFailure = attempts.first(where: { $0.outcome != .known(.success) }),
            last.outcome == .known(.success)
        {
            recovery.add(last.end - firstFailure.end)
        }
        if let silentFailure = attempts.firstIndex(where: {
            $0.kind == .known(.silent) && $0.outcome == .known(.failure)
        }) {
            fallback.silentFailures += 1
            if let interactive = attempts[(silentFailure + 1)...].first(where: { $0.kind == .known(.interactive) }) {
                fallback.fallbacks += 1
                switch interactive.outcome.known {
                case .success: fallback.succeeded += 1
                case .cancelled: fallback.cancelled += 1
                case .failure, nil: fallback.failed += 1
                }
            }
        }
    }

    mutating func merge(_ other: Self) {
        operations += other.operations
        retriedOperations += other.retriedOperations
        retriedSucceeded += other.retriedSucceeded
        attemptsPerOperation.merge(other.attemptsPerOperation, uniquingKeysWith: +)
        recovery.merge(other.recovery)
        fallback.silentFailures += other.fallback.silentFailures
        fallback.fallbacks += other.fallback.fallbacks
        fallback.succeeded += other.fallback.succeeded
        fallback.failed += other.fallback.failed
        fallback.cancelled += other.fallback.cancelled
    }

    func finish(into report: inout Report) {
        report.retries.operations = operations
        report.retries.retriedOperations = retriedOperations
        report.retries.retriedSucceeded = retriedSucceeded
        report.retries.attemptsHistogram = attemptsPerOperation.sorted { $0.key < $1.key }.map {
            Report.AttemptsBucket(attempts: $0.key, operations: $0.value)
        }
        report.retries.eventualSuccessRate =
            retriedOperations == 0 ? 0 : Double(retriedSucceeded) / Double(retriedOperations)
        report.retries.timeToRecover = recovery.percentiles
        var fallback = fallback
        fallback.rate = fallback.silentFailures == 0 ? 0 : Double(fallback.fallbacks) / Double(fallback.silentFailures)
        report.retries.fallback = fallback
    }
}

extension RetryTable {
    static var facts: ReportFact.Kinds { .operation }

    mutating func update(_ fact: ReportFact, record: borrowing LogRecord) {
        if case .operation(let operation) = fact { add(operation) }
    }

    var warnings: [String] {
        guard recovery.isRounded else { return [] }
        return [
            "report: time to recover holds more than 4096 distinct values of a minute or more; its percentiles at or "
                + "above a minute are rounded down by less than 0.8 %"
        ]
    }
}

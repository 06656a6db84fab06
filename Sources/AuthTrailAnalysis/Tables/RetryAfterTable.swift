/// `retries.retry_after`: retries after a failure that carried Retry-After, whether they waited that long, and the
/// earliest violations as examples.
struct RetryAfterTable: ReportTable {
    var retriedAfterHint = 0
    var compliant = 0
    var violationCount = 0
    /// The earliest violations (trimmed to 10 past 200).
    var violations: [Report.Violation] = []

    mutating func add(_ operation: Operation) {
        operation.forEachGapAfterFailure { failed, next, gap in
            guard let retryAfter = failed.retryAfterSeconds else { return }
            retriedAfterHint += 1
            guard !Operation.honours(retryAfterSeconds: retryAfter, gap: gap) else {
                compliant += 1
                return
            }
            violationCount += 1
            violations.append(
                Report.Violation(
                    installID: operation.installID, operationID: operation.operationID ?? "", attempt: failed.number,
                    failedAt: ReportTime(milliseconds: failed.end), retriedAt: ReportTime(milliseconds: next.start),
                    waitedMilliseconds: gap, retryAfterSeconds: retryAfter))
            trim()
        }
    }

    private mutating func trim() {
        if violations.count > 200 { violations = Array(violations.sorted(by: Self.earlier).prefix(10)) }
    }

    mutating func merge(_ other: Self) {
        retriedAfterHint += other.retriedAfterHint
        compliant += other.compliant
        violationCount += other.violationCount
        violations += other.violations
        trim()
    }

    func finish(into report: inout Report) {
        report.retries.retryAfter.retriedAfterHint = retriedAfterHint
        report.retries.retryAfter.compliant = compliant
        report.retries.retryAfter.violations = violationCount
        report.retries.retryAfter.examples = Array(violations.sorted(by: Self.earlier).prefix(10))
    }

    static func earlier(_ left: Report.Violation, _ right: Report.Violation) -> Bool {
        (left.failedAt, left.installID, left.operationID, left.attempt) < (
            right.failedAt, right.installID, right.operationID, right.attempt
        )
    }
}

extension RetryAfterTable {
    static var facts: ReportFact.Kinds { .operation }

    mutating func update(_ fact: ReportFact, record: borrowing LogRecord) {
        if case .operation(let operation) = fact { add(operation) }
    }
}

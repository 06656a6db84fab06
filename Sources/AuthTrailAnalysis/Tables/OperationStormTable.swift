/// `retries.operation_storms`: operations with at least `threshold` attempts starting within one window, and the
/// largest as examples.
struct OperationStormTable: ReportTable {
    let threshold: Int
    let windowMilliseconds: Int64
    var count = 0
    /// The largest storms (trimmed to 10 past 200).
    var storms: [Report.Storm] = []

    init(threshold: Int, windowMilliseconds: Int64) {
        self.threshold = threshold
        self.windowMilliseconds = windowMilliseconds
    }

    mutating func add(_ operation: Operation) {
        guard let storm = operation.storm(threshold: threshold, window: windowMilliseconds) else { return }
        count += 1
        storms.append(
            Report.Storm(
                installID: operation.installID, operationID: operation.operationID ?? "",
                start: ReportTime(milliseconds: storm.first), attempts: storm.attempts,
                durationMilliseconds: storm.last - storm.first))
        trim()
    }

    private mutating func trim() {
        if storms.count > 200 { storms = Array(storms.sorted(by: Report.Storm.larger).prefix(10)) }
    }

    mutating func merge(_ other: Self) {
        count += other.count
        storms += other.storms
        trim()
    }

    func finish(into report: inout Report) {
        report.retries.operationStorms = Report.StormSummary(
            threshold: threshold, windowSeconds: Int(windowMilliseconds / 1000), count: count,
            examples: Array(storms.sorted(by: Report.Storm.larger).prefix(10)))
    }
}

extension Report.Storm {
    /// More attempts first, then earlier, then by install and operation: a total order, so the examples kept do not
    /// depend on the order storms were found in.
    static func larger(_ left: Self, _ right: Self) -> Bool {
        if left.attempts != right.attempts { return left.attempts > right.attempts }
        return (left.start, left.installID, left.operationID ?? "") < (
            right.start, right.installID, right.operationID ?? ""
        )
    }
}

extension OperationStormTable {
    static var facts: ReportFact.Kinds { .operation }

    mutating func update(_ fact: ReportFact, record: borrowing LogRecord) {
        if case .operation(let operation) = fact { add(operation) }
    }
}

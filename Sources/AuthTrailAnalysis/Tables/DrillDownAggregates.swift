import AuthTrail

/// What the HTML report needs beyond the tables: example operations per failure pattern and per AADSTS code
/// (`ExampleOperations`), the top patterns over time (`PatternTimelines`) and latency buckets (`LatencyBuckets`).
/// `ReportBuilder` gives it every attempt and lets it fill those fields of the report at the end.
struct DrillDownAggregates: ReportTable, Sendable {
    private var patternExamples = ExampleOperationTable<PatternKey>(cap: ReportBounds.patterns)
    private var stsExamples = ExampleOperationTable<Int>(cap: ReportBounds.stsPatterns)
    private var patternTimelines = PatternTimelines()
    private var latencyBuckets = LatencyBuckets()

    /// Notes one attempt (`acquisition.end`).
    /// - Parameters:
    ///   - time: its time, checked (`ReportBounds.timestampMilliseconds`).
    ///   - duration: its duration, checked.
    ///   - pattern: its failure pattern when `Report.patterns` counts it.
    mutating func add(
        _ record: LogRecord, time: Int64?, kind: RecordedKind, outcome: RecordedOutcome, duration: Int64?,
        pattern: PatternKey?
    ) {
        if let duration { latencyBuckets.add(duration, kind: kind, outcome: outcome) }
        guard let time else { return }
        patternTimelines.add(at: time, pattern: pattern)
        guard outcome != .known(.success), let install = record.installID, let operation = record.operationID else {
            return
        }
        let entry = ExampleOperations.Entry(time: time, installID: install, operationID: operation)
        if let pattern { patternExamples.add(pattern, entry) }
        // As `STSCodeTable` counts `sts_patterns`: distinct codes in range, ascending.
        for code in record.stsErrorCodes.distinctAscending where ReportBounds.stsCode.contains(code) {
            stsExamples.add(code, entry)
        }
    }

    /// Adds what another builder's aggregates counted (the result does not depend on how attempts were split).
    mutating func merge(_ other: Self) {
        patternExamples.merge(other.patternExamples)
        stsExamples.merge(other.stsExamples)
        patternTimelines.merge(other.patternTimelines)
        latencyBuckets.merge(other.latencyBuckets)
    }

    /// Fills `patterns[].examples`, `sts_patterns[].examples`, `timeline.patterns` and `latency[].buckets`: the
    /// table that finishes last, once the rest of the report is final.
    func finish(into report: inout Report) {
        for index in report.patterns.indices {
            let row = report.patterns[index]
            let key =
                row.foldedValues != nil
                ? nil : PatternKey(domain: row.domain ?? "", code: row.code, subcode: row.subcode)
            report.patterns[index].examples = patternExamples.examples(key)
        }
        for index in report.stsPatterns.indices {
            let row = report.stsPatterns[index]
            report.stsPatterns[index].examples = stsExamples.examples(row.foldedValues != nil ? nil : row.stsCode)
        }
        patternTimelines.apply(to: &report)
        latencyBuckets.apply(to: &report.latency)
    }
}

extension DrillDownAggregates {
    static var facts: ReportFact.Kinds { .attempt }

    mutating func update(_ fact: ReportFact, record: borrowing LogRecord) {
        guard case .attempt(let attempt) = fact else { return }
        add(
            record, time: attempt.time, kind: record.attemptKind, outcome: record.attemptOutcome,
            duration: attempt.duration, pattern: record.failurePattern(of: attempt))
    }
}

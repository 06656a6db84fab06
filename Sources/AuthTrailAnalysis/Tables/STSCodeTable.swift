/// `sts_patterns`: errored attempts by AADSTS code (an attempt counts once under each distinct code it carries), as
/// `PatternTable` counts patterns; codes past `ReportBounds.stsPatterns` share one "(other)" row.
struct STSCodeTable: ReportTable {
    var rows = CappedTable<Int, PatternState>(cap: ReportBounds.stsPatterns)
    /// As `PatternTable.erroredAttempts`.
    var erroredAttempts = 0

    /// One errored attempt, under each of its codes (distinct, in range, ascending: `ReportFact.EndedAttempt`).
    mutating func add(_ codes: [Int], of record: LogRecord, facts: PatternState.Facts) {
        erroredAttempts += 1
        // In ascending order, so which codes get rows when the table fills is the same in every run; an attempt
        // counts once in the "(other)" row however many of its codes fold there (found by the report fuzz target:
        // Tests/Fuzz/Regressions/report/pattern-share-above-one.jsonl).
        var folded = false
        for code in codes {
            let wasFolded = rows.update(
                code, hash: { DistinctCount.hash(String(code)) }, make: { PatternState() }, updateOther: !folded
            ) { $0.add(record, facts: facts) }
            if wasFolded { folded = true }
        }
    }

    mutating func merge(_ other: Self) {
        rows.merge(other.rows, hash: { DistinctCount.hash(String($0)) }) { $0.merge($1) }
        erroredAttempts += other.erroredAttempts
    }

    func finish(into report: inout Report) {
        report.stsPatterns = rows.rows.map { code, state in
            state.pattern(domain: nil, code: nil, subcode: nil, stsCode: code, of: erroredAttempts)
        }.sorted(by: Report.FailurePattern.moreFrequent)
        if let other = rows.other {
            report.stsPatterns.append(other.otherPattern(folded: rows.folded.count, of: erroredAttempts))
        }
    }

    var foldedWarning: String? {
        guard rows.other != nil else { return nil }
        return ReportTables.foldedWarning(
            rows: ReportBounds.stsPatterns, "AADSTS codes", rows.folded.count, exact: rows.folded.isExact)
    }

    var estimatedRows: Int { rows.rows.values.filter(\.isEstimated).count }
}

extension [Int] {
    /// The distinct values in ascending order, without building a `Set` for none or one (most attempts carry at most
    /// one AADSTS code; the set was about 0.8 % of a report, perf).
    var distinctAscending: [Int] { count <= 1 ? self : Set(self).sorted() }
}

extension STSCodeTable {
    static var facts: ReportFact.Kinds { .attempt }

    mutating func update(_ fact: ReportFact, record: borrowing LogRecord) {
        guard case .attempt(let attempt) = fact, attempt.errored else { return }
        add(record.stsCodesInRange, of: record, facts: PatternState.Facts(attempt))
    }

    var warnings: [String] {
        [foldedWarning, PatternState.estimateWarning(rows: estimatedRows, "AADSTS codes")].compactMap { $0 }
    }
}

/// `patterns`: errored attempts by failure pattern (`error.domain`, `error.code`, `error.subcode`), with the
/// pattern's names, status and action as first seen, its first and last time, and its users and devices; patterns
/// past `ReportBounds.patterns` share one "(other)" row. Shares are of all errored attempts.
struct PatternTable: ReportTable {
    var rows = CappedTable<PatternKey, PatternState>(cap: ReportBounds.patterns)
    /// The denominator of every share: attempts that did not succeed and carry an error domain or AADSTS codes.
    var erroredAttempts = 0

    /// One errored attempt, in its pattern's row when it has one (`key`: it carries an `error.domain`).
    mutating func add(_ key: PatternKey?, of record: LogRecord, facts: PatternState.Facts) {
        erroredAttempts += 1
        guard let key else { return }
        rows.update(key, hash: { key.stableHash }, make: { PatternState() }) { $0.add(record, facts: facts) }
    }

    mutating func merge(_ other: Self) {
        rows.merge(other.rows, hash: \.stableHash) { $0.merge($1) }
        erroredAttempts += other.erroredAttempts
    }

    func finish(into report: inout Report) {
        report.patterns = rows.rows.map { key, state in
            state.pattern(domain: key.domain, code: key.code, subcode: key.subcode, stsCode: nil, of: erroredAttempts)
        }.sorted(by: Report.FailurePattern.moreFrequent)
        if let other = rows.other {
            report.patterns.append(other.otherPattern(folded: rows.folded.count, of: erroredAttempts))
        }
    }

    var foldedWarning: String? {
        guard rows.other != nil else { return nil }
        return ReportTables.foldedWarning(
            rows: ReportBounds.patterns, "(error.domain, error.code, error.subcode) groups", rows.folded.count,
            exact: rows.folded.isExact)
    }

    /// Rows whose users or devices are estimates.
    var estimatedRows: Int { rows.rows.values.filter(\.isEstimated).count }
}

extension Report.FailurePattern {
    /// Most frequent first; ties by domain, then code, then sub-code, an absent code or sub-code before any present
    /// one (then ascending), and in `sts_patterns` by code ascending.
    static func moreFrequent(_ left: Self, _ right: Self) -> Bool {
        if left.count != right.count { return left.count > right.count }
        if left.domain != right.domain { return (left.domain ?? "") < (right.domain ?? "") }
        for (one, other) in [(left.code, right.code), (left.subcode, right.subcode), (left.stsCode, right.stsCode)]
        where one != other {
            guard let one else { return true }
            guard let other else { return false }
            return one < other
        }
        return false
    }
}

extension PatternTable {
    static var facts: ReportFact.Kinds { .attempt }

    mutating func update(_ fact: ReportFact, record: borrowing LogRecord) {
        guard case .attempt(let attempt) = fact, attempt.errored else { return }
        add(record.failurePattern(of: attempt), of: record, facts: PatternState.Facts(attempt))
    }

    var warnings: [String] {
        [foldedWarning, PatternState.estimateWarning(rows: estimatedRows, "failure patterns")].compactMap { $0 }
    }
}

import AuthTrail

/// `kinds`: attempts by `acquisition.kind`, with their successes, failures and cancellations; kinds past
/// `ReportBounds.kinds` share one "(other)" row.
struct KindTable: ReportTable {
    var rows = CappedTable<HashedString, Report.KindTotals>(cap: ReportBounds.kinds)
    /// The library's kinds as keys, hashed once: hashing the label of every attempt was about 1 % of a report (perf).
    private static let knownLabels = TrailEvent.AcquisitionKind.allCases.map {
        (kind: $0, label: HashedString($0.rawValue))
    }

    mutating func add(kind: RecordedKind, outcome: RecordedOutcome) {
        let label =
            kind.known.flatMap { known in Self.knownLabels.first { $0.kind == known }?.label }
            ?? HashedString(kind.rawValue)
        rows.update(label, hash: { label.stableHash }, make: { Report.KindTotals(kind: label.value) }) { totals in
            totals.attempts += 1
            switch outcome.known {
            case .success: totals.successes += 1
            case .cancelled: totals.cancellations += 1
            case .failure, nil: totals.failures += 1
            }
        }
    }

    mutating func merge(_ other: Self) {
        rows.merge(other.rows, hash: \.stableHash) { $0.add($1) }
    }

    func finish(into report: inout Report) {
        func withRate(_ totals: Report.KindTotals) -> Report.KindTotals {
            var totals = totals
            totals.successRate = totals.attempts == 0 ? 0 : Double(totals.successes) / Double(totals.attempts)
            return totals
        }
        report.kinds = rows.rows.values.map(withRate).sorted { $0.kind < $1.kind }
        if var other = rows.other {
            other.kind = Report.otherLabel
            other.foldedValues = rows.folded.count
            report.kinds.append(withRate(other))
        }
    }

    /// The warning for the kinds folded into "(other)", if any were.
    var foldedWarning: String? {
        guard rows.other != nil else { return nil }
        return ReportTables.foldedWarning(
            rows: ReportBounds.kinds, "acquisition.kind values", rows.folded.count, exact: rows.folded.isExact)
    }
}

extension Report.KindTotals {
    fileprivate mutating func add(_ other: Self) {
        attempts += other.attempts
        successes += other.successes
        failures += other.failures
        cancellations += other.cancellations
    }
}

extension KindTable {
    static var facts: ReportFact.Kinds { .attempt }

    mutating func update(_ fact: ReportFact, record: borrowing LogRecord) {
        if case .attempt = fact { add(kind: record.attemptKind, outcome: record.attemptOutcome) }
    }

    var warnings: [String] { foldedWarning.map { [$0] } ?? [] }
}

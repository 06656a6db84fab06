/// Duration histograms per (`acquisition.kind`, `outcome`) for the report's latency table: the first
/// `ReportBounds.latencyRows` pairs get a row, later pairs share one "(other)" row.
struct LatencyTable: ReportTable, Sendable {
    private struct Key: Hashable {
        var kind: RecordedKind
        var outcome: RecordedOutcome
    }

    private var rows: [(key: Key, histogram: MillisecondHistogram)] = []
    /// Row indices by pair, filled once there are more rows than a linear search handles well.
    private var index: [Key: Int] = [:]
    private static let linearSearchRows = 8
    private var other: MillisecondHistogram?
    private var folded = DistinctCount(limit: ReportBounds.exactDistinctFolded)

    /// Adds `other`'s rows: a pair with a row here adds to it, a new pair gets a row while there is room (in `other`'s
    /// row order, itself the order its pairs were first seen), later ones fold into the "(other)" row.
    mutating func merge(_ other: Self) {
        for (key, histogram) in other.rows {
            if let row = rows.firstIndex(where: { $0.key == key }) {
                rows[row].histogram.merge(histogram)
            } else if rows.count < ReportBounds.latencyRows {
                rows.append((key, histogram))
                index = [:]
                if rows.count > Self.linearSearchRows {
                    for (row, entry) in rows.enumerated() { index[entry.key] = row }
                }
            } else {
                folded.insert(hash: Self.foldedHash(key.kind, key.outcome))
                if self.other == nil { self.other = MillisecondHistogram() }
                self.other!.merge(histogram)
            }
        }
        if let histogram = other.other {
            if self.other == nil { self.other = MillisecondHistogram() }
            self.other!.merge(histogram)
        }
        folded.merge(other.folded)
    }

    private static func foldedHash(_ kind: RecordedKind, _ outcome: RecordedOutcome) -> UInt64 {
        DistinctCount.hash(kind.rawValue) &+ DistinctCount.hash(outcome.rawValue) &* 31
    }

    mutating func add(_ milliseconds: Int64, kind: RecordedKind, outcome: RecordedOutcome) {
        // A handful of pairs: a linear search beats hashing them per event.
        if rows.count <= Self.linearSearchRows {
            if let row = rows.firstIndex(where: { $0.key.kind == kind && $0.key.outcome == outcome }) {
                rows[row].histogram.add(milliseconds)
                return
            }
        } else if let row = index[Key(kind: kind, outcome: outcome)] {
            rows[row].histogram.add(milliseconds)
            return
        }
        guard rows.count < ReportBounds.latencyRows else {
            folded.insert(hash: Self.foldedHash(kind, outcome))
            if other == nil { other = MillisecondHistogram() }
            other!.add(milliseconds)
            return
        }
        var histogram = MillisecondHistogram()
        histogram.add(milliseconds)
        rows.append((Key(kind: kind, outcome: outcome), histogram))
        if rows.count > Self.linearSearchRows {
            if index.isEmpty {
                for (row, entry) in rows.enumerated() { index[entry.key] = row }
            } else {
                index[rows[rows.count - 1].key] = rows.count - 1
            }
        }
    }

    /// The rows sorted by kind and outcome, then the "(other)" row.
    var latencyRows: [Report.LatencyRow] {
        var result = rows.map { key, histogram in
            Report.LatencyRow(kind: key.kind.rawValue, outcome: key.outcome.rawValue, durations: histogram.percentiles)
        }.sorted { ($0.kind, $0.outcome) < ($1.kind, $1.outcome) }
        if let other {
            result.append(
                Report.LatencyRow(
                    kind: Report.otherLabel, outcome: Report.otherLabel, durations: other.percentiles,
                    foldedValues: folded.count))
        }
        return result
    }

    /// Rows whose durations of a minute or more were rounded (`MillisecondHistogram.isRounded`).
    var roundedRows: Int { rows.filter(\.histogram.isRounded).count + (other?.isRounded == true ? 1 : 0) }

    /// Distinct pairs folded into the "(other)" row.
    var foldedCount: Int { other == nil ? 0 : folded.count }

    /// Whether `foldedCount` is exact.
    var foldedIsExact: Bool { folded.isExact }

    func finish(into report: inout Report) { report.latency = latencyRows }
}

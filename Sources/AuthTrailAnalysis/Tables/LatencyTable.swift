/// Duration histograms per (`acquisition.kind`, `outcome`) for the report's latency table: the first
/// `ReportBounds.latencyRows` pairs get a row, later pairs share one "(other)" row.
struct LatencyTable: ReportTable, Sendable {
    private struct Key: Hashable {
        var kind: RecordedKind
        var outcome: RecordedOutcome
    }

    /// Row keys and their histograms, in the order the pairs were first seen. Two arrays, not one of tuples: looking a
    /// key up in an array of tuples copied each histogram it passed (a retain and a release per row; perf).
    private var keys: [Key] = []
    private var histograms: [MillisecondHistogram] = []
    /// Row indices by pair, filled once there are more rows than a linear search handles well.
    private var index: [Key: Int] = [:]
    private static let linearSearchRows = 8
    private var other: MillisecondHistogram?
    private var folded = DistinctCount(limit: ReportBounds.exactDistinctFolded)

    /// Adds `other`'s rows: a pair with a row here adds to it, a new pair gets a row while there is room (in `other`'s
    /// row order, itself the order its pairs were first seen), later ones fold into the "(other)" row.
    mutating func merge(_ other: Self) {
        for (key, histogram) in zip(other.keys, other.histograms) {
            if let row = keys.firstIndex(of: key) {
                histograms[row].merge(histogram)
            } else if keys.count < ReportBounds.latencyRows {
                append(key, histogram)
            } else {
                fold(key) { $0.merge(histogram) }
            }
        }
        if let histogram = other.other {
            if self.other == nil { self.other = MillisecondHistogram() }
            self.other!.merge(histogram)
        }
        folded.merge(other.folded)
    }

    private static func foldedHash(_ key: Key) -> UInt64 {
        DistinctCount.hash(key.kind.rawValue) &+ DistinctCount.hash(key.outcome.rawValue) &* 31
    }

    mutating func add(_ milliseconds: Int64, kind: RecordedKind, outcome: RecordedOutcome) {
        let key = Key(kind: kind, outcome: outcome)
        // A handful of pairs: a linear search beats hashing them per event.
        if let row = keys.count <= Self.linearSearchRows ? keys.firstIndex(of: key) : index[key] {
            histograms[row].add(milliseconds)
            return
        }
        guard keys.count < ReportBounds.latencyRows else { return fold(key) { $0.add(milliseconds) } }
        var histogram = MillisecondHistogram()
        histogram.add(milliseconds)
        append(key, histogram)
    }

    private mutating func append(_ key: Key, _ histogram: MillisecondHistogram) {
        keys.append(key)
        histograms.append(histogram)
        if keys.count > Self.linearSearchRows {
            if index.isEmpty {
                for (row, key) in keys.enumerated() { index[key] = row }
            } else {
                index[key] = keys.count - 1
            }
        }
    }

    /// Counts `key` among the folded pairs and updates the "(other)" row.
    private mutating func fold(_ key: Key, _ update: (inout MillisecondHistogram) -> Void) {
        folded.insert(hash: Self.foldedHash(key))
        if other == nil { other = MillisecondHistogram() }
        update(&other!)
    }

    /// The rows sorted by kind and outcome, then the "(other)" row.
    var latencyRows: [Report.LatencyRow] {
        var result = zip(keys, histograms).map { key, histogram in
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
    var roundedRows: Int { histograms.filter(\.isRounded).count + (other?.isRounded == true ? 1 : 0) }

    /// Distinct pairs folded into the "(other)" row.
    var foldedCount: Int { other == nil ? 0 : folded.count }

    /// Whether `foldedCount` is exact.
    var foldedIsExact: Bool { folded.isExact }

    func finish(into report: inout Report) { report.latency = latencyRows }
}

extension LatencyTable {
    static var facts: ReportFact.Kinds { .attempt }

    mutating func update(_ fact: ReportFact, record: borrowing LogRecord) {
        guard case .attempt(let attempt) = fact, let duration = attempt.duration else { return }
        add(duration, kind: record.attemptKind, outcome: record.attemptOutcome)
    }

    var warnings: [String] {
        var lines: [String] = []
        if foldedCount > 0 {
            lines.append(
                ReportTables.foldedWarning(
                    rows: ReportBounds.latencyRows, "(acquisition.kind, outcome) pairs", foldedCount,
                    exact: foldedIsExact))
        }
        if roundedRows > 0 {
            lines.append(
                "report: \(roundedRows) latency rows hold more than 4096 distinct durations of a minute or more; their "
                    + "percentiles at or above a minute are rounded down by less than 0.8 %")
        }
        return lines
    }
}

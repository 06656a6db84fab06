/// Every table of the report, each a `ReportTable` that `ReportBuilder` routes what it reads to. A new table is one
/// new file, a property here and an entry in `all`.
struct ReportTables {
    var input: InputTable
    var kinds = KindTable()
    var patterns = PatternTable()
    var stsCodes = STSCodeTable()
    var latency = LatencyTable()
    var timeline = AttemptTimeline()
    var breakdowns = BreakdownTables()
    var setups = SetupTable()
    // Counted as operations close.
    var retries = RetryTable()
    var retryAfter = RetryAfterTable()
    var backoff = BackoffTable()
    var operationStorms: OperationStormTable
    var deviceStorms: DeviceStormTable
    /// Examples, pattern timelines and latency buckets for the HTML report.
    var drillDown = DrillDownAggregates()
    var health = HealthTable()

    init(limits: ReportBuilder.Limits, filters: [String]) {
        input = InputTable(filters: filters)
        operationStorms = OperationStormTable(
            threshold: limits.operationStormAttempts, windowMilliseconds: limits.stormWindowMilliseconds)
        deviceStorms = DeviceStormTable(
            threshold: limits.deviceStormAttempts, windowMilliseconds: limits.stormWindowMilliseconds)
    }

    /// Every table, in the order they finish: the drill-downs last, as they add to the rows the others wrote.
    private static let all: [any TableEntry] = [
        Entry(\.input), Entry(\.kinds), Entry(\.patterns), Entry(\.stsCodes), Entry(\.latency), Entry(\.timeline),
        Entry(\.breakdowns), Entry(\.setups), Entry(\.retries), Entry(\.retryAfter), Entry(\.backoff),
        Entry(\.operationStorms),
        Entry(\.deviceStorms), Entry(\.drillDown), Entry(\.health),
    ]

    /// Merges every table of `other` into this one's (`ReportTable.merge`).
    mutating func merge(_ other: Self) {
        for entry in Self.all { entry.merge(&self, other) }
    }

    /// Writes every table's part of `report`.
    func finish(into report: inout Report) {
        for entry in Self.all { entry.finish(self, into: &report) }
    }

    /// The warning for a table that folded values into its "(other)" row.
    static func foldedWarning(rows: Int, _ what: String, _ count: Int, exact: Bool) -> String {
        "report: \(exact ? "" : "about ")\(count) distinct \(what) past the first \(rows) are counted in one "
            + "\(Report.otherLabel) row"
    }
}

/// One table of `ReportTables.all`, whatever its type.
private protocol TableEntry: Sendable {
    func merge(_ tables: inout ReportTables, _ other: ReportTables)
    func finish(_ tables: ReportTables, into report: inout Report)
}

private struct Entry<Table: ReportTable>: TableEntry {
    let path: any WritableKeyPath<ReportTables, Table> & Sendable

    init(_ path: any WritableKeyPath<ReportTables, Table> & Sendable) { self.path = path }

    func merge(_ tables: inout ReportTables, _ other: ReportTables) {
        tables[keyPath: path].merge(other[keyPath: path])
    }

    func finish(_ tables: ReportTables, into report: inout Report) {
        tables[keyPath: path].finish(into: &report)
    }
}

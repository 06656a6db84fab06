/// Every table of the report, each a `ReportTable` that `ReportBuilder` hands every fact to. A new table is one new
/// file, a property here and one line in `forEach`.
struct ReportTables {
    var input: InputTable
    var kinds = KindTable()
    var patterns = PatternTable()
    var stsCodes = STSCodeTable()
    var latency = LatencyTable()
    var timeline = AttemptTimeline()
    var breakdowns = BreakdownTables()
    var setups = SetupTable()
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

    /// The list: every table, in the order they take facts, finish and give their warnings. Set-ups come after the
    /// patterns (they name causes in the patterns' rows) and the drill-downs after both (they add to those rows).
    private mutating func forEach<Step: TableStep>(_ step: inout Step, record: borrowing LogRecord = .noEvent) {
        step.visit(&input, record: record)
        step.visit(&kinds, record: record)
        step.visit(&patterns, record: record)
        step.visit(&stsCodes, record: record)
        step.visit(&latency, record: record)
        step.visit(&timeline, record: record)
        step.visit(&breakdowns, record: record)
        step.visit(&setups, record: record)
        step.visit(&retries, record: record)
        step.visit(&retryAfter, record: record)
        step.visit(&backoff, record: record)
        step.visit(&operationStorms, record: record)
        step.visit(&deviceStorms, record: record)
        step.visit(&drillDown, record: record)
        step.visit(&health, record: record)
    }

    /// Hands `fact` to every table (`ReportTable.update`).
    mutating func update(_ fact: ReportFact, record: borrowing LogRecord) {
        var step = Update(fact: fact, kind: fact.kind)
        forEach(&step, record: record)
    }

    /// Merges every table of `other` into this one's (`ReportTable.merge`).
    mutating func merge(_ other: Self) {
        var others = Collect()
        var copy = other
        copy.forEach(&others)
        var step = Merge(others: others.tables)
        forEach(&step)
    }

    /// Writes every table's part of `report`, then their warnings.
    func finish(into report: inout Report) {
        var step = Finish(report: report)
        var copy = self
        copy.forEach(&step)
        report = step.report
        report.health.warnings += step.warnings
    }

    /// Device-storm windows kept, the current one included (for tests of the memory bound).
    var storedDeviceWindows: Int { deviceStorms.storedWindows }

    /// The warning for a table that folded values into its "(other)" row.
    static func foldedWarning(rows: Int, _ what: String, _ count: Int, exact: Bool) -> String {
        "report: \(exact ? "" : "about ")\(count) distinct \(what) past the first \(rows) are counted in one "
            + "\(Report.otherLabel) row"
    }
}

/// One step over every table of `ReportTables.forEach`, whatever its type.
private protocol TableStep {
    /// `record` is lent, never copied: a copy per fact retained and released every string it holds.
    mutating func visit<Table: ReportTable>(_ table: inout Table, record: borrowing LogRecord)
}

private struct Update: TableStep {
    let fact: ReportFact
    let kind: ReportFact.Kinds

    func visit<Table: ReportTable>(_ table: inout Table, record: borrowing LogRecord) {
        if Table.facts.contains(kind) { table.update(fact, record: record) }
    }
}

/// The tables of another state, in list order (merging happens once per shard: the boxes cost nothing that counts).
private struct Collect: TableStep {
    var tables: [any ReportTable] = []

    mutating func visit<Table: ReportTable>(_ table: inout Table, record: borrowing LogRecord) { tables.append(table) }
}

private struct Merge: TableStep {
    let others: [any ReportTable]
    var index = 0

    mutating func visit<Table: ReportTable>(_ table: inout Table, record: borrowing LogRecord) {
        // The same list walked twice: the table at this index has this type.
        if let other = others[index] as? Table { table.merge(other) }
        index += 1
    }
}

private struct Finish: TableStep {
    var report: Report
    var warnings: [String] = []

    mutating func visit<Table: ReportTable>(_ table: inout Table, record: borrowing LogRecord) {
        table.finish(into: &report)
        warnings += table.warnings
    }
}

import AuthTrail

/// One table of the report as a mergeable aggregate state, after DuckDB's aggregate functions (and ClickHouse's
/// `-State`/`-Merge`): an empty state (`init`), `update` with each fact of the event stream (`ReportFact`, which the
/// table counts or ignores), `merge` of a state counted over other installs, and `finish` into the table's part of
/// `Report`, with the table's own `warnings`.
///
/// Shards of installs are counted into separate states and merged in shard order (`InstallShards`), so merging a
/// state must give what counting its events after this state's would have: counts add, distinct counts take the
/// union, capped tables fold what does not fit, examples are re-sorted by their total order and re-capped.
protocol ReportTable {
    /// The facts `update` counts: the others are not handed to it (most tables take one or two of the stream's
    /// kinds, and a call per table and fact was 5 % of a report's time).
    static var facts: ReportFact.Kinds { get }
    /// Counts `fact`, or ignores it. `record` is the event the fact comes from, lent for the call
    /// (`LogRecord.noEvent` for a fact of no event: a closed operation, an input read, the end of an install).
    mutating func update(_ fact: ReportFact, record: borrowing LogRecord)
    /// Adds what `other` counted over installs after this state's.
    mutating func merge(_ other: Self)
    /// Writes the table's part of `report`.
    func finish(into report: inout Report)
    /// Lines for the report's warnings on this table's caps and estimates (after `finish`).
    var warnings: [String] { get }
}

extension ReportTable {
    var warnings: [String] { [] }
}

extension LogRecord {
    /// The record beside a fact that comes from no event.
    static let noEvent = LogRecord(eventName: "")
}

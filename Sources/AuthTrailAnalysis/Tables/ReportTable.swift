/// One table of the report as a mergeable aggregate state, after DuckDB's aggregate functions (and ClickHouse's
/// `-State`/`-Merge`): an empty state (`init`), updates with what the table counts (each table's own `add`, which
/// `ReportBuilder` routes events, attempts and closed operations to), `merge` of a state counted over other installs,
/// and `finish` into the table's part of `Report`.
///
/// Shards of installs are counted into separate states and merged in shard order (`ReportShards`), so merging a
/// state must give what counting its events after this state's would have: counts add, distinct counts take the
/// union, capped tables fold what does not fit, examples are re-sorted by their total order and re-capped.
protocol ReportTable {
    /// Adds what `other` counted over installs after this state's.
    mutating func merge(_ other: Self)
    /// Writes the table's part of `report`.
    func finish(into report: inout Report)
}

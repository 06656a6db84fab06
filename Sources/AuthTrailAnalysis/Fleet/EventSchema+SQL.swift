import AuthTrail

/// Schema v1 as the SQL engines of docs/FLEET.md take it, so they read every file with the same types instead of
/// inferring (and unifying) each file's schema.
extension EventSchema {
    /// The DuckDB struct literal `read_ndjson(..., columns = …)` takes, one column per line:
    /// `{'timestamp': 'TIMESTAMP', …}`.
    package static var duckDBColumns: String {
        "{\n" + columns.map { "    '\($0.name)': '\(duckDBType($0.type))'" }.joined(separator: ",\n") + "\n}"
    }

    /// The ClickHouse structure `file(…, 'JSONEachRow', '<structure>')` and `s3(…)` take, one column per line:
    /// `` `timestamp` Nullable(DateTime64(3)), … ``. Scalars are Nullable so an absent field is NULL, as in DuckDB
    /// (arrays cannot be: an absent array is empty). Times carry no time zone (a quote would need escaping inside the
    /// structure string): the JSON's `Z` is read as UTC, and the queries format times in UTC. As a table's column list
    /// it needs the three `error.*` arrays left out, which ClickHouse would take for one `Nested` structure
    /// (docs/FLEET.md).
    package static var clickHouseStructure: String {
        columns.map { "`\($0.name)` \(clickHouseType($0.type))" }.joined(separator: ",\n")
    }

    private static func duckDBType(_ type: ValueType) -> String {
        switch type {
        case .string: "VARCHAR"
        case .time: "TIMESTAMP"
        case .integer: "BIGINT"
        case .number: "DOUBLE"
        case .boolean: "BOOLEAN"
        case .strings: "VARCHAR[]"
        case .integers: "BIGINT[]"
        }
    }

    private static func clickHouseType(_ type: ValueType) -> String {
        switch type {
        case .string: "Nullable(String)"
        case .time: "Nullable(DateTime64(3))"
        case .integer: "Nullable(Int64)"
        case .number: "Nullable(Float64)"
        case .boolean: "Nullable(Bool)"
        case .strings: "Array(String)"
        case .integers: "Array(Int64)"
        }
    }
}

import ArgumentParser
import AuthTrail
import AuthTrailAnalysis

struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the typed column map of schema v1 for DuckDB or ClickHouse (docs/FLEET.md).",
        // ArgumentParser prints an exclusive flag pair as `--duckdb --clickhouse`, which reads as both required.
        usage: "authtrail schema (--duckdb | --clickhouse)",
        discussion: """
            --duckdb prints the struct literal for read_ndjson(..., columns = <map>, ignore_errors = true); \
            --clickhouse prints the structure for file(..., 'JSONEachRow', '<structure>'), s3(...) or a CREATE TABLE. \
            Reading with the map gives every file the same types, so no engine has to unify thousands of schemas.

            Name exactly one engine. Exit status: 0, 64 when neither or both engines are named, 73 when standard \
            output could not be written, 141 when standard output is a pipe whose reader has gone.
            """)

    enum Engine: String, EnumerableFlag {
        case duckdb, clickhouse

        static func help(for value: Engine) -> ArgumentHelp? {
            switch value {
            case .duckdb: "The DuckDB struct literal for read_ndjson(columns = …)."
            case .clickhouse: "The ClickHouse structure string for JSONEachRow."
            }
        }
    }

    @Flag(exclusivity: .exclusive)
    var engine: Engine

    func run() throws {
        switch engine {
        case .duckdb: try StandardOutput.write(EventSchema.duckDBColumns)
        case .clickhouse: try StandardOutput.write(EventSchema.clickHouseStructure)
        }
    }
}

import AuthTrail
import AuthTrailAnalysis
import AuthTrailTestSupport
import Foundation
import Testing

/// Runs every query printed in docs/FLEET.md (so the documentation is what is tested), in DuckDB and in ClickHouse
/// (chdb) through Tools/fleet-queries.py, and checks each result equals the table `authtrail report --format json`
/// gives on the same files.
@Suite("fleet queries in docs/FLEET.md")
struct FleetQueryTests {
    static let engines = ["duckdb", "clickhouse"]

    /// Where each query's rows are in the report: a list, or one object for a one-row query. A column the report's
    /// row lacks is looked up in the object holding the list (`timeline.bucket_seconds`), and a row's nested objects
    /// (`latency[].durations`) are flattened into it.
    static let reportTables: [String: [String]] = [
        "input": ["input"], "kinds": ["kinds"], "patterns": ["patterns"], "sts_patterns": ["sts_patterns"],
        "retries": ["retries"], "attempts_histogram": ["retries", "attempts_histogram"],
        "time_to_recover": ["retries", "time_to_recover"], "fallback": ["retries", "fallback"],
        "retry_after": ["retries", "retry_after"], "retry_after_examples": ["retries", "retry_after", "examples"],
        "operation_storms": ["retries", "operation_storms"],
        "operation_storm_examples": ["retries", "operation_storms", "examples"],
        "device_storms": ["retries", "device_storms"],
        "device_storm_examples": ["retries", "device_storms", "examples"],
        "backoff_gaps": ["retries", "backoff", "gaps"], "backoff_shapes": ["retries", "backoff"],
        "latency": ["latency"], "timeline": ["timeline", "buckets"], "health": ["health"],
    ]

    static var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    static var fleetDocument: String { repository.appendingPathComponent("docs/FLEET.md").path }

    /// The rows of every query of `engine` in docs/FLEET.md over `folder`'s segments, by query name (run by
    /// Tools/fleet-queries.py).
    static func query(_ engine: String, folder: String) throws -> [String: [[String: Any]]] {
        let script = repository.appendingPathComponent("Tools/fleet-queries.py").path
        let run = try ProcessRunner.run("python3", [script, engine, "\(folder)/**/*.zst", fleetDocument])
        try #require(run.status == 0, "\(engine) failed (Tools/setup.sh --tests installs it): \(run.standardError)")
        let output = try JSONSerialization.jsonObject(with: run.standardOutput) as? [String: Any]
        return try #require(output?["tables"] as? [String: [[String: Any]]])
    }

    /// Compares every query's rows in both engines with the report on the same folder; returns the report.
    @discardableResult
    static func compare(folder: String) throws -> [String: Any] {
        let run = try ProcessRunner.authtrail(["report", "--format", "json", folder])
        let report = try #require(try JSONSerialization.jsonObject(with: run.standardOutput) as? [String: Any])
        for engine in engines { compare(try query(engine, folder: folder), with: report, engine: engine) }
        return report
    }

    /// Compares one engine's tables, which must be all of them, with the report's.
    static func compare(_ tables: [String: [[String: Any]]], with report: [String: Any], engine: String) {
        #expect(Set(tables.keys) == Set(reportTables.keys), "\(engine): a query without a report table, or missing")
        for (name, rows) in tables.sorted(by: { $0.key < $1.key }) {
            guard let path = reportTables[name] else { continue }
            compare(rows, with: report, at: path, table: "\(engine) \(name)")
        }
    }

    /// Past 1,024 the report estimates a pattern's distinct users and devices with a HyperLogLog++ sketch
    /// (`DistinctCount`): off by at most two values up to 4,096 (its sparse range), then within four standard errors of
    /// 2^14 registers (1.04/128 each). Install ids and pseudonym keys are random, so the sketch's input changes with
    /// every run; four standard errors fail a fair estimate about once in 15,000 comparisons.
    static func estimateTolerance(_ exact: Double) -> Double {
        exact > 4_096 ? 4 * 1.04 / 128 : 2 / exact
    }

    private static func compare(_ rows: [[String: Any]], with report: [String: Any], at path: [String], table: String) {
        var parent: Any = report
        var node: Any = report
        for key in path {
            parent = node
            node = (node as? [String: Any])?[key] ?? [:]
        }
        let expected = node as? [[String: Any]] ?? [node as? [String: Any] ?? [:]]
        #expect(rows.count == expected.count, "\(table): \(rows.count) rows, the report \(expected.count)")
        for (index, (row, reportRow)) in zip(rows, expected).enumerated() {
            var flat = reportRow
            for case let (_, nested as [String: Any]) in reportRow { flat.merge(nested) { first, _ in first } }
            for (column, value) in row {
                let wanted = flat[column] ?? (parent as? [String: Any])?[column]
                // Distinct users and devices of a pattern are exact in the report up to 1,024, then estimated
                // (docs/REPORT-JSON.md); the SQL counts exactly.
                let estimated = ["users", "devices"].contains(column) && (wanted as? Int ?? 0) > 1_024
                let tolerance = estimated ? estimateTolerance((value as? NSNumber)?.doubleValue ?? 1) : 0
                #expect(
                    same(value, wanted, tolerance: tolerance),
                    "\(table) row \(index) \(column): SQL \(value), report \(wanted ?? "absent")")
            }
        }
    }

    /// SQL NULL matches an absent key; numbers compare as numbers (the engines print 3 or 3.0 alike), within
    /// `tolerance` (a fraction of the SQL's value).
    private static func same(_ value: Any, _ wanted: Any?, tolerance: Double) -> Bool {
        switch (value, wanted) {
        case (is NSNull, nil): true
        case (let left as NSNumber, let right as NSNumber):
            abs(left.doubleValue - right.doubleValue) <= tolerance * abs(left.doubleValue)
        case (let left as String, let right as String): left == right
        default: false
        }
    }

    @Test("on the demo's logs, DuckDB, ClickHouse and the report agree on every table")
    func demoAgrees() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let out = directory.path + "/demo"
        #expect(try ProcessRunner.authtrail(["demo", "--out", out]).status == 0)
        try Self.compare(folder: out)
    }

    @Test("on the planted fleet (violations, storms, fallbacks, a non-JSON line, a torn frame), the engines agree")
    func plantedFleetAgrees() throws {
        let fleet = try PlantedFleet()
        defer { fleet.remove() }
        let report = try Self.compare(folder: fleet.directory.path)
        #expect((report["health"] as? [String: Any])?["torn_tails"] as? Int == 1)
    }

    @Test("an operation id seen again after its success is a second operation in the report and the same one in SQL")
    func operationIDSeenAgain() throws {
        let directory = try TemporaryDirectory("reused-operation")
        defer { directory.remove() }
        let trail = try Trail(
            configuration: TrailConfiguration(
                directory: directory.url, app: AppInfo(identifier: "com.contoso.reuse", version: "1.0"),
                clock: ManualTrailClock(start: GeneratedFleet.start)))
        let id = OperationID()
        let offline = FailureDetails(
            domain: "NSURLErrorDomain", code: -1009, codeName: "notConnectedToInternet", action: .waitForConnectivity)
        // A success, then ten minutes later the same id fails and succeeds on its second attempt.
        let attempts: [(seconds: Double, attempt: Int, failure: FailureDetails?)] = [
            (0, 1, nil), (600, 1, offline), (601, 2, nil),
        ]
        for (seconds, attempt, failure) in attempts {
            trail.record(
                TrailEvent(
                    name: .acquisitionEnd, timestamp: GeneratedFleet.start.addingTimeInterval(seconds), operationID: id,
                    attempt: attempt, kind: .silent, duration: .milliseconds(200),
                    outcome: failure == nil ? .success : .failure, failure: failure))
        }
        trail.shutdown(timeout: .testWait)
        let run = try ProcessRunner.authtrail(["report", "--format", "json", directory.path])
        let report = try #require(try JSONSerialization.jsonObject(with: run.standardOutput) as? [String: Any])
        let retries = try #require(report["retries"] as? [String: Any])
        #expect(retries["operations"] as? Int == 2 && retries["retried_operations"] as? Int == 1)
        let histogram = try #require(retries["attempts_histogram"] as? [[String: Any]])
        #expect(histogram.map { [$0["attempts"] as? Int, $0["operations"] as? Int] } == [[1, 1], [2, 1]])
        // docs/FLEET.md: the SQL keeps one operation of three attempts, whose last (a success) recovers it.
        for engine in Self.engines {
            let tables = try Self.query(engine, folder: directory.path)
            let sql = try #require(tables["retries"]?.first)
            #expect(sql["operations"] as? Int == 1 && sql["retried_operations"] as? Int == 1, "\(engine)")
            #expect(sql["retried_succeeded"] as? Int == 1, "\(engine)")
            let rows = try #require(tables["attempts_histogram"])
            #expect(rows.map { [$0["attempts"] as? Int, $0["operations"] as? Int] } == [[3, 1]], "\(engine)")
        }
    }

    @Test("a segment cut mid-frame fails no query, and both engines step over its metadata frame")
    func tornSegment() throws {
        let directory = try TemporaryDirectory("torn-fleet")
        defer { directory.remove() }
        let folder = directory.url.appendingPathComponent("install")
        let trail = try Trail(
            configuration: TrailConfiguration(
                directory: folder, app: AppInfo(identifier: "com.contoso.torn", version: "1.0"),
                clock: ManualTrailClock(start: GeneratedFleet.start)))
        // Flushed every 50 events, so the segment holds many blocks and the cut leaves complete ones before it.
        for (index, event) in SampleEvents.make(count: 4_000).enumerated() {
            trail.record(event)
            if index % 50 == 49 { trail.flush(timeout: .testWait) }
        }
        trail.shutdown(timeout: .testWait)
        let name = try #require(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasSuffix(".zst") })
        let path = folder.appendingPathComponent(name).path
        let bytes = try SystemCalls.readFile(path)
        // A segment starts with its metadata: a skippable frame (magic 0x184D2A5A, little-endian).
        #expect(Array(bytes.prefix(4)) == [0x5A, 0x2A, 0x4D, 0x18])
        try FileManager.default.removeItem(atPath: path)
        try SystemCalls.createFile(path, bytes: Array(bytes.prefix(bytes.count * 3 / 5)))

        let report = try Self.compare(folder: folder.path)
        let health = try #require(report["health"] as? [String: Any])
        #expect(health["torn_tails"] as? Int == 1)
        let input = try #require(report["input"] as? [String: Any])
        let events = try #require(input["events"] as? Int)
        #expect(events > 1_000 && events < 3_000, "the cut keeps the complete blocks before it")
    }
}

/// The typed column map the fleet queries read with, against the schema's documentation.
@Suite("the column map of schema v1")
struct EventSchemaColumnTests {
    /// (name, type) of every row of docs/SCHEMA.md's "Event fields" table; a row naming two keys gives both.
    static func documentedColumns() throws -> [String: String] {
        let schema = try String(
            contentsOf: FleetQueryTests.repository.appendingPathComponent("docs/SCHEMA.md"), encoding: .utf8)
        let section = try #require(schema.components(separatedBy: "## Event fields").last)
        let table = try #require(section.components(separatedBy: "Any other key").first)
        var columns: [String: String] = [:]
        for line in table.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            for name in cells[0].split(separator: ",") {
                columns[name.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: ["`"])] = cells[1]
            }
        }
        return columns
    }

    @Test("every field of docs/SCHEMA.md's event table is in the map with its type, and nothing else is")
    func mapMatchesSchemaDocument() throws {
        let documented = try Self.documentedColumns()
        #expect(documented.count > 30, "the table was found")
        let mapped = Dictionary(uniqueKeysWithValues: EventSchema.columns.map { ($0.name, $0.type.rawValue) })
        for (name, type) in documented { #expect(mapped[name] == type, "\(name): documented \(type)") }
        for (name, type) in mapped { #expect(documented[name] == type, "\(name): mapped as \(type)") }
        #expect(EventSchema.columns.count == mapped.count, "a field is mapped twice")
    }

    @Test("authtrail schema prints the map for each engine, and docs/FLEET.md reads with exactly that map")
    func documentReadsWithTheMap() throws {
        let document = try String(contentsOfFile: FleetQueryTests.fleetDocument, encoding: .utf8)
        func collapsed(_ text: String) -> String {
            text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        for engine in FleetQueryTests.engines {
            let run = try ProcessRunner.authtrail(["schema", "--\(engine)"])
            #expect(run.status == 0)
            #expect(run.text.split(separator: "\n").count == EventSchema.columns.count + (engine == "duckdb" ? 2 : 0))
            let block = try #require(document.components(separatedBy: "-- \(engine): events\n").dropFirst().first)
            let view = try #require(block.components(separatedBy: "```").first)
            #expect(collapsed(view).contains(collapsed(run.text)), "the \(engine) events table reads with the map")
        }
        // The production layout's tables and its file read use the same map, less the three `error.*` arrays.
        let nested = ["error.granted_scopes", "error.declined_scopes", "error.underlying"]
        let production = try ProcessRunner.authtrail(["schema", "--clickhouse"]).text.split(separator: "\n")
            .filter { line in !nested.contains { line.hasPrefix("`\($0)`") } }.joined(separator: "\n")
        for name in [
            "clickhouse-production: events", "clickhouse-production: ingest",
            "clickhouse-production-server: segment_queue",
        ] {
            let block = try #require(document.components(separatedBy: "-- \(name)\n").dropFirst().first)
            let sql = try #require(block.components(separatedBy: "```").first)
            #expect(collapsed(sql).contains(collapsed(production)), "\(name) reads with the map")
            #expect(!nested.contains { sql.contains($0) }, "\(name) has no array ClickHouse takes for Nested")
        }
        // The engines' query blocks, not the production layout's DDL (its tests are GeneratedFleetQueryTests').
        let queries = document.components(separatedBy: "```sql\n").dropFirst().compactMap {
            $0.components(separatedBy: "```").first
        }.filter { $0.hasPrefix("-- duckdb: ") || $0.hasPrefix("-- clickhouse: ") }
        #expect(queries.count == 2 * FleetQueryTests.reportTables.count + 4)
        #expect(!queries.contains { $0.contains("union_by_name") }, "no query unifies every file's schema")
        #expect(try ProcessRunner.authtrail(["schema"]).status == 64)
    }
}

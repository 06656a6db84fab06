import AuthTrailTestSupport
import Foundation
import Testing

/// The generated fleet the suite's tests share, with its report: written once, before the suite's first test, and
/// removed after its last (writing it is a third of the suite's time).
struct SharedGeneratedFleet: SuiteTrait, TestScoping {
    /// The fleet's folder and `authtrail report --format json` on it.
    struct Fleet: Sendable {
        let folder: String
        let report: Data

        /// The report, parsed.
        func reportObject() throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: report) as? [String: Any])
        }
    }

    @TaskLocal static var current: Fleet?

    let installs: Int

    var isRecursive: Bool { false }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let fleet = try GeneratedFleet(installs: installs)
        defer { fleet.remove() }
        let run = try ProcessRunner.authtrail(["report", "--format", "json", fleet.directory.path])
        try #require(run.status == 0, "authtrail report failed: \(run.standardError)")
        try await Self.$current.withValue(Fleet(folder: fleet.directory.path, report: run.standardOutput)) {
            try await function()
        }
    }
}

extension SuiteTrait where Self == SharedGeneratedFleet {
    /// A generated fleet of `installs` installs, shared by the suite's tests (`SharedGeneratedFleet.current`).
    static func generatedFleet(installs: Int) -> Self { SharedGeneratedFleet(installs: installs) }
}

// 3,000 installs, two processes each: 6,000 segments and about 95,000 events, past the ~2,000 files from which
// `union_by_name` ran out of memory; a third of them re-packed by `zstd` without their metadata frames.
// `authtrail-bench fleet` runs 4,000. The time goes into writing the fleet and into each engine's per-file cost.
@Suite(
    "on a generated fleet of 3,000 installs, SQL and the report agree", .generatedFleet(installs: 3_000),
    .disabled(if: Sanitizers.active != nil, Comment(rawValue: Sanitizers.uninstrumentedEnginesReason)))
struct GeneratedFleetQueryTests {
    @Test("every query of docs/FLEET.md, in DuckDB and in ClickHouse, equals the report's table")
    func queriesAgree() throws {
        let fleet = try #require(SharedGeneratedFleet.current)
        let report = try fleet.reportObject()
        for engine in FleetQueryTests.engines {
            let tables = try FleetQueryTests.query(engine, folder: fleet.folder)
            FleetQueryTests.compare(tables, with: report, engine: engine)
        }
        let input = try #require(report["input"] as? [String: Any])
        #expect(input["devices"] as? Int == 3_000 && input["files"] as? Int == 6_000)
        // The fleet exercises every retry table and the health counts SQL can see, so agreeing on it means something.
        let retries = try #require(report["retries"] as? [String: Any])
        for path in [
            ["operation_storms", "count"], ["device_storms", "count"], ["retry_after", "violations"],
            ["retry_after", "compliant"], ["fallback", "succeeded"], ["fallback", "cancelled"], ["fallback", "failed"],
            ["backoff", "growing"], ["backoff", "constant"], ["backoff", "immediate"], ["backoff", "irregular"],
        ] {
            var node: Any? = retries
            for key in path { node = (node as? [String: Any])?[key] }
            #expect((node as? Int ?? 0) > 0, "retries.\(path.joined(separator: ".")) is 0 in the generated fleet")
        }
        // A third of the installs' segments were re-packed, each with one drop report, one newer-schema event and one
        // line that is not JSON (which both engines skip, and only the report counts).
        let health = try #require(report["health"] as? [String: Any])
        #expect(health["drop_reports"] as? Int == 2_000)
        #expect(health["newer_schema_events"] as? Int == 2_000)
        #expect(health["invalid_lines"] as? Int == 2_000)
        #expect((health["dropped_events"] as? Int ?? 0) > 2_000)
    }

    @Test("the production layout of docs/FLEET.md (MergeTree table, views, ingestion) in chdb equals the report")
    func productionLayoutAgrees() throws {
        let fleet = try #require(SharedGeneratedFleet.current)
        let tables = try FleetQueryTests.query("clickhouse-production", folder: fleet.folder)
        FleetQueryTests.compare(tables, with: try fleet.reportObject(), engine: "clickhouse-production")
        // These tables came from the views: a production block replaces the ClickHouse query of the same name.
        let document = try String(contentsOfFile: FleetQueryTests.fleetDocument, encoding: .utf8)
        for table in ["input", "kinds", "patterns", "sts_patterns", "latency", "timeline", "health"] {
            #expect(document.contains("-- clickhouse-production: \(table)\n"), "\(table) is read from a view")
        }
    }
}

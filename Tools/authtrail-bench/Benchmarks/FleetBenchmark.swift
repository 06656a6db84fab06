import ArgumentParser
import AuthTrailTestSupport
import Foundation

/// `authtrail-bench fleet`: every report table over a generated fleet (`GeneratedFleet`: two processes per install,
/// written by `Trail`), in one run: chdb and DuckDB with all threads running every query of docs/FLEET.md
/// (Tools/fleet-queries.py, whose times include turning rows into JSON), `authtrail report --format json`, and the
/// production layout in chdb (MergeTree table and views fed by one `INSERT`, then the tables read), whose insert and
/// query rates docs/FLEET.md's shard estimate uses.
struct FleetBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fleet",
        abstract: "Time docs/FLEET.md's queries in chdb and DuckDB against authtrail report on a generated fleet.")

    @Option(help: "Installs to generate (two processes, so two segments, each).")
    var installs = 4_000

    @Option(
        help:
            "Folder for the generated fleet (reused when it already holds it; a folder of other files is refused, untouched)."
    )
    var data: String?

    @Option(help: "Times the production layout's per-operation queries with the events inserted this many times.")
    var scale = 1

    func run() throws {
        let folder = data ?? "\(FileManager.default.temporaryDirectory.path)/authtrail-bench-fleet-\(installs)"
        let start = Date()
        if try BenchData.prepare(
            folder, write: { try GeneratedFleet.write(installs: installs, into: URL(fileURLWithPath: folder)) })
        {
            print(String(format: "generated %d installs in %.1f s", installs, Date().timeIntervalSince(start)))
        }
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let script = repository.appendingPathComponent("Tools/fleet-queries.py").path

        let binary = ProcessRunner.productsDirectory.appendingPathComponent("authtrail").path
        let json = "\(folder)/report.json"
        let (reportSeconds, reportMegabytes) = try ReportBenchmark.timeAndPeakMemory(
            binary, ["report", "--format", "json", "-o", json, folder])
        let report =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any]
        let input = report?["input"] as? [String: Any] ?? [:]
        let events = input["events"] as? Int ?? 0
        let attempts = (report?["kinds"] as? [[String: Any]] ?? []).compactMap { $0["attempts"] as? Int }.reduce(0, +)
        print("data: \(input["files"] ?? 0) segments, \(events) events, \(input["devices"] ?? 0) installs in \(folder)")
        print("")
        print("| engine (every table of docs/FLEET.md) | load | total | events/s | tables | attempts counted |")
        print("|---|---|---|---|---|---|")
        print(
            String(
                format: "| `authtrail report --format json` (peak RSS %.0f MB) | - | %.2f s | %.0f | all | %d |",
                reportMegabytes, reportSeconds, Double(events) / reportSeconds, attempts))

        let files = input["files"] as? Int ?? 0
        for engine in ["duckdb", "clickhouse", "clickhouse-production"] {
            let repeating = engine == "clickhouse-production" && scale > 1 ? ["--repeat", String(scale)] : []
            let run = try ProcessRunner.run(
                "python3", [script, engine, "\(folder)/**/*.zst"] + repeating, timeLimit: 3_600)
            guard run.status == 0,
                let output = try JSONSerialization.jsonObject(with: run.standardOutput) as? [String: Any],
                let seconds = output["seconds"] as? [String: Double], let tables = output["tables"] as? [String: Any]
            else {
                print("| \(engine) | failed: \(run.standardError.suffix(300)) | | | | |")
                continue
            }
            let total = seconds.filter { $0.key != "repeat" }.values.reduce(0, +)
            let kinds = tables["kinds"] as? [[String: Any]] ?? []
            let labels = [
                "duckdb": "DuckDB, all threads", "clickhouse": "chdb (ClickHouse), all threads",
                "clickhouse-production": "chdb, production layout (MergeTree + views), all threads",
            ]
            let load = seconds["ingest"] ?? seconds["events"] ?? 0
            print(
                String(
                    format: "| %@ | %.2f s | %.2f s | %.0f | %d | %d |", labels[engine] ?? engine, load, total,
                    Double(events) / total, tables.count, kinds.compactMap { $0["attempts"] as? Int }.reduce(0, +)))
            if engine == "clickhouse-production" {
                productionRates(seconds, events: events, files: files)
                if let storage = output["storage"] as? [String: Int], let bytes = storage["bytes"],
                    let rows = storage["rows"], rows > 0
                {
                    let perRow = Double(bytes) / Double(rows)
                    print(String(format: "  events table: %d rows, %.1f bytes a row on disk", rows, perRow))
                }
            }
        }
    }

    /// The production layout's measured rates: the `INSERT` through the views, the reads of the view tables, and
    /// the per-operation queries over the MergeTree table.
    private func productionRates(_ seconds: [String: Double], events: Int, files: Int) {
        let viewTables: Set = ["input", "kinds", "patterns", "sts_patterns", "latency", "timeline", "health"]
        let ingest = seconds["ingest"] ?? 0
        let views = seconds.filter { viewTables.contains($0.key) }.values.reduce(0, +)
        // Creating the table and the views (`events`, `*_by_day`, `timeline_by_minute`) takes milliseconds.
        let perOperation = seconds.filter {
            !viewTables.contains($0.key) && !$0.key.contains("_by_")
                && !["ingest", "events", "repeat"].contains($0.key)
        }.values.reduce(0, +)
        let rows = events * scale
        print("")
        print(
            String(
                format: "production layout: insert %.0f events/s (%.0f files/s) from the files through the views",
                Double(events) / ingest, Double(files) / ingest))
        if let repeated = seconds["repeat"] {
            print(
                String(
                    format: "  %d more copies (%d events) inserted from the table through the views: %.0f events/s",
                    scale - 1, events * (scale - 1), Double(events * (scale - 1)) / repeated))
        }
        print(
            String(
                format: "  over %d events: the 7 view tables read in %.2f s; attempts and the 12 per-operation "
                    + "tables over the MergeTree table in %.2f s (%.0f events/s)",
                rows, views, perOperation, Double(rows) / perOperation))
    }
}

import ArgumentParser
import AuthTrailTestSupport
import Foundation

/// `authtrail-bench fleet`: every report table over a generated fleet (`GeneratedFleet`: two processes per install,
/// written by `Trail`), in one run: chdb and DuckDB with all threads running every query of docs/FLEET.md
/// (Tools/fleet-queries.py, whose times include turning rows into JSON), and `authtrail report --format json`.
struct FleetBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fleet",
        abstract: "Time docs/FLEET.md's queries in chdb and DuckDB against authtrail report on a generated fleet.")

    @Option(help: "Installs to generate (two processes, so two segments, each).")
    var installs = 4_000

    @Option(help: "Folder for the generated fleet (reused when it already holds it).")
    var data: String?

    func run() throws {
        let folder = data ?? "\(FileManager.default.temporaryDirectory.path)/authtrail-bench-fleet-\(installs)"
        let marker = "\(folder)/.complete"
        if !FileManager.default.fileExists(atPath: marker) {
            try? FileManager.default.removeItem(atPath: folder)
            let start = Date()
            try GeneratedFleet.write(installs: installs, into: URL(fileURLWithPath: folder))
            _ = FileManager.default.createFile(atPath: marker, contents: Data())
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

        for engine in ["duckdb", "clickhouse"] {
            let run = try ProcessRunner.run("python3", [script, engine, "\(folder)/**/*.zst"])
            guard run.status == 0,
                let output = try JSONSerialization.jsonObject(with: run.standardOutput) as? [String: Any],
                let seconds = output["seconds"] as? [String: Double], let tables = output["tables"] as? [String: Any]
            else {
                print("| \(engine) | failed: \(run.standardError.suffix(300)) | | | | |")
                continue
            }
            let total = seconds.values.reduce(0, +)
            let kinds = tables["kinds"] as? [[String: Any]] ?? []
            let label = engine == "duckdb" ? "DuckDB, all threads" : "chdb (ClickHouse), all threads"
            print(
                String(
                    format: "| %@ | %.2f s | %.2f s | %.0f | %d | %d |", label, seconds["events"] ?? 0, total,
                    Double(events) / total, tables.count, kinds.compactMap { $0["attempts"] as? Int }.reduce(0, +)))
        }
    }
}

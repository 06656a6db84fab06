import ArgumentParser
import AuthTrailTestSupport
import Foundation

/// `authtrail-bench fleet`: every report table over a generated fleet (`GeneratedFleet`: two processes per install,
/// written by `Trail`), in one run: chdb and DuckDB with all threads running every query of docs/FLEET.md, and
/// `authtrail report --format json`.
struct FleetBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fleet",
        abstract: "Time docs/FLEET.md's queries in chdb and DuckDB against authtrail report on a generated fleet.")

    @Option(help: "Installs to generate (two processes, so two segments, each).")
    var installs = 4_000

    @Option(help: "Folder for the generated fleet (reused when it already holds it).")
    var data: String?

    /// Times loading (`CREATE … events`), then everything else, and prints both with each table's row count and the
    /// attempts the `kinds` table counts.
    static let script = #"""
        import json, re, sys, time
        doc, engine, files = open(sys.argv[1]).read(), sys.argv[2], sys.argv[3]
        blocks = re.findall(r"```sql\n-- " + engine + r": (\w+)\n(.*?)```", doc, re.S)
        if engine == "duckdb":
            import duckdb
            con = duckdb.connect()
            con.execute("SET enable_progress_bar = false")
            run, rows = con.execute, lambda sql: con.sql(sql).fetchall()
        else:
            from chdb import session
            con = session.Session()
            run = con.query
            rows = lambda sql: con.query(sql, "JSONEachRow").bytes().decode().splitlines()
        timings, results = {}, {}
        for name, sql in blocks:
            sql = sql.strip().rstrip(";").replace("logs/**/*.zst", files)
            start = time.perf_counter()
            if sql.startswith("CREATE"):
                run(sql)
            else:
                results[name] = rows(sql)
            timings[name] = time.perf_counter() - start
        kinds = [json.loads(r) if isinstance(r, str) else {"attempts": r[1]} for r in results["kinds"]]
        print(json.dumps({"load": timings["events"], "total": sum(timings.values()), "tables": len(results),
                          "attempts": sum(int(k["attempts"]) for k in kinds)}))
        """#

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
        let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/FLEET.md").path

        let binary = ProcessRunner.productsDirectory.appendingPathComponent("authtrail").path
        let json = "\(folder)/report.json"
        let (reportSeconds, reportMegabytes) = try ReportBenchmark.timeAndPeakMemory(
            binary, ["report", "--format", "json", "-o", json, folder])
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any]
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

        let script = "\(folder)/fleet-bench.py"
        try Self.script.write(toFile: script, atomically: true, encoding: .utf8)
        for engine in ["duckdb", "clickhouse"] {
            let run = try ProcessRunner.run("python3", [script, document, engine, "\(folder)/**/*.zst"])
            guard run.status == 0,
                let result = try JSONSerialization.jsonObject(with: run.standardOutput) as? [String: Any],
                let load = result["load"] as? Double, let total = result["total"] as? Double
            else {
                print("| \(engine) | failed: \(run.standardError.suffix(300)) | | | | |")
                continue
            }
            let label = engine == "duckdb" ? "DuckDB, all threads" : "chdb (ClickHouse), all threads"
            print(
                String(
                    format: "| %@ | %.2f s | %.2f s | %.0f | %d | %d |", label, load, total, Double(events) / total,
                    result["tables"] as? Int ?? 0, result["attempts"] as? Int ?? 0))
        }
    }
}

import AuthTrailTestSupport
import Foundation
import Testing

/// Runs the DuckDB queries printed in docs/FLEET.md (so the documentation is what is tested) and checks they give
/// the numbers `authtrail report --format json` gives, on the demo's logs and on the planted fleet.
@Suite("fleet queries in docs/FLEET.md")
struct FleetQueryTests {
    static let runner = #"""
        import duckdb, json, re, sys
        doc, files = open(sys.argv[1]).read(), sys.argv[2]
        con = duckdb.connect()
        con.execute("SET threads = 1")
        out = {}
        for name, sql in re.findall(r"```sql\n-- duckdb: (\w+)\n(.*?)```", doc, re.S):
            sql = sql.strip().rstrip(';').replace("logs/**/*.zst", files)
            out[name] = [json.loads(row[0]) for row in con.sql(f"SELECT to_json(t)::VARCHAR FROM ({sql}) t").fetchall()]
        print(json.dumps(out))
        """#

    static var fleetDocument: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("docs/FLEET.md").path
    }

    /// DuckDB's `2026-11-22 23:00:16.2+00` as the report's `2026-11-22T23:00:16.200Z`.
    static func rfc3339(_ text: String) -> String {
        let plain = text.replacingOccurrences(of: "+00", with: "").replacingOccurrences(of: " ", with: "T")
        let parts = plain.split(separator: ".", maxSplits: 1)
        let fraction = parts.count == 2 ? String(parts[1]) : ""
        return "\(parts[0]).\(fraction.padding(toLength: 3, withPad: "0", startingAt: 0))Z"
    }

    func compare(folder: String, scratch: String) throws {
        let script = scratch + "/fleet.py"
        try Self.runner.write(toFile: script, atomically: true, encoding: .utf8)
        let duck = try ProcessRunner.run("python3", [script, Self.fleetDocument, "\(folder)/**/*.zst"])
        #expect(duck.status == 0, "DuckDB failed (run Tools/setup.sh): \(duck.standardError.suffix(400))")
        let sql = try #require(
            try JSONSerialization.jsonObject(with: duck.standardOutput) as? [String: [[String: Any]]])
        let run = try ProcessRunner.authtrail(["report", "--format", "json", folder])
        let report = try #require(try JSONSerialization.jsonObject(with: run.standardOutput) as? [String: Any])

        let kinds = report["kinds"] as! [[String: Any]]
        #expect(sql["kinds"]?.count == kinds.count)
        for (row, kind) in zip(sql["kinds"] ?? [], kinds) {
            for key in ["kind", "attempts", "successes", "failures", "cancellations"] {
                #expect("\(row[key]!)" == "\(kind[key]!)", "kinds.\(key)")
            }
        }
        let patterns = report["patterns"] as! [[String: Any]]
        #expect(sql["patterns"]?.count == patterns.count)
        for (row, pattern) in zip(sql["patterns"] ?? [], patterns) {
            for key in ["domain", "code", "count", "devices", "action"] {
                #expect("\(row[key]!)" == "\(pattern[key]!)", "patterns.\(key)")
            }
            #expect(row["subcode"] as? Int == pattern["subcode"] as? Int)
            // DuckDB prints 2026-11-22 23:00:16.362+00; the report 2026-11-22T23:00:16.362Z.
            #expect(Self.rfc3339(row["first_seen"] as! String) == pattern["first_seen"] as? String)
            #expect(Self.rfc3339(row["last_seen"] as! String) == pattern["last_seen"] as? String)
        }
        let sts = report["sts_patterns"] as! [[String: Any]]
        #expect(
            sql["sts"]?.map { "\($0["sts_code"]!):\($0["count"]!):\($0["devices"]!)" }
                == sts.map { "\($0["sts_code"]!):\($0["count"]!):\($0["devices"]!)" })
        let retries = report["retries"] as! [String: Any]
        let histogram = retries["attempts_histogram"] as! [[String: Any]]
        #expect(
            sql["attempts_histogram"]?.map { "\($0["attempts"]!)x\($0["operations"]!)" }
                == histogram.map { "\($0["attempts"]!)x\($0["operations"]!)" })
        let retryAfter = retries["retry_after"] as! [String: Any]
        for key in ["retried_after_hint", "violations", "compliant"] {
            #expect("\(sql["retry_after"]?.first?[key] ?? "?")" == "\(retryAfter[key]!)", "retry_after.\(key)")
        }
        let fallback = retries["fallback"] as! [String: Any]
        for key in ["silent_failures", "fallbacks", "succeeded", "cancelled", "failed"] {
            #expect("\(sql["fallback"]?.first?[key] ?? "?")" == "\(fallback[key]!)", "fallback.\(key)")
        }
        let stormDevices = Set((sql["device_storm_windows"] ?? []).map { "\($0["install"]!)" })
        #expect(stormDevices.count == (retries["device_storms"] as! [String: Any])["count"] as? Int)
    }

    @Test("on the demo's logs, DuckDB and the report agree on every main table")
    func demoAgrees() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let out = directory.path + "/demo"
        #expect(try ProcessRunner.authtrail(["demo", "--out", out]).status == 0)
        try compare(folder: out, scratch: directory.path)
    }

    @Test("on the planted three-device fleet (violations, storms, fallbacks, a torn tail), DuckDB and the report agree")
    func plantedFleetAgrees() throws {
        let fleet = try PlantedFleet()
        defer { fleet.remove() }
        try compare(folder: fleet.directory.path, scratch: fleet.directory.path)
    }
}

import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

@Suite("authtrail report and cat")
struct ReportCommandTests {
    /// Runs the demo into a fresh folder and returns the folder's path.
    static func demo(in directory: TemporaryDirectory) throws -> String {
        let out = directory.path + "/demo"
        let demo = try ProcessRunner.authtrail(["demo", "--out", out])
        #expect(demo.status == 0, "demo failed: \(demo.standardError)")
        return out
    }

    /// The demo's decoded lines, read by the zstd tool (independent of AuthTrail's reader).
    static func decodedLines(_ folder: String) throws -> [[String: Any]] {
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".zst") }.map {
            "\(folder)/\($0)"
        }
        let text = try ProcessRunner.run("zstd", ["-d", "-c", "-q"] + files).text
        return try text.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
        }
    }

    @Test("the JSON report counts the same attempts and failures as the raw events zstd decodes")
    func jsonMatchesRawEvents() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let out = try Self.demo(in: directory)
        let result = try ProcessRunner.authtrail(["report", "--format", "json", out])
        #expect(result.status == 0, "\(result.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any])
        #expect(json["report_schema"] as? Int == 1)
        let ends = try Self.decodedLines(out).filter { $0["event.name"] as? String == "acquisition.end" }
        for kind in ["silent", "interactive"] {
            let row = (json["kinds"] as? [[String: Any]])?.first { $0["kind"] as? String == kind }
            let attempts = ends.filter { $0["acquisition.kind"] as? String == kind }
            #expect(row?["attempts"] as? Int == attempts.count)
            #expect(row?["successes"] as? Int == attempts.filter { $0["outcome"] as? String == "success" }.count)
        }
        let patterns = try #require(json["patterns"] as? [[String: Any]])
        let errored = ends.filter { $0["outcome"] as? String != "success" && $0["error.domain"] != nil }
        #expect(patterns.map { $0["count"] as! Int }.reduce(0, +) == errored.count)
        for pattern in patterns {
            for key in ["domain", "code", "count", "share", "first_seen", "last_seen", "users", "devices"] {
                #expect(pattern[key] != nil, "pattern lacks \(key)")
            }
        }
        let retries = try #require(json["retries"] as? [String: Any])
        let operations = Set(ends.compactMap { $0["operation.id"] as? String })
        #expect(retries["operations"] as? Int == operations.count)
        for key in [
            "attempts_histogram", "fallback", "retry_after", "operation_storms", "device_storms", "backoff",
            "time_to_recover",
        ] {
            #expect(retries[key] != nil, "retries lacks \(key)")
        }
        for key in ["latency", "timeline", "health", "sts_patterns", "input"] {
            #expect(json[key] != nil, "report lacks \(key)")
        }
    }

    @Test(
        "a torn segment is reported with its file and byte offset, its good events are kept, and the exit status is 0")
    func tornSegmentWarns() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // 40 events, each flushed on its own, so the cut below keeps a known share of them whatever the machine's
        // load (the writer batches what arrives together, and a torn block loses all of its events).
        let out = directory.path + "/trail"
        let trail = try Trail(configuration: TrailConfiguration(directory: URL(fileURLWithPath: out)))
        for event in SampleEvents.make(count: 40) {
            #expect(trail.record(event))
            #expect(trail.flush(timeout: .testWait))
        }
        #expect(trail.shutdown(timeout: .testWait))
        let segment = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".zst") }.sorted()[
            0]
        var bytes = try Array(Data(contentsOf: URL(fileURLWithPath: "\(out)/\(segment)")))
        // Cut inside the data frame, before the seal frame a clean shutdown appends.
        bytes.removeLast(bytes.count / 4)
        let torn = directory.path + "/torn.jsonl.zst"
        try Data(bytes).write(to: URL(fileURLWithPath: torn))
        let result = try ProcessRunner.authtrail(["report", "--format", "json", torn])
        #expect(result.status == 0)
        let warnings = result.standardError.split(separator: "\n")
        #expect(warnings.count == 1)
        #expect(warnings.first?.hasPrefix("authtrail: warning: \(torn): byte ") == true)
        #expect(warnings.first?.contains("truncated frame") == true)
        let json = try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any]
        #expect((json?["health"] as? [String: Any])?["torn_tails"] as? Int == 1)
        #expect(((json?["input"] as? [String: Any])?["events"] as? Int ?? 0) > 20)
    }

    @Test("text output has no colour codes when not on a terminal, and --colour always adds them")
    func colourOnlyOnRequest() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let out = try Self.demo(in: directory)
        let plain = try ProcessRunner.authtrail(["report", out])
        #expect(plain.status == 0 && !plain.text.contains("\u{1B}["))
        #expect(plain.text.contains("Retry behaviour") && plain.text.contains("Latency by kind and outcome"))
        let coloured = try ProcessRunner.authtrail(["report", "--colour", "always", out])
        #expect(coloured.text.contains("\u{1B}[1m"))
    }

    @Test("standard input is read like a file")
    func standardInput() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let out = try Self.demo(in: directory)
        let segment = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".zst") }.sorted()[
            0]
        let bytes = try Data(contentsOf: URL(fileURLWithPath: "\(out)/\(segment)"))
        let fromFile = try ProcessRunner.authtrail(["report", "--format", "json", "\(out)/\(segment)"])
        let fromStdin = try ProcessRunner.authtrail(["report", "--format", "json", "-"], input: bytes)
        #expect(fromStdin.status == 0)
        let file = try JSONSerialization.jsonObject(with: fromFile.standardOutput) as? [String: Any]
        let stdin = try JSONSerialization.jsonObject(with: fromStdin.standardOutput) as? [String: Any]
        #expect((file?["kinds"] as? [[String: Any]])?.count == (stdin?["kinds"] as? [[String: Any]])?.count)
        #expect(
            (file?["input"] as? [String: Any])?["events"] as? Int == (stdin?["input"] as? [String: Any])?["events"]
                as? Int)
    }

    @Test("cat writes exactly the lines zstd decodes, and its filters select what jq selects")
    func catMatchesZstdAndJq() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let out = try Self.demo(in: directory)
        let files = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".zst") }.map {
            "\(out)/\($0)"
        }
        let zstd = try ProcessRunner.run("zstd", ["-d", "-c", "-q"] + files)
        let all = try ProcessRunner.authtrail(["cat", out])
        #expect(all.status == 0)
        #expect(all.text == zstd.text)
        for (arguments, select) in [
            (["--kind", "interactive"], #"select(.["acquisition.kind"] == "interactive")"#),
            (["--code", "429"], #"select(.["http.response.status_code"] == 429)"#),
            (["--severity", "ERROR"], #"select(.severity_number >= 17)"#),
            (["--code", "AADSTS50076"], #"select((.["sts.error_codes"] // []) | index(50076))"#),
        ] {
            let filtered = try ProcessRunner.authtrail(["cat"] + arguments + [out])
            let jq = try ProcessRunner.run("jq", ["-c", select], input: zstd.standardOutput)
            #expect(filtered.text.split(separator: "\n").count == jq.text.split(separator: "\n").count, "\(arguments)")
            #expect(!filtered.text.isEmpty, "\(arguments) selected nothing")
        }
        let operation = try #require(try Self.decodedLines(out).compactMap { $0["operation.id"] as? String }.first)
        let one = try ProcessRunner.authtrail(["cat", "--operation-id", operation, out])
        #expect(one.text.split(separator: "\n").allSatisfy { $0.contains(operation) })
        let bad = try ProcessRunner.authtrail(["cat", "--since", "yesterday", out])
        #expect(bad.status == 64)
    }

    @Test("input with no events fails with exit status 65 after a warning naming the file and byte offset")
    func noEvents() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let garbage = directory.path + "/garbage.zst"
        try Data("this is not zstd at all".utf8).write(to: URL(fileURLWithPath: garbage))
        let result = try ProcessRunner.authtrail(["report", garbage])
        #expect(result.status == 65)
        #expect(result.standardError.contains("authtrail: warning: \(garbage): byte 0: not zstd data"))
        #expect(result.standardError.contains("no AuthTrail events"))
    }
}

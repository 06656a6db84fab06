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
        #expect(!errored.isEmpty)
        #expect(patterns.map { $0["count"] as! Int }.reduce(0, +) == errored.count)
        // Every row, from the raw events by docs/REPORT-JSON.md's definitions: grouped by (domain, code, subcode),
        // most frequent first, ties by domain, code, sub-code (absent first).
        let groups = Dictionary(grouping: errored) { PatternKey($0) }
        let expectedKeys = groups.keys.sorted {
            let (left, right) = (groups[$0]!.count, groups[$1]!.count)
            return left != right ? left > right : $0 < $1
        }
        #expect(patterns.map { PatternKey(pattern: $0) } == expectedKeys)
        for (pattern, key) in zip(patterns, expectedKeys) {
            let attempts = groups[key]!
            let times = attempts.compactMap { $0["timestamp"] as? String }.sorted()
            #expect(pattern["count"] as? Int == attempts.count, "\(key)")
            let share = try #require(pattern["share"] as? Double)
            #expect(abs(share - Double(attempts.count) / Double(errored.count)) < 1e-9, "\(key)")
            #expect(pattern["first_seen"] as? String == times.first, "\(key)")
            #expect(pattern["last_seen"] as? String == times.last, "\(key)")
            let users = Set(attempts.compactMap { $0["enduser.id"] as? String }).count
            let devices = Set(attempts.compactMap { $0["install.id"] as? String }).count
            #expect(pattern["users"] as? Int == users, "\(key)")
            #expect(pattern["devices"] as? Int == devices, "\(key)")
        }

        let retries = try #require(json["retries"] as? [String: Any])
        // Operations: attempts sharing (install.id, operation.id), by attempt number (the demo reuses no id).
        let byOperation = Dictionary(grouping: ends) {
            "\($0["install.id"] as? String ?? "") \($0["operation.id"] as? String ?? "")"
        }
        .mapValues { $0.sorted { ($0["attempt"] as? Int ?? 0) < ($1["attempt"] as? Int ?? 0) } }
        #expect(ends.allSatisfy { $0["operation.id"] is String })
        #expect(retries["operations"] as? Int == byOperation.count)
        let sizes = Dictionary(grouping: byOperation.values.map(\.count)) { $0 }.mapValues(\.count)
        let histogram = try #require(retries["attempts_histogram"] as? [[String: Int]])
        #expect(histogram == sizes.keys.sorted().map { ["attempts": $0, "operations": sizes[$0]!] })
        let retried = byOperation.values.filter { $0.count >= 2 }
        #expect(retries["retried_operations"] as? Int == retried.count)
        let retriedSucceeded = retried.filter { $0.last?["outcome"] as? String == "success" }.count
        #expect(retries["retried_succeeded"] as? Int == retriedSucceeded)
        // Fallback: operations with a failed silent attempt, and the first interactive attempt after it.
        var silentFailures = 0
        var fallbackOutcomes: [String] = []
        for attempts in byOperation.values {
            guard
                let failed = attempts.firstIndex(where: {
                    $0["acquisition.kind"] as? String == "silent" && $0["outcome"] as? String == "failure"
                })
            else { continue }
            silentFailures += 1
            let next = attempts[(failed + 1)...].first { $0["acquisition.kind"] as? String == "interactive" }
            if let next {
                fallbackOutcomes.append(next["outcome"] as? String ?? "")
            }
        }
        let fallback = try #require(retries["fallback"] as? [String: Any])
        #expect(silentFailures > 0)
        #expect(fallback["silent_failures"] as? Int == silentFailures)
        #expect(fallback["fallbacks"] as? Int == fallbackOutcomes.count)
        #expect(fallback["succeeded"] as? Int == fallbackOutcomes.filter { $0 == "success" }.count)
        #expect(fallback["cancelled"] as? Int == fallbackOutcomes.filter { $0 == "cancelled" }.count)
        #expect(fallback["failed"] as? Int == fallbackOutcomes.filter { $0 == "failure" }.count)
        // The documented storm definitions.
        let operationStorms = try #require(retries["operation_storms"] as? [String: Any])
        #expect(operationStorms["threshold"] as? Int == 5)
        #expect(operationStorms["window_seconds"] as? Int == 60)
        let deviceStorms = try #require(retries["device_storms"] as? [String: Any])
        #expect(deviceStorms["threshold"] as? Int == 20)
        #expect(deviceStorms["window_seconds"] as? Int == 60)
        // Backoff gaps: the documented buckets, and one gap per non-successful attempt followed by another.
        let backoff = try #require(retries["backoff"] as? [String: Any])
        let gaps = try #require(backoff["gaps"] as? [[String: Any]])
        #expect(gaps.map { $0["from_milliseconds"] as? Int } == [nil, 100, 1_000, 10_000, 60_000])
        let expectedGaps = byOperation.values.map { attempts in
            attempts.dropLast().filter { $0["outcome"] as? String != "success" }.count
        }.reduce(0, +)
        #expect(gaps.map { $0["count"] as? Int ?? -1 }.reduce(0, +) == expectedGaps)

        // Latency buckets: the documented lower bounds, and each row's durations (whole ms, halves away from zero).
        let latency = try #require(json["latency"] as? [[String: Any]])
        #expect(!latency.isEmpty)
        let bounds = [0, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 30_000, 60_000]
        for row in latency {
            let durations = ends.filter {
                $0["acquisition.kind"] as? String == row["kind"] as? String
                    && $0["outcome"] as? String == row["outcome"] as? String
            }.compactMap { ($0["duration_ms"] as? Double).map { Int($0.rounded(.toNearestOrAwayFromZero)) } }
            let buckets = try #require(row["buckets"] as? [[String: Int]])
            #expect(buckets.map { $0["from_milliseconds"] ?? -1 } == bounds)
            let counts = bounds.indices.map { index in
                durations.filter { $0 >= bounds[index] && (index + 1 == bounds.count || $0 < bounds[index + 1]) }.count
            }
            #expect(buckets.map { $0["count"] ?? -1 } == counts, "\(row["kind"] ?? "") \(row["outcome"] ?? "")")
            #expect((row["durations"] as? [String: Any])?["count"] as? Int == durations.count)
        }

        let timeline = try #require(json["timeline"] as? [String: Any])
        #expect([60, 300, 900, 3600, 21600, 86400, 604800].contains(timeline["bucket_seconds"] as? Int ?? 0))
        let buckets = try #require(timeline["buckets"] as? [[String: Any]])
        #expect(buckets.map { $0["attempts"] as? Int ?? 0 }.reduce(0, +) == ends.count)
        let input = try #require(json["input"] as? [String: Any])
        let lines = try Self.decodedLines(out)
        #expect(input["events"] as? Int == lines.count)
        let fileCount = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".zst") }.count
        #expect(input["files"] as? Int == fileCount)
        #expect(input["devices"] as? Int == Set(lines.compactMap { $0["install.id"] as? String }).count)
        let times = lines.compactMap { $0["timestamp"] as? String }.sorted()
        #expect(input["first_event"] as? String == times.first)
        #expect(input["last_event"] as? String == times.last)
        let health = try #require(json["health"] as? [String: Any])
        for key in [
            "drop_reports", "dropped_events", "torn_tails", "corrupt_frames", "checksum_mismatches", "invalid_lines",
        ] {
            #expect(health[key] as? Int == 0, "health.\(key)")
        }
        #expect(json["sts_patterns"] is [[String: Any]])
    }

    /// A `patterns` group: (domain, code, subcode), ordered as docs/REPORT-JSON.md says (absent before present).
    struct PatternKey: Hashable, Comparable, CustomStringConvertible {
        var domain: String
        var code: Int?
        var subcode: Int?

        init(_ event: [String: Any]) {
            domain = event["error.domain"] as? String ?? ""
            code = event["error.code"] as? Int
            subcode = event["error.subcode"] as? Int
        }

        init(pattern: [String: Any]) {
            domain = pattern["domain"] as? String ?? ""
            code = pattern["code"] as? Int
            subcode = pattern["subcode"] as? Int
        }

        static func < (left: Self, right: Self) -> Bool {
            if left.domain != right.domain { return left.domain < right.domain }
            if left.code != right.code { return (left.code ?? .min) < (right.code ?? .min) }
            return (left.subcode ?? .min) < (right.subcode ?? .min)
        }

        var description: String { "\(domain) \(code.map(String.init) ?? "-") \(subcode.map(String.init) ?? "-")" }
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
        // Exactly the events zstd recovers from the torn file (it writes every complete block, then fails).
        let recovered = try ProcessRunner.run("zstd", ["-d", "-c", "-q", torn])
        #expect(recovered.status != 0, "zstd reports the premature end")
        let recoveredEvents = recovered.text.split(separator: "\n").filter {
            ((try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any])?["event.name"] is String
        }.count
        #expect(recoveredEvents > 0 && recoveredEvents < 41, "the cut kept some of the 40 events and segment.start")
        #expect((json?["input"] as? [String: Any])?["events"] as? Int == recoveredEvents)
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
        #expect(fromFile.status == 0)
        let file = try #require(try JSONSerialization.jsonObject(with: fromFile.standardOutput) as? NSDictionary)
        let stdin = try #require(try JSONSerialization.jsonObject(with: fromStdin.standardOutput) as? NSDictionary)
        #expect((file["input"] as? [String: Any])?["events"] as? Int ?? 0 > 0)
        // The whole report, every key and value: only the input's name differs, and no warning names it.
        #expect(file == stdin)
        #expect(fromFile.standardOutput == fromStdin.standardOutput)
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
            // The catalog's severity names, INFO2 included, case aside.
            (["--severity", "info2"], #"select(.severity_number >= 10)"#),
            (["--code", "AADSTS50076"], #"select((.["sts.error_codes"] // []) | index(50076))"#),
        ] {
            let filtered = try ProcessRunner.authtrail(["cat"] + arguments + [out])
            #expect(filtered.status == 0)
            #expect(!filtered.text.isEmpty, "\(arguments) selected nothing")
            // The same lines, in the same order: both through jq, so number spellings compare equal.
            let jq = try ProcessRunner.run("jq", ["-c", select], input: zstd.standardOutput)
            let normalized = try ProcessRunner.run("jq", ["-c", "."], input: filtered.standardOutput)
            #expect(jq.status == 0 && normalized.status == 0)
            #expect(normalized.text == jq.text, "\(arguments)")
        }
        let operation = try #require(try Self.decodedLines(out).compactMap { $0["operation.id"] as? String }.first)
        let one = try ProcessRunner.authtrail(["cat", "--operation-id", operation, out])
        #expect(one.status == 0)
        let selected = try ProcessRunner.run(
            "jq", ["-c", "select(.[\"operation.id\"] == \"\(operation)\")"], input: zstd.standardOutput)
        #expect(!selected.text.isEmpty)
        let normalized = try ProcessRunner.run("jq", ["-c", "."], input: one.standardOutput)
        #expect(normalized.text == selected.text, "cat --operation-id writes exactly the operation's lines")
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

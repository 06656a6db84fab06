import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

/// Feeds every reading command inputs built to break it, and checks each answer: its one expected exit code, one-line
/// errors that name the file, every good event kept, and no crash or hang.
@Suite("hostile inputs to every command", .serialized)
struct HostileInputTests {
    /// The inputs, built once: name → path. Good events live in `good.jsonl.zst` (and inside `mixed.zst`).
    final class Fixture: Sendable {
        let directory: TemporaryDirectory
        let inputs: [String: String]
        let goodEventCount: Int
        /// Events the decoder recovers from the torn and the mixed segment, read in process.
        let recoverableEvents: [String: Int]
        /// Decode issues in `bogus-frame-starts.zst`, counted in process.
        let bogusIssueCount: Int

        init() throws {
            directory = try TemporaryDirectory("hostile")
            let root = directory.path
            var inputs = [String: String]()
            func file(_ name: String, _ bytes: [UInt8]) throws {
                try Data(bytes).write(to: URL(fileURLWithPath: "\(root)/\(name)"))
                inputs[name] = "\(root)/\(name)"
            }
            func zstd(_ text: [UInt8]) throws -> [UInt8] {
                let compressor = try ZstdCompressor(level: 1)
                var out = [UInt8]()
                try compressor.write(text, into: &out)
                try compressor.endFrame(into: &out)
                return out
            }

            // A real segment written by the store.
            let logs = URL(fileURLWithPath: "\(root)/logs")
            let trail = try Trail(configuration: TrailConfiguration(directory: logs))
            // Flushed every 20 events, as the writer flushes every second: a tear loses only the last block.
            for (index, event) in SampleEvents.make(count: 200).enumerated() {
                trail.record(event)
                if index % 20 == 19 { trail.flush(timeout: .testWait) }
            }
            trail.shutdown(timeout: .testWait)
            let segmentPath = try FileManager.default.contentsOfDirectory(atPath: logs.path).first {
                $0.hasSuffix(".zst")
            }!
            let good = try [UInt8](Data(contentsOf: logs.appendingPathComponent(segmentPath)))
            goodEventCount = 201
            try file("good.jsonl.zst", good)

            var random = SplitMix64(seed: 7)
            try file("empty.zst", [])
            try file("random.zst", (0..<65536).map { _ in UInt8(truncatingIfNeeded: random.next()) })
            try file("text.zst", try zstd(Array(String(repeating: "this is not json\n", count: 1000).utf8)))
            try file("torn.zst", Array(good[0..<(good.count * 2 / 3)]))
            var recoverableEvents = [
                "torn.zst": try CollectingSink.decode(Array(good[0..<(good.count * 2 / 3)])).lines.count,
                "mixed.zst": try CollectingSink.decode(good + Array(good[0..<(good.count / 2)])).lines.count,
            ]
            var flipped = good
            flipped[good.count / 2] ^= 0x04
            recoverableEvents["flipped.zst"] = try CollectingSink.decode(flipped).lines.count
            try file("flipped.zst", flipped)
            try file("mixed.zst", good + Array(good[0..<(good.count / 2)]))
            try file("long-line.zst", try zstd(Array(repeating: UInt8(ascii: "a"), count: 50 << 20) + [10]))
            try file(
                "invalid-utf8.zst",
                try zstd(
                    [
                        0x7B, 0x22, 0x65, 0x76, 0x65, 0x6E, 0x74, 0x2E, 0x6E, 0x61, 0x6D, 0x65, 0x22, 0x3A, 0x22, 0xFF,
                        0xFE, 0xC3, 0x22, 0x7D, 0x0A,
                    ] + Array(#"{"event.name":"log","body":"\udc00 lone surrogate"}"#.utf8) + [10]))
            try file(
                "nested.zst",
                try zstd(
                    Array(
                        (String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000) + "\n"
                            + String(repeating: #"{"a":"#, count: 100_000) + "1"
                            + String(repeating: "}", count: 100_000) + "\n").utf8)))
            try file(
                "wrong-types.zst",
                try zstd(
                    Array(
                        #"""
                        {"event.name":5,"attempt":"one","timestamp":[],"error.code":"x","sts.error_codes":"50076","duration_ms":{"a":1}}
                        {"event.name":"acquisition.end","attempt":1e400,"error.code":-9223372036854775809,"outcome":null,"acquisition.kind":7}
                        {"event.name":"acquisition.end","timestamp":"2026-13-45T99:99:99Z","outcome":"failure","error.domain":"MSALErrorDomain","error.code":-50002}

                        """#.utf8)))

            // Issue 19: one line that trapped `report`, variety that took 18.8 GB, damage that printed 2 million warnings.
            let normal =
                #"{"timestamp":"2026-11-22T21:56:58.123Z","event.name":"acquisition.end","install.id":"d1","acquisition.kind":"silent","outcome":"success","duration_ms":120}"#
            try file(
                "duration-1e300.zst",
                try zstd(
                    Array(
                        (normal + "\n" + normal.replacingOccurrences(of: "120", with: "1e300") + "\n" + normal + "\n")
                            .utf8)))
            try file(
                "variety.zst",
                try zstd(
                    Array(
                        (0..<40_000).map { index in
                            #"{"event.name":"acquisition.end","acquisition.kind":"kind-\#(index)","outcome":"outcome-\#(index)","duration_ms":\#(index % 60_000)}"#
                                + "\n"
                        }.joined().utf8)))
            var bogus = [UInt8]()
            bogus.reserveCapacity(1 << 20)
            while bogus.count < 1 << 20 {
                bogus += [0x28, 0xB5, 0x2F, 0xFD] + (0..<4).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            }
            bogusIssueCount = try CollectingSink.decode(bogus).issues.count
            try file("bogus-frame-starts.zst", bogus)

            // Paths that are not plain readable files.
            try FileManager.default.createDirectory(atPath: "\(root)/loop", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: "\(root)/loop/self", withDestinationPath: "\(root)/loop")
            try FileManager.default.createSymbolicLink(
                atPath: "\(root)/loop-a.zst", withDestinationPath: "\(root)/loop-b.zst")
            try FileManager.default.createSymbolicLink(
                atPath: "\(root)/loop-b.zst", withDestinationPath: "\(root)/loop-a.zst")
            inputs["symlink-loop-dir"] = "\(root)/loop"
            inputs["symlink-loop-file"] = "\(root)/loop-a.zst"
            // Reading /proc/self/mem from offset 0 fails with EIO even for root: a truly unreadable file.
            if FileManager.default.fileExists(atPath: "/proc/self/mem") { inputs["unreadable"] = "/proc/self/mem" }
            if mkfifo("\(root)/fifo.zst", 0o600) == 0 { inputs["fifo"] = "\(root)/fifo.zst" }

            // Ten thousand tiny segments in one directory.
            let many = "\(root)/many"
            try FileManager.default.createDirectory(atPath: many, withIntermediateDirectories: true)
            let tiny = try zstd(
                Array(#"{"event.name":"acquisition.end","acquisition.kind":"silent","outcome":"success"}"#.utf8) + [10])
            for index in 0..<10_000 {
                try Data(tiny).write(to: URL(fileURLWithPath: "\(many)/s\(index).jsonl.zst"))
            }
            inputs["ten-thousand-segments"] = many
            self.inputs = inputs
            self.recoverableEvents = recoverableEvents
        }
    }

    static let fixture = Result { try Fixture() }

    static let hostileNames = [
        "empty.zst", "random.zst", "text.zst", "torn.zst", "flipped.zst", "mixed.zst", "long-line.zst",
        "invalid-utf8.zst", "nested.zst", "wrong-types.zst", "symlink-loop-dir", "symlink-loop-file", "unreadable",
        "fifo", "ten-thousand-segments", "duration-1e300.zst", "variety.zst", "bogus-frame-starts.zst",
    ]

    /// Inputs only some platforms can build (`/proc/self/mem`, `mkfifo`); every other input must exist.
    static let platformInputs: Set<String> = ["unreadable", "fifo"]

    /// Each command, as it is run on an input.
    static let commands: [(name: String, arguments: @Sendable (String, String) -> [String])] = [
        ("report", { input, _ in ["report", input] }),
        ("report-json", { input, _ in ["report", "--format", "json", input] }),
        ("report-kind", { input, _ in ["report", "--kind", "silent", "--format", "json", input] }),
        ("cat", { input, _ in ["cat", input] }),
        ("verify", { input, _ in ["verify", input] }),
        ("bundle", { input, out in ["bundle", "-o", out, input] }),
        ("redact", { input, _ in ["redact", input] }),
        ("show", { input, _ in ["show", "--code", "429", input] }),
    ]

    /// The one exit code each (command, input) pair must give: 0 read, 1 a check failed (`verify`: damage; `bundle`:
    /// residual data; `show`: no operation matched), 65 no readable event, in every command that reads events
    /// (`verify`: nothing readable, no file to verify), 66 not openable (README.md, "Exit status").
    /// `report`, `report-json` and `report-kind` share a column (`--kind` only filters), `flipped.zst` is looked up in
    /// `expectedFlipped` (whether any event survives depends on where the flipped bit lands).
    static let expected: [String: [String: Int32]] = [
        // input:                   report  cat  verify  bundle  redact  show
        "empty.zst": row(65, 65, 65, 65, 0, 65),
        "random.zst": row(65, 65, 65, 65, 0, 65),
        "text.zst": row(65, 65, 65, 65, 0, 65),
        "torn.zst": row(0, 0, 1, 0, 0, 0),
        "mixed.zst": row(0, 0, 1, 0, 0, 0),
        "long-line.zst": row(65, 65, 65, 65, 0, 65),
        // Frames and checksums are sound: invalid UTF-8 inside an event is not damage `verify` looks for.
        "invalid-utf8.zst": row(0, 0, 0, 0, 0, 1),
        "nested.zst": row(65, 65, 65, 65, 0, 65),
        "wrong-types.zst": row(0, 0, 1, 0, 0, 1),
        "symlink-loop-dir": row(65, 65, 65, 65, 66, 65),
        "symlink-loop-file": row(66, 66, 66, 66, 66, 66),
        // Opened, then EIO at byte 0: the readers step over a read error as damage (a warning naming file and
        // offset), so it is "no readable event" (65); bundle and redact refuse the input (66).
        "unreadable": row(65, 65, 65, 66, 66, 65),
        "fifo": row(65, 65, 65, 65, 0, 65),
        "ten-thousand-segments": row(0, 0, 0, 0, 66, 1),
        "duration-1e300.zst": row(0, 0, 0, 0, 0, 1),
        "variety.zst": row(0, 0, 0, 0, 0, 1),
        "bogus-frame-starts.zst": row(65, 65, 65, 65, 0, 65),
    ]

    static func row(
        _ report: Int32, _ cat: Int32, _ verify: Int32, _ bundle: Int32, _ redact: Int32, _ show: Int32
    ) -> [String: Int32] {
        [
            "report": report, "report-json": report, "report-kind": report, "cat": cat, "verify": verify,
            "bundle": bundle, "redact": redact, "show": show,
        ]
    }

    /// `flipped.zst`: with events before the damaged block, as `torn.zst`; with none (only the checksum caught the
    /// flip, and the frame is dropped whole), as an input without events.
    static func expectedFlipped(_ command: String, keptEvents: Int) -> Int32 {
        keptEvents > 0 ? expected["torn.zst"]![command]! : (command == "verify" ? 1 : expected["random.zst"]![command]!)
    }

    static var cases: [String] { commands.flatMap { command in hostileNames.map { "\(command.name) \($0)" } } }

    @Test("no command crashes or hangs, and each answers its one expected exit code", arguments: cases)
    func hostileInput(_ testCase: String) throws {
        let fixture = try Self.fixture.get()
        let parts = testCase.split(separator: " ").map(String.init)
        let command = Self.commands.first { $0.name == parts[0] }!
        guard let input = fixture.inputs[parts[1]] else {
            #expect(Self.platformInputs.contains(parts[1]), "\(parts[1]) was not built")
            #if os(Linux)
            Issue.record("\(parts[1]) is built on Linux")
            #endif
            return
        }
        let out = fixture.directory.path + "/out-\(UUID().uuidString).zst"
        let result = try ProcessRunner.authtrail(command.arguments(input, out), timeLimit: 120)
        #expect(!result.timedOut, "\(testCase) hung")
        #expect(!result.wasSignalled, "\(testCase) crashed: \(result.standardError.suffix(300))")
        let expected =
            parts[1] == "flipped.zst"
            ? Self.expectedFlipped(parts[0], keptEvents: fixture.recoverableEvents["flipped.zst"] ?? 0)
            : Self.expected[parts[1]]?[parts[0]]
        #expect(expected != nil, "\(testCase) has no expected exit code")
        #expect(
            result.status == expected,
            "\(testCase) exited \(result.status), expected \(expected ?? -1): \(result.standardError.prefix(300))")
        for line in result.standardError.split(separator: "\n") {
            #expect(
                line.hasPrefix("authtrail:") || line.hasPrefix("Error:"),
                "\(testCase): stray output on stderr: \(line.prefix(200))")
            #expect(line.count < 2000, "\(testCase): an error line longer than 2000 characters")
        }
        for crashMarker in ["Fatal error", "Stack dump", "Backtrace", "Current stack trace", "💣"] {
            #expect(!result.standardError.contains(crashMarker), "\(testCase): \(crashMarker)")
        }
        if result.status != 0 && result.status != 1 {
            let named =
                result.standardError.contains(input)
                || result.standardError.contains((input as NSString).lastPathComponent)
            #expect(named, "\(testCase): the error does not name the input")
        }
    }

    @Test(
        "damaged segments keep every complete event and say where the damage is",
        arguments: ["torn.zst", "mixed.zst", "flipped.zst"])
    func damagedInputKeepsGoodEvents(_ name: String) throws {
        let fixture = try Self.fixture.get()
        let path = fixture.inputs[name]!
        let result = try ProcessRunner.authtrail(["cat", path], timeLimit: 120)
        // A flipped bit that only the checksum caught drops the frame whole: no event left is 65, as in every command.
        let kept = name == "flipped.zst" ? fixture.recoverableEvents[name] ?? 0 : 1
        #expect(result.status == (kept > 0 ? 0 : 65))
        let lines = result.text.split(separator: "\n")
        #expect(
            result.standardError.contains(path) && result.standardError.contains("byte "),
            "\(name): the warning names file and offset")
        switch name {
        case "mixed.zst", "torn.zst":
            // Every complete event the decoder recovers: the intact copy and the whole frames of the cut one.
            #expect(lines.count == fixture.recoverableEvents[name], "every recoverable event is kept")
            #expect(lines.count > (name == "mixed.zst" ? fixture.goodEventCount : fixture.goodEventCount / 3))
        default:
            // Exactly what the zstd tool decodes before it stops (the segment is one frame): the complete lines before
            // a block it rejects, or none when only the checksum catches the flip.
            let zstd = try ProcessRunner.run("zstd", ["-d", "-c", "-q", path])
            let onlyChecksum = zstd.standardError.lowercased().contains("checksum")
            let expected = onlyChecksum ? 0 : zstd.text.utf8.count { $0 == UInt8(ascii: "\n") }
            #expect(lines.count == expected, "the events before the damaged block (checksum only: \(onlyChecksum))")
        }
        for line in lines {
            #expect(
                (try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "cat printed a line that is not JSON"
            )
        }
    }

    @Test("a directory of ten thousand tiny segments is reported whole")
    func tenThousandSegments() throws {
        let fixture = try Self.fixture.get()
        let result = try ProcessRunner.authtrail(
            ["report", "--format", "json", fixture.inputs["ten-thousand-segments"]!], timeLimit: 300)
        #expect(result.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any])
        #expect((json["input"] as? [String: Any])?["files"] as? Int == 10_000)
        let kinds = try #require(json["kinds"] as? [[String: Any]])
        #expect(kinds.count == 1 && kinds.first?["kind"] as? String == "silent")
        #expect(kinds.first?["attempts"] as? Int == 10_000, "all 10,000 attempts are counted")
        #expect(kinds.first?["successes"] as? Int == 10_000)
    }

    @Test("duration_ms 1e300 is reported, not a crash: the attempt counts, the value is ignored and named")
    func durationOf1e300() throws {
        let fixture = try Self.fixture.get()
        let path = try #require(fixture.inputs["duration-1e300.zst"])
        let result = try ProcessRunner.authtrail(["report", "--format", "json", path], timeLimit: 120)
        #expect(result.status == 0 && !result.wasSignalled, "\(result.standardError.suffix(300))")
        let json = try #require(try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any])
        #expect((json["kinds"] as? [[String: Any]])?.first?["attempts"] as? Int == 3)
        #expect((json["health"] as? [String: Any])?["out_of_range_values"] as? Int == 1)
        #expect(
            result.standardError == "authtrail: warning: \(path): 1 duration_ms value outside 0...1000000000000 ms "
                + "(the attempt counts, without latency), for example 1e+300\n")
    }

    @Test("40,000 distinct kinds and outcomes are reported in 257 kind rows and 65 latency rows")
    func varietyIsFolded() throws {
        let fixture = try Self.fixture.get()
        let result = try ProcessRunner.authtrail(
            ["report", "--format", "json", fixture.inputs["variety.zst"]!], timeLimit: 120)
        #expect(result.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any])
        let kinds = try #require(json["kinds"] as? [[String: Any]])
        #expect(kinds.count == 257)
        #expect(kinds.last?["kind"] as? String == "(other)" && kinds.last?["folded_values"] as? Int == 40_000 - 256)
        #expect(kinds.map { $0["attempts"] as? Int ?? 0 }.reduce(0, +) == 40_000)
        let latency = try #require(json["latency"] as? [[String: Any]])
        #expect(latency.count == 65)
        #expect(latency.last?["folded_values"] as? Int == 40_000 - 64)
    }

    @Test("a megabyte of bogus frame starts: every issue counted, a few lines on stderr", arguments: ["report", "cat"])
    func bogusFrameStarts(_ command: String) throws {
        let fixture = try Self.fixture.get()
        let path = try #require(fixture.inputs["bogus-frame-starts.zst"])
        #expect(fixture.bogusIssueCount > 10_000, "the input is damage through and through")
        let arguments = command == "report" ? ["report", "--format", "json", path] : ["cat", path]
        let result = try ProcessRunner.authtrail(arguments, timeLimit: 120)
        // No event in the input: both say so with the documented code (README.md, "Exit status").
        #expect(result.status == 65)
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count <= 7 * 6 + 2, "stderr holds \(lines.count) lines")
        #expect(lines.contains { $0.hasPrefix("authtrail: warning: … and ") && $0.contains(" issues in \(path)") })
        guard command == "report" else { return }
        let json = try #require(try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any])
        let health = try #require(json["health"] as? [String: Any])
        let counted = ["torn_tails", "corrupt_frames", "checksum_mismatches", "other_decode_issues"].map {
            health[$0] as? Int ?? 0
        }.reduce(0, +)
        #expect(counted == fixture.bogusIssueCount)
    }
}

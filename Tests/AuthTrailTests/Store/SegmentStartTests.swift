import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A segment's start (`segment.created_at`, the file name, the `segment.start` line) against the events it holds,
/// and what the report counts when processes sharing a folder open segments after their events were recorded.
@Suite("segment starts")
struct SegmentStartTests {
    /// One segment file, read back: its metadata frame and its decoded lines.
    struct Segment {
        var name: String
        var metadata: [String: Any]
        var lines: [[String: Any]]

        init(path: String) throws {
            name = (path as NSString).lastPathComponent
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            // docs/SCHEMA.md: a skippable frame, magic 0x184D2A5A little-endian, a 4-byte little-endian size, the JSON.
            #expect(Array(bytes.prefix(4)) == [0x5A, 0x2A, 0x4D, 0x18], "\(name) opens with the metadata frame")
            let size = bytes[4...7].reversed().reduce(0) { $0 << 8 | Int($1) }
            metadata = try JSONSerialization.jsonObject(with: Data(bytes[8..<(8 + size)])) as? [String: Any] ?? [:]
            lines = try CollectingSink.decode(bytes).lines.map {
                try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
            }
        }

        var createdAt: String { metadata["segment.created_at"] as? String ?? "" }
        var timestamps: [String] { lines.compactMap { $0["timestamp"] as? String } }
    }

    static func segments(in directory: TemporaryDirectory) throws -> [Segment] {
        try directory.files(withSuffix: ".jsonl.zst").map(Segment.init(path:))
    }

    @Test("segment.start repeats every metadata key as a string, compression.level and format included")
    func startLineRepeatsTheMetadata() throws {
        let directory = try TemporaryDirectory("authtrail-start-line")
        defer { directory.remove() }
        let trail = try Trail(
            configuration: TrailConfiguration(
                directory: directory.url, app: AppInfo(identifier: "com.example.start", version: "4.2"),
                compressionLevel: 7, keyStore: .files(in: directory.url)))
        trail.record(TrailEvent(name: .log, message: "one"))
        #expect(trail.shutdown(timeout: .testWait))

        let segments = try Self.segments(in: directory)
        try #require(segments.count == 1)
        let segment = segments[0]
        let start = try #require(segment.lines.first)
        #expect(start["event.name"] as? String == "segment.start")
        // The documented values, written here: not read from the code.
        #expect(start["format"] as? String == "authtrail-segment")
        #expect(start["compression.level"] as? String == "7")
        #expect(segment.metadata["format"] as? String == "authtrail-segment")
        #expect(segment.metadata["compression.level"] as? Int == 7)
        #expect(start["app.id"] as? String == "com.example.start")
        #expect(start["app.version"] as? String == "4.2")
        // Every other key of the frame, as a string; the three the line carries as its own fields, as those.
        let ownFields: Set = ["schema", "install.id", "segment.created_at"]
        for (key, value) in segment.metadata where !ownFields.contains(key) {
            // The one boolean key (Foundation reads JSON numbers 0 and 1 as Bool too, so ask by key).
            let text = key == "redaction.key_split" ? String((value as? Bool) ?? false) : "\(value)"
            #expect(start[key] as? String == text, "segment.start repeats \(key)")
        }
        #expect(start["schema"] as? Int == 1)
        #expect(start["install.id"] as? String == segment.metadata["install.id"] as? String)
        #expect(start["timestamp"] as? String == segment.createdAt)
        // Nothing more than the metadata: the documented event fields and the frame's keys.
        let lineFields: Set = [
            "timestamp", "schema", "seq", "event.name", "severity_text", "severity_number", "install.id",
        ]
        let extra = Set(start.keys).subtracting(lineFields).subtracting(segment.metadata.keys)
        #expect(extra.isEmpty, "\(extra)")
    }

    @Test("a segment opened for events recorded earlier starts at the earliest of them, in its name and first line")
    func segmentStartsAtItsEarliestEvent() async throws {
        let directory = try TemporaryDirectory("authtrail-start-early")
        defer { directory.remove() }
        // The writer opens its segments at 12:00:10; the events were recorded 5 s and 3 s before that.
        let clock = ManualTrailClock(start: Date(timeIntervalSince1970: 1_795_694_410))  // 2026-11-26T12:00:10Z
        var configuration = TrailConfiguration(
            directory: directory.url, keyStore: .files(in: directory.url), clock: clock)
        // Paused with no background time granted, the writer takes nothing: both events are in the batch that opens
        // the segment.
        configuration.observesLifecycle = false
        configuration.lifecycle.backgroundExecution = .refused
        let trail = try Trail(configuration: configuration)
        trail.enterBackground()
        let first = Date(timeIntervalSince1970: 1_795_694_405.25)
        // Out of order within the batch: the segment starts at the earliest, not the first taken.
        trail.record(TrailEvent(name: .log, timestamp: first.addingTimeInterval(2), message: "second"))
        trail.record(TrailEvent(name: .log, timestamp: first, message: "first"))
        trail.enterForeground()
        #expect(await trail.flush(timeout: .testWait))
        // The segment is open: an event stamped before its start, queued only now, starts a new segment.
        trail.record(TrailEvent(name: .log, timestamp: Date(timeIntervalSince1970: 1_795_694_401.5), message: "late"))
        trail.record(TrailEvent(name: .log, timestamp: clock.now(), message: "now"))
        #expect(await trail.shutdown(timeout: .testWait))

        let segments = try Self.segments(in: directory)
        // Name order is creation order (retention deletes the first names first): the late event's segment, made
        // second, starts earliest but is named no earlier than the segment before it.
        #expect(segments.map(\.createdAt) == ["2026-11-26T12:00:05.250Z", "2026-11-26T12:00:01.500Z"])
        #expect(segments.map { $0.metadata["segment.sequence"] as? Int } == [1, 2])
        #expect(segments.first?.name.hasPrefix("authtrail-20261126T120005.250Z-") == true, "\(segments.map(\.name))")
        #expect(segments.last?.name.hasPrefix("authtrail-20261126T120005.250Z-") == true, "\(segments.map(\.name))")
        for segment in segments {
            #expect(segment.lines.first?["event.name"] as? String == "segment.start")
            // RFC 3339 with a fixed width compares as text.
            #expect(segment.timestamps.allSatisfy { $0 >= segment.createdAt }, "\(segment.name): \(segment.timestamps)")
        }
        // segment.start, then the events: their own times, never changed.
        #expect(
            segments.first?.timestamps == [
                "2026-11-26T12:00:05.250Z", "2026-11-26T12:00:07.250Z", "2026-11-26T12:00:05.250Z",
            ])
        #expect(
            segments.last?.timestamps == [
                "2026-11-26T12:00:01.500Z", "2026-11-26T12:00:01.500Z", "2026-11-26T12:00:10.000Z",
            ])
    }

    @Test("two processes: an attempt recorded before its segment opened is counted in time order by the report")
    func twoProcessesCountedInTimeOrder() throws {
        let directory = try TemporaryDirectory("authtrail-start-two")
        defer { directory.remove() }
        // Process A records attempt 1 (a failed silent attempt) while paused: no segment is open yet.
        let first = Process()
        first.executableURL = URL(fileURLWithPath: StressChild.path)
        first.arguments = ["paused-attempt", directory.path, "op-1", "1", "silent", "failure"]
        let input = Pipe()
        let output = Pipe()
        first.standardInput = input
        first.standardOutput = output
        first.standardError = FileHandle.nullDevice
        try first.run()
        defer { if first.isRunning { kill(first.processIdentifier, SIGKILL) } }
        let recorded = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        try #require(recorded == "recorded\n")
        // A later millisecond: process B records attempt 2 (the interactive fallback, a success) and ends. Its
        // segment starts after A's attempt and before A opens one.
        usleep(20_000)
        let second = try StressChild.run(["attempt", directory.path, "op-1", "2", "interactive", "success"])
        #expect(StressChild.health(in: second.text)["written"] == "1")
        // A opens its segment now, 50 ms later.
        input.fileHandleForWriting.write(Data("go\n".utf8))
        try? input.fileHandleForWriting.close()
        let rest = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        first.waitUntilExit()
        #expect(StressChild.health(in: rest)["written"] == "1")

        // The folder as the two processes left it: one segment each, one install, each starting no later than its
        // events, A's before B's.
        let segments = try Self.segments(in: directory)
        try #require(segments.count == 2)
        let pidA = String(first.processIdentifier)
        let firstID = Int(first.processIdentifier)
        let segmentA = try #require(segments.first { $0.metadata["process.pid"] as? Int == firstID })
        let segmentB = try #require(segments.first { $0.metadata["process.pid"] as? Int != firstID })
        #expect(segmentA.name.contains("-\(pidA)-"))
        #expect(segmentA.metadata["install.id"] as? String == segmentB.metadata["install.id"] as? String)
        let attemptA = try #require(segmentA.lines.first { $0["event.name"] as? String == "acquisition.end" })
        let attemptB = try #require(segmentB.lines.first { $0["event.name"] as? String == "acquisition.end" })
        let timeA = try #require(attemptA["timestamp"] as? String)
        let timeB = try #require(attemptB["timestamp"] as? String)
        #expect(timeA < timeB, "A's attempt came first")
        #expect(segmentA.createdAt <= timeA, "A's segment starts no later than its attempt")
        #expect(segmentA.createdAt < segmentB.createdAt, "so A's segment is read first")
        for segment in segments {
            #expect(segment.timestamps.allSatisfy { $0 >= segment.createdAt }, "\(segment.name): \(segment.timestamps)")
        }

        // One operation of two attempts: a silent failure, then the interactive fallback that succeeded. Counted
        // out of order, the success would close the operation first and the failure start a second one.
        let report = try ProcessRunner.authtrail(["report", "--format", "json", directory.path])
        #expect(report.status == 0, "\(report.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: report.standardOutput) as? [String: Any])
        let totals = json["input"] as? [String: Any]
        #expect(totals?["files"] as? Int == 2)
        #expect(totals?["devices"] as? Int == 1)
        let retries = try #require(json["retries"] as? [String: Any])
        #expect(retries["operations"] as? Int == 1)
        #expect(retries["retried_operations"] as? Int == 1)
        #expect(retries["retried_succeeded"] as? Int == 1)
        let histogram = retries["attempts_histogram"] as? [[String: Int]]
        #expect(histogram == [["attempts": 2, "operations": 1]])
        let fallback = retries["fallback"] as? [String: Any]
        #expect(fallback?["silent_failures"] as? Int == 1)
        #expect(fallback?["fallbacks"] as? Int == 1)
        #expect(fallback?["succeeded"] as? Int == 1)
        #expect(fallback?["failed"] as? Int == 0)
        #expect(fallback?["cancelled"] as? Int == 0)
    }

    /// The folder's segments once `zstd -dc` reads `lines` lines from them, polled every 50 ms; the last listing at
    /// `deadline`.
    static func waitForDecodedLines(
        _ lines: Int, in directory: TemporaryDirectory, deadline: ContinuousClock.Instant
    ) throws -> [String] {
        while true {
            let files = try directory.files(withSuffix: ".jsonl.zst")
            if let file = files.first,
                try ProcessRunner.run("zstd", ["-dc", file]).text.split(separator: "\n").count >= lines
            {
                return files
            }
            if ContinuousClock.now >= deadline { return files }
            usleep(50_000)
        }
    }

    @Test("events never flushed by the app are in the file after the 1 s interval, read by zstd after kill -9")
    func intervalFlushMakesEventsDurable() throws {
        let directory = try TemporaryDirectory("authtrail-interval")
        defer { directory.remove() }
        let count = 200
        let child = Process()
        child.executableURL = URL(fileURLWithPath: StressChild.path)
        child.arguments = ["unflushed", directory.path, String(count)]
        let output = Pipe()
        child.standardOutput = output
        child.standardError = FileHandle.nullDevice
        try child.run()
        defer { if child.isRunning { kill(child.processIdentifier, SIGKILL) } }
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        try #require(line == "recorded \(count - 1)\n")
        // The documented default interval, written here, not read from the code.
        #expect(TrailConfiguration(directory: directory.url).flushInterval == .seconds(1))
        // The child never calls flush() or shutdown(), and 200 small events stay far below the 256 KiB flush buffer:
        // only the interval flush can write them. Kill it as soon as they decode from the file (the interval plus the
        // writer's start; a loaded or sanitized machine may take a few seconds), not after a fixed sleep.
        let files = try Self.waitForDecodedLines(count + 1, in: directory, deadline: .now + .seconds(20))
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        #expect(child.terminationReason == .uncaughtSignal)

        try #require(files.count == 1)
        // The unsealed segment's frame never ended: zstd writes every flushed line, then reports the premature end.
        let decoded = try ProcessRunner.run("zstd", ["-dc", files[0]])
        let lines = decoded.text.split(separator: "\n").map(String.init)
        let attempts = lines.compactMap {
            FolderContents.value(of: "attempt", in: $0, quoted: false).flatMap { Int($0) }
        }
        #expect(attempts == Array(1...count), "every event recorded, in order: \(attempts.count) of \(count)")
        #expect(lines.first.map { $0.contains("\"event.name\":\"segment.start\"") } == true)
        #expect(lines.count == count + 1)
    }
}

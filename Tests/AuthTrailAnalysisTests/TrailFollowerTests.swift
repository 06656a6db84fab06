import AuthTrail
import AuthTrailAnalysis
import AuthTrailTestSupport
import Foundation
import Testing

/// `TrailFollower` on segments a real `Trail` of this process writes: this process counts as their running writer.
@Suite("following a trail folder reads each flush once and tells a live end from a torn one")
struct TrailFollowerTests {
    /// The `body` of every log event followed, in order.
    private struct Messages: LogConsumer {
        var messages: [String] = []
        mutating func event(_ record: LogRecord, line: UnsafeRawBufferPointer) {
            if record.eventName == "log", let message = TailLine.message(of: line) { messages.append(message) }
        }
    }

    private static func record(_ range: Range<Int>, into trail: Trail) {
        for index in range { trail.record(TrailEvent(name: .log, message: "event \(index)")) }
    }

    private static func messages(_ range: Range<Int>) -> [String] { range.map { "event \($0)" } }

    @Test("a live segment's unwritten end waits for the next flush; copied under a gone writer's name, it is torn")
    func liveEndIsNotTorn() throws {
        let directory = try TemporaryDirectory("authtrail-follow-live")
        defer { directory.remove() }
        let trail = try Trail(configuration: TrailConfiguration(directory: directory.url))
        var follower = TrailFollower(paths: [directory.path])
        var seen = Messages()

        Self.record(0..<30, into: trail)
        #expect(trail.flush(timeout: .testWait))
        var findings = follower.poll(into: &seen)
        #expect(findings.warnings.isEmpty && findings.problems.isEmpty, "\(findings.warnings)")
        #expect(seen.messages == Self.messages(0..<30))
        #expect(follower.followedPaths.count == 1, "the active segment stays followed")

        // The frame is still open: the next flush's blocks are decoded from where the last poll stopped.
        Self.record(30..<45, into: trail)
        #expect(trail.flush(timeout: .testWait))
        findings = follower.poll(into: &seen)
        #expect(findings.warnings.isEmpty, "\(findings.warnings)")
        #expect(seen.messages == Self.messages(0..<45))

        // The same bytes, named as written by a process that no longer runs: the open frame is a torn tail.
        let live = try #require(follower.followedPaths.first)
        let torn = try TemporaryDirectory("authtrail-follow-torn")
        defer { torn.remove() }
        let name = SegmentWriter.fileName(createdAt: "2026-11-22T21:56:58.123Z", processID: Int(Int32.max), sequence: 1)
        try FileManager.default.copyItem(atPath: live, toPath: "\(torn.path)/\(name)")
        var tornFollower = TrailFollower(paths: [torn.path], quietPeriod: .zero)  // one look: the copy is done
        var tornSeen = Messages()
        findings = tornFollower.poll(into: &tornSeen)
        #expect(tornSeen.messages == Self.messages(0..<45), "every flushed event of the torn copy is kept")
        #expect(
            findings.warnings.count == 1 && findings.warnings[0].contains("truncated frame"), "\(findings.warnings)")
        #expect(findings.warnings.first?.contains(name) == true, "the warning names the file")
        #expect(tornFollower.followedPaths.isEmpty, "a torn segment is read once, not followed")

        #expect(trail.shutdown(timeout: .testWait))
        findings = follower.poll(into: &seen)
        #expect(findings.warnings.isEmpty, "a sealed segment ends cleanly: \(findings.warnings)")
        #expect(follower.followedPaths.isEmpty, "a sealed segment is no longer followed")
        #expect(seen.messages == Self.messages(0..<45))
    }

    @Test("rotation: the sealed segment is read to its end, then the new one from its start")
    func followsRotation() throws {
        let directory = try TemporaryDirectory("authtrail-follow-rotation")
        defer { directory.remove() }
        let trail = try Trail(
            configuration: TrailConfiguration(
                directory: directory.url, rotation: .init(maxSegmentBytes: 1024)))
        var follower = TrailFollower(paths: [directory.path])
        var seen = Messages()
        for round in 0..<8 {
            Self.record((round * 40)..<(round * 40 + 40), into: trail)
            #expect(trail.flush(timeout: .testWait))
            let findings = follower.poll(into: &seen)
            #expect(findings.warnings.isEmpty, "\(findings.warnings)")
            #expect(seen.messages == Self.messages(0..<(round * 40 + 40)))
        }
        #expect(try directory.files(withSuffix: ".zst").count > 2, "1 KiB segments rotated")
        #expect(follower.followedPaths.count == 1, "only the active segment stays open")
        #expect(trail.shutdown(timeout: .testWait))
    }

    @Test("a segment deleted while followed is dropped quietly")
    func deletedSegmentIsDropped() throws {
        let directory = try TemporaryDirectory("authtrail-follow-deleted")
        defer { directory.remove() }
        let trail = try Trail(configuration: TrailConfiguration(directory: directory.url))
        var follower = TrailFollower(paths: [directory.path])
        var seen = Messages()
        Self.record(0..<10, into: trail)
        #expect(trail.flush(timeout: .testWait))
        _ = follower.poll(into: &seen)
        let followed = try #require(follower.followedPaths.first)
        try FileManager.default.removeItem(atPath: followed)
        let findings = follower.poll(into: &seen)
        #expect(findings.warnings.isEmpty && findings.problems.isEmpty, "\(findings.warnings) \(findings.problems)")
        #expect(follower.followedPaths.isEmpty)
        #expect(seen.messages == Self.messages(0..<10))
        _ = trail.shutdown(timeout: .testWait)
    }

    @Test("a finished file's newer-schema events and invalid lines give the warnings the report's reader gives")
    func warnsAsTheReportDoes() throws {
        let directory = try TemporaryDirectory("authtrail-follow-schema")
        defer { directory.remove() }
        let plain = directory.path + "/copied.jsonl"
        let lines = [
            #"{"timestamp":"2026-11-22T21:56:58.123Z","schema":1,"event.name":"log","body":"known"}"#,
            #"{"timestamp":"2026-11-22T21:56:59.123Z","schema":3,"event.name":"log","body":"newer"}"#,
            "not an event",
        ]
        try (lines.joined(separator: "\n") + "\n").write(toFile: plain, atomically: true, encoding: .utf8)
        let zstd = try ProcessRunner.run("zstd", ["-q", "--rm", plain, "-o", plain + ".zst"])
        try #require(zstd.status == 0, "\(zstd.standardError)")

        var follower = TrailFollower(paths: [directory.path], quietPeriod: .zero)
        var seen = Messages()
        let findings = follower.poll(into: &seen)
        #expect(seen.messages == ["known", "newer"])
        #expect(follower.followedPaths.isEmpty, "a file no writer can append to is read once")
        var counted = Messages()
        let summary = try SegmentReader.read(path: plain + ".zst", into: &counted)
        #expect(summary.newerSchemaEvents == 1 && summary.invalidLines == 1)
        #expect(findings.warnings == summary.warnings)
    }

    /// Event names, install ids and messages of every event read, in order.
    private struct Events: LogConsumer {
        var events: [String] = []
        mutating func event(_ record: LogRecord, line: UnsafeRawBufferPointer) {
            events.append(
                "\(record.eventName.rawValue) \(record.installID ?? "-") \(TailLine.message(of: line) ?? "")")
        }
    }

    @Test("a followed file goes through the report's reader: MSAL log text compressed into it reads as the same events")
    func followsThroughTheReportsReader() throws {
        let directory = try TemporaryDirectory("authtrail-follow-raw-log")
        defer { directory.remove() }
        // The fuzz corpus's file without its first byte, which picks the harness's mode.
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fuzz/Corpus/raw-log/05-console-app-plain").standardizedFileURL
        let lines = String(decoding: try Data(contentsOf: corpus).dropFirst(), as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: false)
        // Two frames, the text cut between them at a line end; the follower first sees the first frame and half of
        // the second, so the raw log's reader must carry its open record and requests from one poll to the next.
        var frames = [Data]()
        for (index, half) in [lines[..<(lines.count / 2)], lines[(lines.count / 2)...]].enumerated() {
            let plain = directory.path + "/half\(index).txt"
            try (half.joined(separator: "\n") + (index == 0 ? "\n" : "")).write(
                toFile: plain, atomically: true, encoding: .utf8)
            let zstd = try ProcessRunner.run("zstd", ["-q", "--rm", plain, "-o", plain + ".zst"])
            try #require(zstd.status == 0, "\(zstd.standardError)")
            frames.append(try Data(contentsOf: URL(fileURLWithPath: plain + ".zst")))
            try FileManager.default.removeItem(atPath: plain + ".zst")
        }
        let followedPath = directory.path + "/msal-console.jsonl.zst"
        let cut = frames[1].count / 2
        try (frames[0] + frames[1].prefix(cut)).write(to: URL(fileURLWithPath: followedPath))

        var follower = TrailFollower(paths: [followedPath])
        var followed = Events()
        var findings = follower.poll(into: &followed)
        #expect(findings.warnings.isEmpty, "\(findings.warnings)")
        #expect(follower.followedPaths == [followedPath], "cut inside a frame and just written: followed on")
        let firstPoll = followed.events.count
        #expect(firstPoll > 0, "the first frame's lines are read at once")

        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: followedPath))
        try handle.seekToEnd()
        try handle.write(contentsOf: frames[1].dropFirst(cut))
        try handle.close()
        findings = follower.poll(into: &followed)
        #expect(follower.followedPaths.isEmpty, "whole now: read to its end and closed")

        var read = Events()
        let summary = try SegmentReader.read(path: followedPath, into: &read)
        #expect(try #require(summary.rawLog).msalLines > 0)
        #expect(followed.events.count > firstPoll && followed.events.contains { $0.hasPrefix("acquisition.end") })
        // Pseudonyms are keyed per run, and both reads are of this run: the same text, the same events.
        #expect(followed.events == read.events)
        #expect(findings.warnings == summary.warnings)
    }

    @Test("a plain MSAL log a console appends to is followed line by line, and read once gives what report reads")
    func followsPlainText() throws {
        let directory = try TemporaryDirectory("authtrail-follow-text")
        defer { directory.remove() }
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fuzz/Corpus/raw-log/05-console-app-plain").standardizedFileURL
        let text = Data(try Data(contentsOf: corpus).dropFirst())  // without the fuzz harness's mode byte
        let path = directory.path + "/console.log"
        let cut = text.count / 2  // inside a line
        try text.prefix(cut).write(to: URL(fileURLWithPath: path))

        var follower = TrailFollower(paths: [path])
        var followed = Events()
        #expect(follower.poll(into: &followed).warnings.isEmpty)
        let firstPoll = followed.events.count
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: text.dropFirst(cut))
        try handle.close()
        #expect(follower.poll(into: &followed).warnings.isEmpty)
        #expect(follower.followedPaths == [path], "text has no end to wait for: followed on")

        var read = Events()
        let summary = try SegmentReader.read(path: path, into: &read)
        #expect(try #require(summary.rawLog).msalLines > 0)
        #expect(firstPoll > 0 && followed.events.count > firstPoll)
        // A record is whole when the next one starts: the last waits for more text (or for the end of `tail`).
        #expect(Array(read.events.prefix(followed.events.count)) == followed.events)
        #expect(followed.events.contains { $0.hasPrefix("acquisition.end") })

        // Read once (tail without -f): the end of the text ends the last record, as report reads it.
        var once = TrailFollower(paths: [path], quietPeriod: .zero)
        var whole = Events()
        #expect(once.poll(into: &whole).warnings == summary.warnings)
        #expect(whole.events == read.events && once.followedPaths.isEmpty)
    }

    @Test("a followed console log's last record is printed once the text stops growing, unless a bracket is open")
    func settlesTheLastRecordOfText() throws {
        let directory = try TemporaryDirectory("authtrail-follow-settle")
        defer { directory.remove() }
        let path = directory.path + "/console.log"
        let header = "TID=7 MSAL 1.3.3 iOS 17.5.1 [2024-07-12 14:58:48 - 30335059-0748-4504-B76C-27F0C99C7881]"
        func append(_ text: String) throws {
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(text.utf8))
            try handle.close()
        }
        func logMessages(_ events: Events) -> [String] {
            events.events.filter { $0.hasPrefix("log ") }.map {
                String($0.split(separator: " ", maxSplits: 2).last ?? "")
            }
        }
        try Data("\(header) Beginning interactive flow.\n".utf8).write(to: URL(fileURLWithPath: path))

        // With the default period, an immediate second look does not settle it: the record may go on.
        var patient = TrailFollower(paths: [path])
        var waited = Events()
        _ = patient.poll(into: &waited)
        _ = patient.poll(into: &waited)
        #expect(logMessages(waited).isEmpty)

        var follower = TrailFollower(paths: [path], textSettlePeriod: .milliseconds(100))
        var followed = Events()
        #expect(follower.poll(into: &followed).warnings.isEmpty)
        #expect(logMessages(followed).isEmpty, "a record is not whole while the text may go on")
        Thread.sleep(forTimeInterval: 0.2)
        _ = follower.poll(into: &followed)
        #expect(logMessages(followed) == ["Beginning interactive flow."])
        _ = follower.poll(into: &followed)
        #expect(logMessages(followed).count == 1, "given once")

        // A record whose bracket is still open waits, however long, and takes the lines that continue it.
        try append("\(header) Requesting scopes: (\n")
        _ = follower.poll(into: &followed)
        Thread.sleep(forTimeInterval: 0.2)
        _ = follower.poll(into: &followed)
        #expect(logMessages(followed).count == 1)
        try append("    \"User.Read\"\n)\n")
        _ = follower.poll(into: &followed)
        Thread.sleep(forTimeInterval: 0.2)
        _ = follower.poll(into: &followed)
        let messages = logMessages(followed)
        #expect(messages.count == 2)
        #expect(messages.last?.contains("\"User.Read\"\n)") == true)
        #expect(follower.followedPaths == [path])
    }

    @Test("a followed console log cut shorter than what was read (truncated in place) still gives its last record")
    func settlesATruncatedLog() throws {
        let directory = try TemporaryDirectory("authtrail-follow-truncated")
        defer { directory.remove() }
        let path = directory.path + "/console.log"
        let line =
            "TID=7 MSAL 1.3.3 iOS 17.5.1 [2024-07-12 14:58:48 - 30335059-0748-4504-B76C-27F0C99C7881] Signing in.\n"
        try Data(line.utf8).write(to: URL(fileURLWithPath: path))
        var follower = TrailFollower(paths: [path], textSettlePeriod: .milliseconds(100))
        var followed = Events()
        _ = follower.poll(into: &followed)
        #expect(followed.events.isEmpty)
        // `> console.log`, or a copy-and-truncate rotation: the file is now shorter than what was read.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 4)
        try handle.close()
        _ = follower.poll(into: &followed)
        Thread.sleep(forTimeInterval: 0.2)
        _ = follower.poll(into: &followed)
        #expect(followed.events.count == 1 && followed.events.first?.hasSuffix("Signing in.") == true)
    }

    @Test("events written without an install id take their segment's in a live view")
    func eventsTakeTheirSegmentsInstall() throws {
        let directory = try TemporaryDirectory("authtrail-follow-install")
        defer { directory.remove() }
        let trail = try Trail(configuration: TrailConfiguration(directory: directory.url))
        trail.record(TrailEvent(name: .log, message: "first"))
        #expect(trail.shutdown(timeout: .testWait))
        let segment = try #require(try SegmentDirectory(path: directory.path).segments().first?.name)
        // The segment's bytes, then a frame of one event with no install.id (a hand-made line, a foreign writer).
        let bare = directory.path + "/bare.jsonl"
        try #"{"timestamp":"2026-11-22T21:56:58.123Z","schema":1,"event.name":"log","body":"bare"}"#
            .appending("\n").write(toFile: bare, atomically: true, encoding: .utf8)
        let zstd = try ProcessRunner.run("zstd", ["-q", "--rm", bare, "-o", bare + ".zst"])
        try #require(zstd.status == 0, "\(zstd.standardError)")
        let file = "\(directory.path)/\(segment)"
        let original = try Data(contentsOf: URL(fileURLWithPath: file))
        let withoutSeal = original.prefix(original.count - 16)  // the seal is the last 16 bytes
        try #require(SegmentSeal.isSeal([UInt8](original.suffix(16))))
        try (withoutSeal + Data(contentsOf: URL(fileURLWithPath: bare + ".zst"))).write(to: URL(fileURLWithPath: file))
        try FileManager.default.removeItem(atPath: bare + ".zst")

        var follower = TrailFollower(paths: [file], quietPeriod: .zero)
        var seen = Events()
        _ = follower.poll(into: &seen)
        let install = try #require(SegmentHeader(file: file)?.installID)
        #expect(seen.events.last == "log \(install) bare", "\(seen.events)")
        var read = Events()
        _ = try SegmentReader.read(path: file, into: &read)
        #expect(read.events.last == "log - bare", "the report keeps an install-less event apart")
    }

    /// The bytes of a segment of `count` log events named by no writer, as a collector or `cp` would deliver it.
    private static func copiedSegment(_ count: Int, in directory: TemporaryDirectory) throws -> [UInt8] {
        let plain = directory.path + "/source.jsonl"
        let lines = (0..<count).map {
            #"{"timestamp":"2026-11-22T21:56:58.123Z","schema":1,"event.name":"log","body":"event \#($0)"}"#
        }
        try (lines.joined(separator: "\n") + "\n").write(toFile: plain, atomically: true, encoding: .utf8)
        let zstd = try ProcessRunner.run("zstd", ["-q", "--rm", plain, "-o", plain + ".zst"])
        try #require(zstd.status == 0, "\(zstd.standardError)")
        return try [UInt8](Data(contentsOf: URL(fileURLWithPath: plain + ".zst")))
    }

    @Test("a file copied in while followed is read to its end; left half-written, it is torn once it stays still")
    func copiedFileIsReadToItsEnd() throws {
        let source = try TemporaryDirectory("authtrail-follow-copy-source")
        defer { source.remove() }
        let bytes = try Self.copiedSegment(3000, in: source)
        let half = bytes.count / 2

        // The copy under way: its first half, a poll, then the rest.
        let directory = try TemporaryDirectory("authtrail-follow-copy")
        defer { directory.remove() }
        let copy = URL(fileURLWithPath: directory.path + "/copied.jsonl.zst")
        try Data(bytes[..<half]).write(to: copy)
        var follower = TrailFollower(paths: [directory.path], quietPeriod: .seconds(30))
        var seen = Messages()
        var findings = follower.poll(into: &seen)
        #expect(findings.warnings.isEmpty, "half a copy is not torn yet: \(findings.warnings)")
        #expect(follower.followedPaths == [copy.path], "a file still changing stays followed")
        let handle = try FileHandle(forWritingTo: copy)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(bytes[half...]))
        try handle.close()
        findings = follower.poll(into: &seen)
        #expect(findings.warnings.isEmpty, "\(findings.warnings)")
        let complete = seen.messages == Self.messages(0..<3000)
        #expect(
            complete,
            "every event of the finished copy: \(seen.messages.count) read, the last \(seen.messages.last ?? "none")")

        // A copy that stopped half-way: torn, once nothing has written it for the quiet period.
        let stopped = try TemporaryDirectory("authtrail-follow-copy-stopped")
        defer { stopped.remove() }
        try Data(bytes[..<half]).write(to: URL(fileURLWithPath: stopped.path + "/copied.jsonl.zst"))
        var stoppedFollower = TrailFollower(paths: [stopped.path], quietPeriod: .milliseconds(300))
        var stoppedSeen = Messages()
        // On a loaded machine the first poll may already come after the quiet period: the two polls' warnings.
        var warnings = stoppedFollower.poll(into: &stoppedSeen).warnings
        Thread.sleep(forTimeInterval: 0.4)
        warnings += stoppedFollower.poll(into: &stoppedSeen).warnings
        #expect(warnings.count == 1 && warnings[0].contains("truncated frame"), "\(warnings)")
        #expect(stoppedFollower.followedPaths.isEmpty, "a torn file is no longer followed")
        let kept = stoppedSeen.messages == Array(Self.messages(0..<3000).prefix(stoppedSeen.messages.count))
        #expect(kept, "the events before the tear, in order: \(stoppedSeen.messages.count) read")
    }

    @Test("a whole file no writer holds is read and closed at once, not held open for the quiet period")
    func wholeFileIsClosedAtOnce() throws {
        let source = try TemporaryDirectory("authtrail-follow-whole-source")
        defer { source.remove() }
        let bytes = try Self.copiedSegment(500, in: source)
        let directory = try TemporaryDirectory("authtrail-follow-whole")
        defer { directory.remove() }
        try Data(bytes).write(to: URL(fileURLWithPath: directory.path + "/copied.jsonl.zst"))
        var follower = TrailFollower(paths: [directory.path], quietPeriod: .seconds(30))
        var seen = Messages()
        let findings = follower.poll(into: &seen)
        #expect(findings.warnings.isEmpty && seen.messages == Self.messages(0..<500))
        #expect(follower.followedPaths.isEmpty, "its descriptor and decoder are let go")
    }

    @Test("a folder that cannot be listed for a while (a network share's hiccup) is not read again when it returns")
    func listingFailureDoesNotReadAgain() throws {
        let source = try TemporaryDirectory("authtrail-follow-hiccup-source")
        defer { source.remove() }
        let bytes = try Self.copiedSegment(20, in: source)
        let parent = try TemporaryDirectory("authtrail-follow-hiccup")
        defer { parent.remove() }
        let folder = parent.path + "/share"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/copied.jsonl.zst"))
        var follower = TrailFollower(paths: [folder], quietPeriod: .zero)
        var seen = Messages()
        _ = follower.poll(into: &seen)
        #expect(seen.messages == Self.messages(0..<20) && follower.followedPaths.isEmpty)

        try FileManager.default.moveItem(atPath: folder, toPath: folder + ".away")
        let away = follower.poll(into: &seen)
        #expect(away.problems.count == 1, "the folder that is gone is said: \(away.problems)")
        try FileManager.default.moveItem(atPath: folder + ".away", toPath: folder)
        let back = follower.poll(into: &seen)
        #expect(back.problems.isEmpty && back.warnings.isEmpty)
        #expect(seen.messages.count == 20, "\(seen.messages.count) events: the file was read again")
    }
}

import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Everything the segments in a folder decode to, as the reader sees it.
struct FolderContents {
    var lines: [String] = []
    var issues: [(file: String, issue: DecodeIssue)] = []
    var files: [String] = []

    /// Reads every `authtrail-*.jsonl.zst` in `directory`, in name order.
    init(_ directory: String) throws {
        files = try FileManager.default.contentsOfDirectory(atPath: directory)
            .filter { $0.hasPrefix("authtrail-") && $0.hasSuffix(".jsonl.zst") }.sorted().map { "\(directory)/\($0)" }
        for file in files {
            let decoded = try CollectingSink.decode(Array(try Data(contentsOf: URL(fileURLWithPath: file))))
            lines += decoded.lines
            issues += decoded.issues.map { (file, $0) }
        }
    }

    /// The `attempt` numbers of the stress child's events, per operation id (`<pid>-t<thread>`), in file order.
    var attemptsByOperation: [String: [Int]] {
        var result = [String: [Int]]()
        for line in lines {
            guard let operation = Self.value(of: "operation.id", in: line, quoted: true),
                let attempt = Self.value(of: "attempt", in: line, quoted: false).flatMap({ Int($0) })
            else { continue }
            result[operation, default: []].append(attempt)
        }
        return result
    }

    /// Nil when `attempts` starts with 1, 2, … `count`; else where it first differs (short, for failure messages).
    static func gap(in attempts: [Int], expectedCount count: Int) -> String? {
        if attempts.count < count { return "only \(attempts.count) of \(count) events" }
        for (index, attempt) in attempts.prefix(count).enumerated() where attempt != index + 1 {
            return "position \(index) holds \(attempt)"
        }
        return nil
    }

    /// Lines whose event name is `name`.
    func events(named name: String) -> [String] { lines.filter { $0.contains("\"event.name\":\"\(name)\"") } }

    /// A field's raw value in one of the writer's lines (compact JSON, no spaces), without a JSON parser: 800k lines
    /// parse in a fraction of the time.
    static func value(of key: String, in line: String, quoted: Bool) -> String? {
        guard let keyRange = line.range(of: "\"\(key)\":") else { return nil }
        var rest = line[keyRange.upperBound...]
        if quoted {
            guard rest.first == "\"" else { return nil }
            rest = rest.dropFirst()
            return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
        }
        let end = rest.firstIndex { $0 == "," || $0 == "}" } ?? rest.endIndex
        return String(rest[..<end])
    }
}

/// The `authtrail-stress` child (Tools/authtrail-stress), run for real.
enum StressChild {
    static var path: String { ProcessRunner.productsDirectory.appendingPathComponent("authtrail-stress").path }

    /// Runs the child to its end.
    static func run(_ arguments: [String]) throws -> ProcessOutput { try ProcessRunner.run(path, arguments) }

    /// The `health …` line's counters.
    static func health(in output: String) -> [String: String] {
        guard let line = output.split(separator: "\n").last(where: { $0.hasPrefix("health ") }) else { return [:] }
        var fields = [String: String]()
        for pair in line.split(separator: " ").dropFirst() {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        return fields
    }

    /// Starts `flush-loop`, waits until it has reported `flushes` completed flushes (and then `extraMicroseconds`,
    /// so the signal can land mid-write), sends it `signal`, and returns its pid and the last event index it
    /// reported flushed.
    static func killAfterFlushes(
        directory: String, every: Int, flushes: Int, signal: Int32 = SIGKILL, extraMicroseconds: UInt32 = 0
    ) throws -> (pid: Int32, lastFlushed: Int) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["flush-loop", directory, String(every)]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var buffer = ""
        var reported = [Int]()
        while reported.count < flushes {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }  // the child ended on its own: the test below will fail on the count
            buffer += String(decoding: data, as: UTF8.self)
            while let newline = buffer.firstIndex(of: "\n") {
                if let value = Int(buffer[..<newline]) { reported.append(value) }
                buffer = String(buffer[buffer.index(after: newline)...])
            }
        }
        if extraMicroseconds > 0 { usleep(extraMicroseconds) }
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(
            process.terminationReason == .uncaughtSignal && process.terminationStatus == signal, "killed by \(signal)")
        // Lines already in the pipe when the child died were flushed too.
        buffer += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        for line in buffer.split(separator: "\n") { if let value = Int(line) { reported.append(value) } }
        #expect(reported.count >= flushes, "the child reported \(reported.count) flushes")
        return (process.processIdentifier, reported.last ?? -1)
    }

    /// `zstd -t` on every file: true when zstd accepts them all; false when there is no file, since every caller
    /// expects segments.
    static func zstdAccepts(_ files: [String]) throws -> Bool {
        guard !files.isEmpty else { return false }
        return try ProcessRunner.run("zstd", ["-q", "-t"] + files).status == 0
    }
}

/// A torn segment of `megabytes` compressed MiB as `kill -9` leaves one: flushed every 100 events, no frame end, no
/// seal, written by a process that no longer runs. Lines carry their index, so each is distinct; `longLines` more of
/// 2 MiB each are spread through it, longer than the frame the reader holds back while it verifies. `processID` names
/// the dead writer; `createdAt` places it among the folder's segments (retention deletes the oldest first).
func tornSegment(
    in directory: String, megabytes: Int, longLines: Int = 0, processID: Int = 999_997,
    createdAt: String = "2026-11-20T10:00:00.000Z"
) throws -> String {
    let metadata = SegmentMetadata(
        installID: "i", appID: "a", appVersion: "1", osName: "Linux", osVersion: "6", libraryVersion: "0",
        zstdVersion: "1.5", processID: processID, segmentSequence: 1, createdAt: createdAt,
        redactionLevel: .maskAllPII, redactionKeyID: "k", compressionLevel: 1)
    let writer = try SegmentWriter(directory: directory, metadata: metadata, compressionLevel: 1)
    let events = SampleEvents.make(count: 1000)
    var encoder = JSONLineWriter()
    var index = 0
    var longLinesLeft = longLines
    while writer.compressedSize < megabytes << 20 {
        encoder.removeAll()
        for _ in 0..<100 {
            events[index % events.count].encode(into: &encoder, context: EventContext(installID: "i", sequence: index))
            index += 1
        }
        try encoder.withBytes { bytes throws(ZstdError) in try writer.append(lines: bytes, count: 100) }
        if longLinesLeft > 0, index % 20_000 == 0 {
            let long = #"{"event.name":"log","body":""# + String(repeating: "x", count: 2 << 20) + "\"}\n"
            try writer.append(lines: Array(long.utf8), count: 1)
            longLinesLeft -= 1
        }
        try writer.flush(durable: false)
    }
    // A last event that was never flushed: what the crash cut.
    try writer.append(lines: Array(#"{"event.name":"never flushed"}\#n"#.utf8), count: 1)
    _ = writer.abandon()
    return writer.path
}

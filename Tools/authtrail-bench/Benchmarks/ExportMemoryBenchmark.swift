import ArgumentParser
import AuthTrail
import AuthTrailAnalysis
import AuthTrailTestSupport
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `authtrail-bench export-memory`: wall time and peak memory of the release `authtrail redact`, `bundle`, `verify`
/// and `cat` on about 1 GB of generated input, each run as a child process, with `zstd -d` on the same files as the
/// anchor in the same run. The goal: peak RSS under 100 MB for `redact`, `bundle` and `verify`, whatever the input
/// size (docs/RELIABILITY.md, "Streaming commands").
struct ExportMemoryBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export-memory",
        abstract: "Peak RSS and time of authtrail redact, bundle, verify and cat on ~1 GB, against zstd -d.")

    @Option(help: "Megabytes of events to generate: decoded NDJSON for the segments, and as much text for redact.")
    var megabytes = 1000

    @Option(help: "Devices (one Trail folder each) to spread the segments over.")
    var devices = 4

    @Option(
        help:
            "Folder for the generated data (reused when it already holds them; a folder of other files is refused, untouched)."
    )
    var data: String?

    @Flag(help: "Keep the generated data instead of deleting it at the end.")
    var keep = false

    func run() throws {
        let folder = data ?? "\(FileManager.default.temporaryDirectory.path)/authtrail-bench-export-\(megabytes)mb"
        let segments = "\(folder)/segments"
        let text = "\(folder)/events.ndjson"
        let key = "\(folder)/bench.key"
        let bundle = "\(folder)/ticket.authtrail.zst"
        // Prepared first: a folder the benchmark refuses (not its own) is not deleted at the end either.
        try prepare(folder: folder, segments: segments, text: text, key: key)
        defer { if !keep { try? FileManager.default.removeItem(atPath: folder) } }
        try? FileManager.default.removeItem(atPath: bundle)
        let segmentFiles = try Self.files(in: segments)
        let decoded = try Self.decodedBytes(segmentFiles)
        let textBytes = try Self.size(text)
        print("data: \(segmentFiles.count) segments from \(devices) devices in \(folder)")
        print(
            String(
                format: "      %.0f MB decoded in %.0f MB of segments; %.0f MB of NDJSON text for redact",
                Double(decoded) / 1e6, Double(try segmentFiles.map(Self.size).reduce(0, +)) / 1e6,
                Double(textBytes) / 1e6))

        let authtrail = ProcessRunner.productsDirectory.appendingPathComponent("authtrail").path
        let zstd = try Self.which("zstd")
        // The floor: what a child that does nothing reports, measured the same way.
        let floor = try measure(["/bin/true"])
        let rows: [(String, Measurement, Int)] = [
            (
                "`zstd -d -c SEGMENTS > /dev/null` (anchor)", try measure([zstd, "-d", "-c", "-q"] + segmentFiles),
                decoded
            ),
            (
                "`authtrail redact --key-file KEY TEXT > /dev/null`",
                try measure([authtrail, "redact", "--key-file", key, text]), textBytes
            ),
            (
                "`authtrail bundle -o BUNDLE SEGMENTS`", try measure([authtrail, "bundle", "-o", bundle, segments]),
                decoded
            ),
            ("`zstd -d -c BUNDLE > /dev/null` (anchor)", try measure([zstd, "-d", "-c", "-q", bundle]), decoded),
            ("`authtrail verify BUNDLE`", try measure([authtrail, "verify", bundle]), decoded),
            ("`authtrail cat BUNDLE > /dev/null`", try measure([authtrail, "cat", bundle]), decoded),
        ]
        print("")
        print("| command | input | wall time | throughput | peak RSS |")
        print("|---|---|---|---|---|")
        for (name, measurement, bytes) in rows {
            print(
                String(
                    format: "| %@ | %.0f MB | %.2f s | %.0f MB/s | %.1f MB |", name, Double(bytes) / 1e6,
                    measurement.seconds, Double(bytes) / 1e6 / measurement.seconds, measurement.peakMegabytes))
        }
        print("")
        print(
            String(
                format: "peak RSS is each child's own ru_maxrss, read by GNU time from wait4; the floor, /bin/true "
                    + "measured the same way: %.1f MB",
                floor.peakMegabytes))
        let goal = rows.filter { $0.0.contains("redact") || $0.0.contains("bundle -o") || $0.0.contains("verify") }
        print(
            "goal, peak RSS < 100 MB for redact, bundle and verify: \(goal.allSatisfy { $0.1.peakMegabytes < 100 } ? "met" : "NOT met")"
        )
    }

    struct Measurement {
        var seconds: Double
        var peakMegabytes: Double
    }

    /// Runs `command` with its output sent to /dev/null; its wall time, and its peak RSS as GNU time reads it from
    /// `wait4` (the child's own `ru_maxrss`, what `getrusage(RUSAGE_CHILDREN)` gives in a process whose only child it
    /// is). Not read from this process: a child's ru_maxrss starts from its parent's resident pages, because a forked
    /// or vforked child carries the parent's memory until it execs (a /bin/true started from a process holding 500 MB
    /// reports 525 MB), and this process holds the Swift runtime and Foundation. GNU time forks from about 1 MB.
    private func measure(_ command: [String]) throws -> Measurement {
        let report = "\(FileManager.default.temporaryDirectory.path)/authtrail-bench-rss-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: report) }
        let start = DispatchTime.now().uptimeNanoseconds
        let result = try ProcessRunner.run(
            "sh", ["-c", #"exec /usr/bin/time -f %M -o "$0" "$@" > /dev/null"#, report] + command, timeLimit: 3600)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
        guard result.status == 0, let kilobytes = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw ValidationError(
                "\(command.joined(separator: " ").prefix(120)) failed (GNU time at /usr/bin/time is needed): "
                    + "\(result.standardError.suffix(400))")
        }
        return Measurement(seconds: seconds, peakMegabytes: kilobytes / 1024)
    }

    private static func which(_ name: String) throws -> String {
        let result = try ProcessRunner.run("sh", ["-c", "command -v \(name)"])
        let path = result.text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard result.status == 0, !path.isEmpty else { throw ValidationError("\(name) is not on PATH") }
        return path
    }

    private static func size(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }

    private static func files(in folder: String) throws -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".zst") { files.append("\(folder)/\(path)") }
        }
        return files.sorted()
    }

    private static func decodedBytes(_ files: [String]) throws -> Int {
        let quoted = files.map { "'\($0)'" }.joined(separator: " ")
        let result = try ProcessRunner.run("sh", ["-c", "zstd -d -c -q \(quoted) | wc -c"], timeLimit: 3600)
        return Int(result.text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    /// Writes the segments through the real Trail (SampleEvents, in batches so this process stays small), then the
    /// redact input: the segments' lines with a line of raw identifiers after every fourth one, unless already there.
    private func prepare(folder: String, segments: String, text: String, key: String) throws {
        try BenchData.prepare(folder) {
            try FileManager.default.createDirectory(atPath: segments, withIntermediateDirectories: true)
            // About 355 bytes per SampleEvents line as the Trail writes it (846 MB for 2,380,952 events).
            let perDevice = megabytes * 1_000_000 / 355 / devices
            let batch = 10_000
            for device in 0..<devices {
                var start = Date(timeIntervalSince1970: 1_795_000_000)
                let clock = ManualTrailClock(start: start)
                var configuration = TrailConfiguration(
                    directory: URL(fileURLWithPath: "\(segments)/device-\(device)"),
                    app: AppInfo(identifier: "com.contoso.bench", version: "1.\(device)"), clock: clock)
                configuration.retention = .init(maxSegmentCount: 100_000, maxTotalBytes: 1 << 40)
                let trail = try Trail(configuration: configuration)
                var written = 0
                while written < perDevice {
                    let events = SampleEvents.make(
                        count: min(batch, perDevice - written), seed: UInt64(device * 1_000_003 + written), start: start
                    )
                    for event in events { trail.record(event) }
                    trail.flush()
                    start = events.last.map { $0.timestamp.addingTimeInterval(1) } ?? start
                    written += events.count
                }
                trail.shutdown()
                guard trail.health.eventsLost == 0 else {
                    throw ValidationError(
                        "the writer lost \(trail.health.eventsLost) events: \(trail.health.lastError ?? "")")
                }
            }
            try Data((0..<32).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }).write(to: URL(fileURLWithPath: key))
            var writer = try PlantedTextWriter(path: text, limit: megabytes * 1_000_000)
            _ = InputReader.read(paths: [segments], into: &writer)
            try writer.finish()
        }
    }
}

/// Writes the events' lines to a text file, with a line of raw identifiers (an address, an IP address, a bearer
/// JWT, an object id, in turn) after every fourth: what `redact` is for. Stops at `limit` bytes.
private struct PlantedTextWriter: LogConsumer {
    var stringFields: LogRecord.StringFields { [] }
    let descriptor: Int32
    let limit: Int
    var buffer: [UInt8] = []
    var written = 0
    var lines = 0
    var writeError: SystemError?

    init(path: String, limit: Int) throws {
        descriptor = try SystemCalls.open(path, write: true, create: true, mode: 0o600)
        self.limit = limit
        buffer.reserveCapacity(1 << 20)
    }

    mutating func event(_ record: LogRecord, line: UnsafeRawBufferPointer) {
        guard written + buffer.count < limit else { return }
        buffer.append(contentsOf: line)
        buffer.append(UInt8(ascii: "\n"))
        lines += 1
        if lines % 4 == 0 {
            let hex = String(lines, radix: 16)
            let planted: String
            switch lines / 4 % 4 {
            case 0: planted = "Acquire token for user\(hex).name@contoso.com, account found in cache"
            case 1: planted = "Sending request to login.microsoftonline.com from 203.0.113.\(lines % 250)"
            case 2:
                planted =
                    "Authorization: Bearer eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.eyJvaWQiOiI\(hex)In0.c2lnbmF0dXJl\(hex)"
            default:
                planted =
                    "Home account object id 3f2b8c1d-4a5e-4f60-8a7b-\(String(repeating: "0", count: max(0, 12 - hex.count)))\(hex)"
            }
            let event =
                #"{"timestamp":"2026-11-22T10:15:42.000Z","schema":1,"seq":\#(lines),"event.name":"log","#
                + #""severity_text":"INFO","severity_number":9,"log.source":"msal","body":"\#(planted)"}"# + "\n"
            buffer.append(contentsOf: event.utf8)
        }
        if buffer.count >= 1 << 20 { flush() }
    }

    mutating func flush() {
        guard !buffer.isEmpty, writeError == nil else { return }
        do { try SystemCalls.writeAll(descriptor, buffer) } catch { writeError = error }
        written += buffer.count
        buffer.removeAll(keepingCapacity: true)
    }

    mutating func finish() throws {
        flush()
        SystemCalls.close(descriptor)
        if let writeError { throw ValidationError("cannot write the text: \(writeError)") }
    }
}

import ArgumentParser
import AuthTrail
import AuthTrailTestSupport
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `authtrail-bench seal`: the memory and time it takes to seal a torn segment (what a `Trail` does at start, on the
/// app's writer thread, for a segment whose writer died). A segment of the store's largest size is written and torn,
/// then a fresh child process seals it and reports its own resident memory before and at its peak, so the figure is
/// the sealing alone, not the benchmark's.
struct SealBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seal",
        abstract: "Peak memory and time of sealing a torn segment, in a child process.")

    @Option(help: "Compressed size of the torn segment in MiB (the store rotates at 4 MiB by default).")
    var megabytes = 4

    @Option(help: "zstd level the segment is written with.")
    var level: Int32 = 1

    @Option(help: "Seal the segments in this folder and print the memory figures (what the child does).")
    var child: String?

    func run() throws {
        if let child {
            let baseline = Self.memoryKilobytes("VmRSS")
            let start = DispatchTime.now().uptimeNanoseconds
            let sealed = SegmentDirectory(path: child).sealTornSegments(active: nil)
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            let peak = Self.memoryKilobytes("VmHWM")
            print("sealed=\(sealed.count) baseline_kb=\(baseline) peak_kb=\(peak) seconds=\(seconds)")
            return
        }
        let directory = try TemporaryDirectory("authtrail-bench-seal")
        defer { directory.remove() }
        let (path, lines, rawBytes) = try Self.tornSegment(in: directory.path, megabytes: megabytes, level: level)
        let compressed = try SystemCalls.status(path: path).size
        let output = try ProcessRunner.run(
            CommandLine.arguments[0], ["seal", "--child", directory.path], timeLimit: 600)
        guard output.status == 0, let figures = Self.figures(output.text) else {
            throw ValidationError("the sealing child failed: \(output.standardError.suffix(300))")
        }
        let sealed = try CollectingSink.decode(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        guard sealed.lines.count == lines, sealed.issues.isEmpty else {
            throw ValidationError("sealed \(sealed.lines.count) of \(lines) lines, issues \(sealed.issues)")
        }
        let growth = Double(figures.peak - figures.baseline) / 1024
        print(
            String(
                format: "torn segment: %.1f MiB compressed, %.1f MiB of %d lines (level %d)",
                Double(compressed) / 1_048_576, Double(rawBytes) / 1_048_576, lines, level))
        print(
            String(
                format: "sealing child: baseline RSS %.1f MiB, peak %.1f MiB, growth %.1f MiB, %.2f s",
                Double(figures.baseline) / 1024, Double(figures.peak) / 1024, growth, figures.seconds))
        print("every line kept, sealed file decodes without issue")
    }

    /// A segment the store could have left after `kill -9`: flushed every 100 events, no frame end, no seal, written
    /// by a process that no longer runs.
    private static func tornSegment(
        in directory: String, megabytes: Int, level: Int32
    ) throws -> (path: String, lines: Int, rawBytes: Int) {
        let metadata = SegmentMetadata(
            installID: "bench", appID: "com.example.bench", appVersion: "1", osName: "Linux", osVersion: "6",
            libraryVersion: "0", zstdVersion: zstdLibraryVersion, processID: 999_999, segmentSequence: 1,
            createdAt: "2026-11-20T10:00:00.000Z", redactionLevel: .maskAllPII, redactionKeyID: "k",
            compressionLevel: Int(level))
        let writer = try SegmentWriter(directory: directory, metadata: metadata, compressionLevel: level)
        let events = SampleEvents.make(count: 5000)
        var lines = 0
        var rawBytes = 0
        var encoder = JSONLineWriter()
        while writer.compressedSize < megabytes << 20 {
            encoder.removeAll()
            for index in 0..<100 {
                events[(lines + index) % events.count].encode(
                    into: &encoder, context: EventContext(installID: "bench", sequence: lines + index + 1))
            }
            rawBytes += encoder.bytes.count
            try encoder.withBytes { bytes throws(ZstdError) in try writer.append(lines: bytes, count: 100) }
            lines += 100
            try writer.flush(durable: false)
        }
        _ = writer.abandon()
        return (writer.path, lines, rawBytes)
    }

    private static func figures(_ text: String) -> (baseline: Int, peak: Int, seconds: Double)? {
        var values = [String: Substring]()
        for pair in text.split(whereSeparator: \.isWhitespace) {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { values[String(parts[0])] = parts[1] }
        }
        guard values["sealed"] == "1", let baseline = values["baseline_kb"].flatMap({ Int($0) }),
            let peak = values["peak_kb"].flatMap({ Int($0) }), let seconds = values["seconds"].flatMap({ Double($0) })
        else { return nil }
        return (baseline, peak, seconds)
    }

    /// A `/proc/self/status` field in kB (Linux); 0 where there is none.
    private static func memoryKilobytes(_ field: String) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") })
        else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}

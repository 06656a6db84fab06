import ArgumentParser
import AuthTrail
import AuthTrailTestSupport
import Foundation
import Logging

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `authtrail-bench store`: the log store against its anchors, in one run.
///
/// 1. Enqueue latency of `Trail.record` with 1, 2 and 4 recording threads (p50, p99).
/// 2. Writer throughput (redact → serialize → compress → write, from a full queue until the segment is closed; and
///    end to end from the first `Trail.record`) and compressed size, beside the `zstd -3` CLI on the identical
///    NDJSON (the segments decoded back) and beside a naive swift-log handler that appends each line to a file.
/// 3. The ratio cost of the flush policy on realistic traffic, and the compression level choice.
struct StoreBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store", abstract: "Enqueue latency, writer throughput and size against zstd -3 and swift-log.")

    @Option(help: "Events for the throughput run.")
    var events = 300_000

    @Option(help: "Events per thread for the latency run.")
    var latencyEvents = 200_000

    @Option(help: "Runs of each throughput measurement; the best is kept.")
    var runs = 3

    @Flag(help: "Run only the writer's throughput and its stages (for profiling the writer).")
    var writerOnly = false

    @Option(help: "Scratch folder, empty or the benchmark's own (removed afterwards).")
    var scratch = NSTemporaryDirectory() + "authtrail-bench-store"

    func run() throws {
        try BenchData.makeEmpty(scratch)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let sample = SampleEvents.make(count: events)

        if writerOnly {
            let seconds = try writerRun(sample: sample).seconds
            print("AuthTrail writer (level 3): \(String(format: "%.3f", seconds)) s for \(events) events")
            try writerStages(sample: sample)
            return
        }
        print("## enqueue latency (Trail.record, \(latencyEvents) events per thread, queue cap 1 GiB so nothing drops)")
        print("| threads | p50 | p99 | dropped |")
        print("|---|---|---|---|")
        for threads in [1, 2, 4] {
            let (p50, p99, dropped) = try enqueueLatency(threads: threads, sample: sample)
            print("| \(threads) | \(format(nanoseconds: p50)) | \(format(nanoseconds: p99)) | \(dropped) |")
        }

        print("\n## writer throughput and size (\(events) SampleEvents, best of \(max(runs, 1)) runs)")
        // Each figure is the best of `runs`, the writer and its anchors taking turns: on a shared two-core machine the
        // fastest run is the one least disturbed.
        let first = try writerRun(sample: sample)
        let (storeBytes, ndjson) = try segmentsContent(in: first.folder)
        let ndjsonPath = "\(scratch)/events.ndjson"
        try Data(ndjson).write(to: URL(fileURLWithPath: ndjsonPath))
        var store = (seconds: first.seconds, bytes: storeBytes)
        var zstd = try zstdRun(ndjsonPath: ndjsonPath)
        var endToEnd = try endToEndRun(sample: sample)
        for _ in 1..<max(runs, 1) {
            store.seconds = min(store.seconds, try writerRun(sample: sample).seconds)
            zstd.seconds = min(zstd.seconds, try zstdRun(ndjsonPath: ndjsonPath).seconds)
            endToEnd = min(endToEnd, try endToEndRun(sample: sample))
        }
        let naive = try naiveRun(lines: ndjson)
        let megabytes = Double(ndjson.count) / 1e6
        print("| writer | seconds | events/s | MB/s (NDJSON) | bytes on disk | ratio |")
        print("|---|---|---|---|---|---|")
        func row(_ name: String, _ seconds: Double, _ bytes: Int) {
            print(
                "| \(name) | \(String(format: "%.3f", seconds)) | \(Int(Double(events) / seconds)) | "
                    + "\(String(format: "%.1f", megabytes / seconds)) | \(bytes) | "
                    + "\(String(format: "%.2f", Double(ndjson.count) / Double(bytes)))x |")
        }
        row("AuthTrail writer (level 3), events queued first", store.seconds, store.bytes)
        row("AuthTrail end to end: Trail.record loop + writer", endToEnd, store.bytes)
        row("zstd -3 CLI, single frame", zstd.seconds, zstd.bytes)
        row("swift-log, write(2) per line", naive.seconds, naive.bytes)
        print(
            "\nwriter throughput / zstd -3 throughput = \(String(format: "%.2f", zstd.seconds / store.seconds)) "
                + "(goal >= 0.80; end to end \(String(format: "%.2f", zstd.seconds / endToEnd))); store size / zstd -3 size = \(String(format: "%.3f", Double(store.bytes) / Double(zstd.bytes))) "
                + "(goal <= 1.10); store / swift-log throughput = \(String(format: "%.2f", naive.seconds / store.seconds))"
        )

        print("\n## where the writer's time goes (one thread, same events)")
        try writerStages(sample: sample)

        print("\n## flush policy cost on realistic traffic")
        try flushPolicyCost(sample: sample)

        print("\n## compression level (SegmentWriter alone, same NDJSON, flush every 64 KiB)")
        print("| level | MB/s | ratio |")
        print("|---|---|---|")
        for level in [1, 3, 5, 7, 9] {
            let (seconds, bytes) = try compressOnly(ndjson, level: Int32(level))
            print(
                "| \(level) | \(String(format: "%.1f", megabytes / seconds)) | \(String(format: "%.2f", Double(ndjson.count) / Double(bytes)))x |"
            )
        }
    }

    // MARK: Enqueue latency

    private func enqueueLatency(threads: Int, sample: [TrailEvent]) throws -> (Double, Double, Int) {
        let folder = "\(scratch)/latency-\(threads)"
        let trail = try Trail(
            configuration: TrailConfiguration(
                directory: URL(fileURLWithPath: folder), app: AppInfo(identifier: "bench", version: "1"),
                memoryLimitBytes: 1 << 30))
        let perThread = latencyEvents
        let results = LatencyResults(threads: threads, count: perThread)
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            var samples = [UInt64](repeating: 0, count: perThread)
            for index in 0..<perThread {
                let event = sample[(index * threads + thread) % sample.count]
                let start = DispatchTime.now().uptimeNanoseconds
                trail.record(event)
                samples[index] = DispatchTime.now().uptimeNanoseconds - start
            }
            results.store(samples, thread: thread)
        }
        trail.shutdown(timeout: .seconds(600))
        let all = results.all.sorted()
        return (Double(all[all.count / 2]), Double(all[all.count * 99 / 100]), trail.health.eventsDropped)
    }

    // MARK: Throughput

    /// The writer alone, as the `zstd` CLI is timed on a file already in the page cache: every event is queued first,
    /// then the writer starts on the full queue and the clock runs until its segment is closed.
    private func writerRun(sample: [TrailEvent]) throws -> (seconds: Double, folder: String) {
        let folder = "\(scratch)/writer"
        try? FileManager.default.removeItem(atPath: folder)
        let configuration = storeConfiguration(folder: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let queue = EventQueue(
            memoryLimitBytes: configuration.memoryLimitBytes, wakeBytes: configuration.flushBufferBytes)
        for event in sample { queue.enqueue(event) }
        let identity = try InstallIdentity.loadOrCreate(in: folder, keyStore: configuration.keyStore)
        let start = DispatchTime.now().uptimeNanoseconds
        StoreWriter.start(StoreWriter(queue: queue, configuration: configuration, identity: identity))
        guard queue.close(timeout: .seconds(600)) else { throw ValidationError("the writer did not finish") }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        queue.stop()
        let written = queue.currentHealth.eventsWritten
        guard written == sample.count else {
            throw ValidationError("the writer wrote \(written) of \(sample.count) events")
        }
        return (seconds, folder)
    }

    /// End to end through the public API: `Trail.record` from one thread while the writer runs, until `shutdown`
    /// returns. On two cores the recording thread takes a share of the CPU the writer's two threads would use.
    private func endToEndRun(sample: [TrailEvent]) throws -> Double {
        let folder = "\(scratch)/end-to-end"
        try? FileManager.default.removeItem(atPath: folder)
        let trail = try Trail(configuration: storeConfiguration(folder: folder))
        let start = DispatchTime.now().uptimeNanoseconds
        for event in sample { trail.record(event) }
        trail.shutdown(timeout: .seconds(600))
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        guard trail.health.eventsWritten == sample.count else {
            throw ValidationError("the store wrote \(trail.health.eventsWritten) of \(sample.count) events")
        }
        return seconds
    }

    /// Level 3, a queue cap of 1 GiB so nothing drops, one segment.
    private func storeConfiguration(folder: String) -> TrailConfiguration {
        TrailConfiguration(
            directory: URL(fileURLWithPath: folder), app: AppInfo(identifier: "bench", version: "1"),
            compressionLevel: 3, memoryLimitBytes: 1 << 30, rotation: .init(maxSegmentBytes: 1 << 30),
            retention: .init(maxSegmentCount: 1000, maxTotalBytes: 1 << 40))
    }

    /// The segments' size on disk and their events decoded back to NDJSON.
    private func segmentsContent(in folder: String) throws -> (bytes: Int, ndjson: [UInt8]) {
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".jsonl.zst") }
            .sorted().map { "\(folder)/\($0)" }
        var bytes = 0
        var ndjson = [UInt8]()
        for file in files {
            let data = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
            bytes += data.count
            let decoded = try CollectingSink.decode(data)
            for line in decoded.lines {
                ndjson += Array(line.utf8)
                ndjson.append(UInt8(ascii: "\n"))
            }
        }
        return (bytes, ndjson)
    }

    private func zstdRun(ndjsonPath: String) throws -> (seconds: Double, bytes: Int) {
        let output = "\(scratch)/events.ndjson.zst"
        let start = DispatchTime.now().uptimeNanoseconds
        let result = try ProcessRunner.run("zstd", ["-q", "-f", "-3", ndjsonPath, "-o", output])
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        guard result.status == 0 else { throw ValidationError("zstd failed: \(result.standardError)") }
        let size = try FileManager.default.attributesOfItem(atPath: output)[.size] as? Int ?? 0
        return (seconds, size)
    }

    private func naiveRun(lines ndjson: [UInt8]) throws -> (seconds: Double, bytes: Int) {
        let path = "\(scratch)/naive.log"
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0o600)
        guard descriptor >= 0 else { throw ValidationError("cannot open \(path)") }
        defer { close(descriptor) }
        // The handler gets each line already serialized (an advantage over the store, which serializes itself).
        let lines = ndjson.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
        let logger = Logger(label: "bench") { _ in AppendingLogHandler(descriptor: descriptor) }
        let start = DispatchTime.now().uptimeNanoseconds
        for line in lines { logger.info("\(line)") }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        return (seconds, size)
    }

    private func compressOnly(_ ndjson: [UInt8], level: Int32) throws -> (seconds: Double, bytes: Int) {
        let compressor = try ZstdCompressor(level: level, checksum: true)
        var output = [UInt8]()
        output.reserveCapacity(ndjson.count / 4)
        let start = DispatchTime.now().uptimeNanoseconds
        var offset = 0
        while offset < ndjson.count {
            let end = min(offset + (64 << 10), ndjson.count)
            try compressor.write(Array(ndjson[offset..<end]), into: &output)
            try compressor.flush(into: &output)
            if compressor.frameContentBytes >= 1 << 20 { try compressor.endFrame(into: &output) }
            offset = end
        }
        try compressor.endFrame(into: &output)
        return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, output.count)
    }

    // MARK: Writer stages

    /// Each stage alone over the whole sample, best of three passes.
    private func writerStages(sample: [TrailEvent]) throws {
        let redactor = Redactor(level: .maskAllPII, key: RedactionKey(bytes: Array(repeating: 7, count: 32)))
        // In place, as the writer does; the copy to redact is made before the clock starts.
        var redacted = [TrailEvent]()
        var redactSeconds = Double.infinity
        for _ in 0..<3 {
            redacted = sample.map { $0 }
            redactSeconds = min(
                redactSeconds,
                Self.best(of: 1) {
                    redacted.withUnsafeMutableBufferPointer { events in
                        for index in events.indices { redactor.redact(&events[index]) }
                    }
                })
        }
        var encoder = JSONLineWriter()
        var total = 0
        let encodeSeconds = Self.best(of: 3) {
            total = 0
            for index in redacted.indices {
                encoder.removeAll()
                redacted[index].encode(into: &encoder, context: EventContext(installID: "bench", sequence: index))
                total += encoder.count
            }
        }
        print("| stage | µs per event |")
        print("|---|---|")
        print(
            "| redact (Redactor.redact, in place) | \(String(format: "%.2f", redactSeconds * 1e6 / Double(sample.count))) |"
        )
        print(
            "| serialize (TrailEvent.encode, \(total / sample.count) bytes per line) | \(String(format: "%.2f", encodeSeconds * 1e6 / Double(sample.count))) |"
        )
    }

    private static func best(of passes: Int, _ body: () -> Void) -> Double {
        var fastest = Double.infinity
        for _ in 0..<passes {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            fastest = min(fastest, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return fastest
    }

    // MARK: Flush policy

    /// Replays SampleEvents on a simulated timeline: a few events per second (the samples' own spacing) with a burst
    /// of 40 events every 60 s, flushed as the writer would: once a second while events arrive and right after each
    /// error-level event. Compares the flushed stream with one unflushed frame and with a frame per flush.
    private func flushPolicyCost(sample: [TrailEvent]) throws {
        var encoder = JSONLineWriter()
        var lines = [(time: Double, error: Bool, bytes: [UInt8])]()
        var burstAt = 60.0
        for (index, event) in sample.prefix(20_000).enumerated() {
            let time = event.timestamp.timeIntervalSince1970
            encoder.removeAll()
            event.encode(into: &encoder, context: EventContext(installID: "bench", sequence: index + 1))
            lines.append((time, event.severity >= .error, encoder.bytes))
            if time - sample[0].timestamp.timeIntervalSince1970 >= burstAt {
                for burst in 0..<40 { lines.append((time + Double(burst) / 100, false, encoder.bytes)) }
                burstAt += 60
            }
        }
        let raw = lines.reduce(0) { $0 + $1.bytes.count }
        let simulatedSeconds = (lines.last?.time ?? 0) - (lines.first?.time ?? 0)

        func size(
            flushing: Bool, framePerFlush: Bool, interval: Double = 1, level: Int32 = 3
        ) throws -> (bytes: Int, flushes: Int) {
            let compressor = try ZstdCompressor(level: level, checksum: true)
            var output = [UInt8]()
            var lastFlush = lines.first?.time ?? 0
            var flushes = 0
            for line in lines {
                try compressor.write(line.bytes, into: &output)
                if compressor.frameContentBytes >= 1 << 20 { try compressor.endFrame(into: &output) }
                if flushing && (line.error || line.time - lastFlush >= interval) {
                    if framePerFlush {
                        try compressor.endFrame(into: &output)
                    } else {
                        try compressor.flush(into: &output)
                    }
                    lastFlush = line.time
                    flushes += 1
                }
            }
            try compressor.endFrame(into: &output)
            return (output.count, flushes)
        }
        let single = try size(flushing: false, framePerFlush: false)
        let policy = try size(flushing: true, framePerFlush: false)
        let frames = try size(flushing: true, framePerFlush: true)
        print(
            "\(lines.count) events over \(Int(simulatedSeconds)) simulated seconds "
                + "(\(String(format: "%.1f", Double(lines.count) / simulatedSeconds)) events/s, bursts of 40 every 60 s), "
                + "\(policy.flushes) flushes, \(raw) NDJSON bytes")
        print("| stream | bytes | ratio | vs one frame |")
        print("|---|---|---|---|")
        let every5 = try size(flushing: true, framePerFlush: false, interval: 5)
        let every30 = try size(flushing: true, framePerFlush: false, interval: 30)
        let level1 = try size(flushing: true, framePerFlush: false, level: 1)
        let level1Single = try size(flushing: false, framePerFlush: false, level: 1)
        let rows = [
            ("one frame, no flush", single.bytes), ("policy: 1 s + errors, zstd flush (default)", policy.bytes),
            ("policy: 5 s + errors, zstd flush", every5.bytes), ("policy: 30 s + errors, zstd flush", every30.bytes),
            ("1 s + errors, a frame per flush", frames.bytes),
            ("level 1: one frame, no flush", level1Single.bytes), ("level 1: policy 1 s + errors", level1.bytes),
        ]
        for (name, bytes) in rows {
            print(
                "| \(name) | \(bytes) | \(String(format: "%.2f", Double(raw) / Double(bytes)))x | "
                    + "\(String(format: "%.3f", Double(bytes) / Double(single.bytes))) |")
        }
    }

    private func format(nanoseconds: Double) -> String {
        nanoseconds < 1000 ? "\(Int(nanoseconds)) ns" : String(format: "%.2f µs", nanoseconds / 1000)
    }
}

/// Per-thread latency samples, gathered after the threads finish.
private final class LatencyResults: @unchecked Sendable {
    // @unchecked: each thread writes only its own slot, under the lock.
    private let lock = NSLock()
    private var samples: [[UInt64]]

    init(threads: Int, count: Int) { samples = Array(repeating: [], count: threads) }

    func store(_ values: [UInt64], thread: Int) { lock.withLock { samples[thread] = values } }

    var all: [UInt64] { lock.withLock { samples.flatMap { $0 } } }
}

/// The naive baseline: a swift-log handler that appends each message as one line with one write(2).
private struct AppendingLogHandler: LogHandler {
    let descriptor: Int32
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var line = "\(event.message)"
        line.append("\n")
        line.withUTF8 { buffer in _ = write(descriptor, buffer.baseAddress, buffer.count) }
    }
}

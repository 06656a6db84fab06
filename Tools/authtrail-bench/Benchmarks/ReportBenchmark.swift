import ArgumentParser
import AuthTrail
import AuthTrailAnalysis
import AuthTrailTestSupport
import Dispatch
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `authtrail-bench report`: parse + aggregate throughput and peak memory of `authtrail report` against its anchors,
/// measured in the same run on the same files: `zstd -d` (the ceiling), `zstdcat | jq` and DuckDB (one thread)
/// doing the same group-by (failed attempts by domain, code and sub-code).
struct ReportBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Benchmark `authtrail report` against zstd -d, zstdcat | jq and DuckDB on generated segments.")

    @Option(help: "Decompressed megabytes of events to generate (written by the real Trail writer).")
    var megabytes = 200

    @Option(help: "Devices (one Trail folder each) to spread the events over.")
    var devices = 8

    @Option(
        help: """
            Compressed bytes after which a device's segment rotates: small values give the fleet layout, many small \
            segments (--devices 4000 --megabytes 360 --segment-bytes 4096).
            """)
    var segmentBytes: Int?

    @Option(
        help:
            "Folder for the generated segments (reused when it already holds them; a folder of other files is refused, untouched)."
    )
    var data: String?

    @Option(help: "Runs of each measurement; the best is kept.")
    var runs = 3

    @Flag(help: "Skip the zstdcat | jq anchor (slow: about 45 MB/s).")
    var skipJq = false

    @Option(
        help: """
            Only time this measurement, `--runs` times, printing each run (for a profiler): group-by, \
            group-by-all-threads, decode-all-threads or report.
            """)
    var profile: Profile?

    enum Profile: String, ExpressibleByArgument {
        case groupBy = "group-by"
        case groupByAllThreads = "group-by-all-threads"
        case decodeAllThreads = "decode-all-threads"
        case report
    }

    func run() throws {
        let layout = segmentBytes.map { "-\(devices)d-\($0)b" } ?? ""
        let folder =
            data ?? "\(FileManager.default.temporaryDirectory.path)/authtrail-bench-report-\(megabytes)mb\(layout)"
        let files = try prepare(folder)
        let decompressed = try Self.decompressedBytes(folder)
        let megabytesRead = Double(decompressed) / 1_000_000
        let compressed = files.map { (try? FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int) ?? 0 }
            .reduce(0, +)
        print("data: \(files.count) segments from \(devices) devices in \(folder)")
        print(
            String(
                format: "      %.1f MB decompressed, %.1f MB compressed (%.1fx)", megabytesRead,
                Double(compressed) / 1e6,
                Double(decompressed) / Double(max(compressed, 1))))

        func groupByOnce() -> GroupByConsumer {
            var groupBy = GroupByConsumer()
            _ = InputReader.read(paths: [folder], into: &groupBy)
            return groupBy
        }
        // The same group-by on every core, as DuckDB runs it: files decode independently, so each thread takes the
        // next file, counts into its own table, and the tables are added up at the end (counts do not depend on
        // the order).
        let threads = ProcessInfo.processInfo.activeProcessorCount
        func groupByAllThreadsOnce() -> GroupByConsumer {
            let files = InputFiles.expand([folder]).files
            let next = Locked(0)
            let total = Locked(GroupByConsumer())
            DispatchQueue.concurrentPerform(iterations: threads) { _ in
                var groupBy = GroupByConsumer()
                var reader = SegmentReader()
                while true {
                    let index = next.claim()
                    guard index < files.count else { break }
                    _ = try? reader.read(path: files[index], into: &groupBy)
                }
                total.withLock { $0.add(groupBy) }
            }
            return total.withLock { $0 }
        }
        // The floor of any reader of these files on this machine: libzstd through our own reader (`ZstdStreamReader`:
        // frames, checksums, line splitting) on every core, each thread taking the next file, nothing scanned.
        func decodeAllThreadsOnce() -> DecodeOnlySink {
            let files = InputFiles.expand([folder]).files
            let next = Locked(0)
            let total = Locked(DecodeOnlySink())
            DispatchQueue.concurrentPerform(iterations: threads) { _ in
                var sink = DecodeOnlySink()
                guard let reader = try? ZstdStreamReader() else { return }
                while true {
                    let index = next.claim()
                    guard index < files.count, let descriptor = try? SystemCalls.open(files[index], write: false)
                    else { break }
                    var source = FileDescriptorSource(descriptor: descriptor)
                    reader.read(from: &source, into: &sink)
                    SystemCalls.close(descriptor)
                }
                total.withLock { $0.add(sink) }
            }
            return total.withLock { $0 }
        }
        if let profile {
            for _ in 0..<max(runs, 1) {
                let seconds = try Self.time {
                    switch profile {
                    case .groupBy: _ = groupByOnce()
                    case .groupByAllThreads: _ = groupByAllThreadsOnce()
                    case .decodeAllThreads: _ = decodeAllThreadsOnce()
                    case .report: _ = Report.build(paths: [folder])
                    }
                }
                print(String(format: "%@: %.3f s, %.0f MB/s", profile.rawValue, seconds, megabytesRead / seconds))
            }
            return
        }

        let binary = ProcessRunner.productsDirectory.appendingPathComponent("authtrail").path
        // A file of the bench's own, never `-o /dev/null`: a binary that replaced its target would replace the
        // machine's /dev/null when the bench runs as root.
        let reportFile = "\(FileManager.default.temporaryDirectory.path)/authtrail-bench-report-\(getpid()).json"
        defer { try? FileManager.default.removeItem(atPath: reportFile) }
        let (cli, peakMegabytes) = try Self.timeAndPeakMemory(
            binary, ["report", "--format", "json", "-o", reportFile, folder])

        // The files through xargs: the fleet layout's thousands of paths do not fit one command line.
        let zstdAll = "find '\(folder)' -name '*.zst' -print0 | sort -z | xargs -0 zstd -d -c -q"
        // Interleaved (zstd, group-by, report, zstd, …) and the best of each kept, so a change in the machine's load
        // during the run weighs on the anchor and on authtrail alike.
        var (zstd, grouping, authtrail) = (Double.infinity, Double.infinity, Double.infinity)
        var (oneThread, groupingAll, decoding) = (Double.infinity, Double.infinity, Double.infinity)
        var decoded = DecodeOnlySink()
        var groupBy = GroupByConsumer()
        var groupByAll = GroupByConsumer()
        var report = Report()
        // CPU time (user + system, this process and its children), the best of the runs too: on a shared, loaded
        // machine wall time follows the load, CPU time hardly does.
        var cpu = CPUTimes()
        for _ in 0..<max(runs, 1) {
            zstd = min(zstd, try Self.time(cpu: &cpu.zstd) { try Self.shell("\(zstdAll) > /dev/null") })
            decoding = min(decoding, try Self.time(cpu: &cpu.decoding) { decoded = decodeAllThreadsOnce() })
            grouping = min(grouping, try Self.time(cpu: &cpu.grouping) { groupBy = groupByOnce() })
            groupingAll = min(
                groupingAll, try Self.time(cpu: &cpu.groupingAll) { groupByAll = groupByAllThreadsOnce() })
            authtrail = min(
                authtrail, try Self.time(cpu: &cpu.report) { report = Report.build(paths: [folder]).report })
            oneThread = min(
                oneThread, try Self.time(cpu: &cpu.oneThread) { _ = Report.build(paths: [folder], threads: 1) })
        }
        let groups = report.patterns.count
        let failures = report.patterns.map(\.count).reduce(0, +)

        let jqFilter =
            #"reduce (inputs | select(.["event.name"] == "acquisition.end" and .outcome != "success" and .["error.domain"] != null) | [.["error.domain"], .["error.code"], .["error.subcode"]] | tostring) as $k ({}; .[$k] += 1) | [length, add]"#
        var jq: Double?
        var jqResult = ""
        if !skipJq {
            jq = try Self.time { jqResult = try Self.shell("\(zstdAll) | jq -n -c '\(jqFilter)'") }
        }
        // DuckDB on one thread (the one-core comparison, schema inferred), and on all of them reading only the
        // columns the group-by needs (a fair anchor: no schema sampling of every file).
        let duckScript = """
            import duckdb, resource, sys, time
            con = duckdb.connect()
            if sys.argv[1] == "1": con.execute("SET threads = 1")
            source = "ignore_errors = true, union_by_name = true"
            if sys.argv[1] == "all":
                source = ("ignore_errors = true, columns = {'event.name': 'VARCHAR', 'outcome': 'VARCHAR', "
                    + "'error.domain': 'VARCHAR', 'error.code': 'BIGINT', 'error.subcode': 'BIGINT'}")
            con.execute("SET enable_progress_bar = false")
            best = None
            best_cpu = None
            def cpu():
                usage = resource.getrusage(resource.RUSAGE_SELF)
                return usage.ru_utime + usage.ru_stime
            for _ in range(\(runs)):
                start = time.perf_counter()
                start_cpu = cpu()
                rows = con.sql(f'''SELECT "error.domain", "error.code", "error.subcode", count(*) n
                    FROM read_ndjson('\(folder)/**/*.zst', {source})
                    WHERE "event.name" = 'acquisition.end' AND outcome <> 'success' AND "error.domain" IS NOT NULL
                    GROUP BY ALL''').fetchall()
                elapsed = time.perf_counter() - start
                best = elapsed if best is None else min(best, elapsed)
                best_cpu = cpu() - start_cpu if best_cpu is None else min(best_cpu, cpu() - start_cpu)
            print(best, len(rows), sum(r[3] for r in rows), best_cpu)
            """
        let duck = try ProcessRunner.run("python3", ["-c", duckScript, "1"])
        let duckFields = duck.text.split(whereSeparator: \.isWhitespace)
        let duckSeconds = duckFields.first.flatMap { Double($0) }
        let duckAll = try ProcessRunner.run("python3", ["-c", duckScript, "all"])
        let duckAllFields = duckAll.text.split(whereSeparator: \.isWhitespace)
        let duckAllSeconds = duckAllFields.first.flatMap { Double($0) }
        let duckAllCPU = duckAllFields.dropFirst(3).first.flatMap { Double($0) }

        func rate(_ seconds: Double?) -> String {
            guard let seconds else { return "-" }
            return String(format: "%.3f s, %.0f MB/s", seconds, megabytesRead / seconds)
        }
        print("")
        print("| tool | time | throughput | authtrail is |")
        print("|---|---|---|---|")
        print(
            "| `zstd -d -c FILES > /dev/null` | \(rate(zstd)) | \(String(format: "%.0f%% of this", 100 * zstd / authtrail)) |"
        )
        print(
            "| decode only on \(threads) threads (libzstd through `ZstdStreamReader`, lines split, nothing scanned) | \(rate(decoding)) | \(String(format: "%.0f%% of zstd -d", 100 * zstd / decoding)) |"
        )
        print(
            "| authtrail, the same group-by (decode + scan + count) | \(rate(grouping)) | \(String(format: "%.0f%% of zstd -d", 100 * zstd / grouping)) |"
        )
        print(
            "| authtrail, the same group-by on \(threads) threads | \(rate(groupingAll)) | \(String(format: "%.0f%% of zstd -d", 100 * zstd / groupingAll)) |"
        )
        print(
            "| authtrail, the whole report (in process, `Report.build`, \(ProcessInfo.processInfo.activeProcessorCount) threads) | \(rate(authtrail)) | \(String(format: "%.0f%% of zstd -d", 100 * zstd / authtrail)) |"
        )
        print(
            "| authtrail, the whole report on 1 thread (`threads: 1`) | \(rate(oneThread)) | \(String(format: "%.0f%% of zstd -d", 100 * zstd / oneThread)) |"
        )
        print(
            "| `authtrail report --format json DIR` (process) | \(rate(cli)) | peak RSS \(String(format: "%.1f", peakMegabytes)) MB |"
        )
        if let jq {
            print(
                "| `zstd -dc FILES \\| jq -n 'reduce …'` | \(rate(jq)) | group-by \(Self.compare(jq / grouping)), report \(Self.compare(jq / authtrail)) |"
            )
        }
        if let duckSeconds {
            print(
                "| DuckDB 1 thread `read_ndjson` group-by | \(rate(duckSeconds)) | group-by \(Self.compare(duckSeconds / grouping)), report \(Self.compare(duckSeconds / authtrail)) |"
            )
        } else {
            print("| DuckDB | failed: \(duck.standardError.suffix(200)) | | |")
        }
        if let duckAllSeconds {
            print(
                "| DuckDB all threads, needed columns only | \(rate(duckAllSeconds)) | group-by on \(threads) threads \(Self.compare(duckAllSeconds / groupingAll)), on 1 \(Self.compare(duckAllSeconds / grouping)), report \(Self.compare(duckAllSeconds / authtrail)) |"
            )
            // What 2x DuckDB would take, against what decoding alone takes on the same threads.
            print(
                String(
                    format: "2x DuckDB all threads would need %.3f s; decode only on %d threads takes %.3f s: 2x is %@",
                    duckAllSeconds / 2, threads, decoding,
                    decoding > duckAllSeconds / 2 ? "below the decode-only floor" : "above the decode-only floor"))
        }
        print("")
        print(
            "decoded \(decoded.lines) lines, \(decoded.bytes) bytes; same answer: authtrail report \(groups) groups / \(failures) failures, group-by \(groupBy.counts.count) / \(groupBy.counts.values.reduce(0, +)), on \(threads) threads \(groupByAll.counts.count) / \(groupByAll.counts.values.reduce(0, +)); jq [groups, failures] \(jqResult.trimmingCharacters(in: .whitespacesAndNewlines)); DuckDB \(duckFields.dropFirst().prefix(2).joined(separator: " / "))"
        )
        print(
            "goals (group-by / whole report): >= 50% of zstd -d: \(Self.verdict(zstd / grouping >= 0.5)) / \(Self.verdict(zstd / authtrail >= 0.5)); >= 10x jq: \(jq.map { "\(Self.verdict($0 / grouping >= 10)) / \(Self.verdict($0 / authtrail >= 10))" } ?? "skipped"); faster than DuckDB: \(duckSeconds.map { "\(Self.verdict($0 > grouping)) / \(Self.verdict($0 > authtrail))" } ?? "-"); peak RSS < 100 MB: \(Self.verdict(peakMegabytes < 100)), \(String(format: "%.0f", peakMegabytes / (megabytesRead / 1000))) MB per GB of NDJSON\(duckAllSeconds.map { "; >= 2x DuckDB all threads: group-by on \(threads) threads \(Self.verdict($0 / groupingAll >= 2)), whole report \(Self.verdict($0 / authtrail >= 2))" } ?? "")"
        )
        Self.printCPU(cpu, duckAll: duckAllCPU, threads: threads)
    }

    private static func verdict(_ met: Bool) -> String { met ? "met" : "NOT met" }

    /// The best CPU time (seconds, user + system) of each measurement.
    private struct CPUTimes {
        var zstd = Double.infinity
        var decoding = Double.infinity
        var grouping = Double.infinity
        var groupingAll = Double.infinity
        var report = Double.infinity
        var oneThread = Double.infinity
    }

    /// The CPU-time table: what each measurement cost whatever the load, its ratio to `zstd -d`'s, and the
    /// throughput that ratio gives on `threads` idle cores (an estimate: `zstd -d` runs on one core, authtrail's
    /// threads split its CPU time evenly).
    private static func printCPU(_ cpu: CPUTimes, duckAll: Double?, threads: Int) {
        print("")
        print(
            "| CPU time (user + sys, best run) | seconds | `zstd -d`'s over this | on \(threads) idle cores (estimate) |"
        )
        print("|---|---|---|---|")
        func row(_ name: String, _ seconds: Double, threaded: Bool) {
            let ratio = cpu.zstd / seconds
            let estimate =
                threaded ? String(format: "%.0f%% of zstd -d", 100 * min(ratio * Double(threads), 99.99)) : "-"
            print(String(format: "| %@ | %.3f | %.0f%% | %@ |", name, seconds, 100 * ratio, estimate))
        }
        print(String(format: "| `zstd -d -c FILES > /dev/null` | %.3f | | |", cpu.zstd))
        row("decode only, \(threads) threads", cpu.decoding, threaded: true)
        row("group-by, 1 thread", cpu.grouping, threaded: false)
        row("group-by, \(threads) threads", cpu.groupingAll, threaded: true)
        row("whole report, \(threads) threads", cpu.report, threaded: true)
        row("whole report, 1 thread", cpu.oneThread, threaded: false)
        if let duckAll {
            print(
                String(
                    format:
                        "| DuckDB all threads, needed columns only | %.3f | group-by on %d threads: %.2fx less CPU | |",
                    duckAll, threads, duckAll / cpu.groupingAll))
        }
    }

    /// Runs `executable` and returns its wall time and its own peak RSS in MB. On Linux the peak is the child's
    /// `VmHWM`, sampled until it exits (a high-water mark, so the last sample is the peak): `wait4`'s `ru_maxrss` would
    /// include this process's own RSS, which a `vfork`-based `posix_spawn` child inherits until it execs.
    static func timeAndPeakMemory(_ executable: String, _ arguments: [String]) throws -> (Double, Double) {
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        // From Foundation, not the C global `environ`, which Darwin's headers do not declare.
        let environment = ProcessInfo.processInfo.environment.map { strdup("\($0)=\($1)") } + [nil]
        defer { for pointer in argv + environment { free(pointer) } }
        let start = DispatchTime.now().uptimeNanoseconds
        var pid: pid_t = 0
        guard posix_spawn(&pid, executable, nil, nil, argv, environment) == 0 else {
            throw ValidationError("cannot start \(executable)")
        }
        var status: Int32 = 0
        var usage = rusage()
        var highWaterKilobytes = 0.0
        while wait4(pid, &status, WNOHANG, &usage) == 0 {
            if let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
                let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
                let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
            {
                highWaterKilobytes = max(highWaterKilobytes, kilobytes)
            }
            usleep(5_000)
        }
        guard status == 0 else {
            throw ValidationError("\(executable) \(arguments.joined(separator: " ")) failed (status \(status))")
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        #if canImport(Darwin)
        return (seconds, Double(usage.ru_maxrss) / 1_048_576)  // bytes on Darwin
        #else
        return (seconds, highWaterKilobytes / 1024)
        #endif
    }

    /// "2.1x faster" or "1.5x slower", from the anchor's time over authtrail's.
    private static func compare(_ ratio: Double) -> String {
        ratio >= 1 ? String(format: "%.2fx faster", ratio) : String(format: "%.2fx slower", 1 / ratio)
    }

    private static func time(_ body: () throws -> Void) throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// `time(_:)`, keeping in `cpu` the smallest CPU time (this process's and its waited-for children's) of a run.
    private static func time(cpu: inout Double, _ body: () throws -> Void) throws -> Double {
        let start = processorSeconds()
        let seconds = try time(body)
        cpu = min(cpu, processorSeconds() - start)
        return seconds
    }

    /// User and system seconds of this process and of its children that have been waited for.
    private static func processorSeconds() -> Double {
        #if canImport(Glibc)
        let whom = [__rusage_who_t(RUSAGE_SELF.rawValue), __rusage_who_t(RUSAGE_CHILDREN.rawValue)]
        #else
        let whom = [RUSAGE_SELF, RUSAGE_CHILDREN]
        #endif
        var total = 0.0
        for who in whom {
            var usage = rusage()
            getrusage(who, &usage)
            for time in [usage.ru_utime, usage.ru_stime] { total += Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        }
        return total
    }

    @discardableResult
    private static func shell(_ command: String) throws -> String {
        let result = try ProcessRunner.run("sh", ["-c", command])
        guard result.status == 0 else {
            throw ValidationError("`\(command.prefix(80))…` failed: \(result.standardError)")
        }
        return result.text
    }

    private static func decompressedBytes(_ folder: String) throws -> Int {
        let text = try shell("find '\(folder)' -name '*.zst' -print0 | xargs -0 zstd -d -c -q | wc -c")
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    /// Writes `megabytes` of SampleEvents through the real Trail, spread over `devices` folders, unless already there.
    private func prepare(_ folder: String) throws -> [String] {
        try BenchData.prepare(folder) {
            // About 420 bytes per SampleEvents line.
            let perDevice = megabytes * 1_000_000 / 420 / devices
            for device in 0..<devices {
                let clock = ManualTrailClock(start: Date(timeIntervalSince1970: 1_795_000_000))
                let trail = try Trail(
                    configuration: TrailConfiguration(
                        directory: URL(fileURLWithPath: "\(folder)/device-\(device)"),
                        app: AppInfo(identifier: "com.contoso.bench", version: "1.\(device)"), clock: clock,
                        rotation: .init(maxSegmentBytes: segmentBytes ?? 4 << 20),
                        retention: .init(maxSegmentCount: 100_000, maxTotalBytes: 1 << 40)))
                for (index, event) in SampleEvents.make(count: perDevice, seed: UInt64(device + 1)).enumerated() {
                    // The writer's clock follows the events, as a real process's does: a segment starts (metadata and
                    // `segment.start` line) when the writer opens it, around its first events, so a device's segments
                    // follow each other in time. With the clock left at the start, every segment began at the first
                    // event's time, and each overlapped all the earlier ones.
                    let ahead = event.timestamp.timeIntervalSince(clock.now())
                    if ahead > 0 { clock.advance(by: .milliseconds(Int64((ahead * 1000).rounded(.down)))) }
                    trail.record(event)
                    // The fleet layout flushes often, so its small segments rotate (rotation follows bytes written).
                    if index % (segmentBytes == nil ? 10_000 : 50) == 0 { trail.flush() }
                }
                trail.shutdown()
                guard trail.health.eventsLost == 0 else {
                    throw ValidationError(
                        "the writer lost \(trail.health.eventsLost) events: \(trail.health.lastError ?? "")")
                }
            }
        }
        let enumerator = FileManager.default.enumerator(atPath: folder)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".zst") { files.append("\(folder)/\(path)") }
        }
        return files.sorted()
    }
}

/// Reads and scans events and does exactly the anchors' group-by (failed attempts by domain, code and sub-code), so
/// the comparison is like for like; the full report does far more per event.
private struct GroupByConsumer: LogConsumer {
    struct Key: Hashable {
        var domain: String
        var code: Int?
        var subcode: Int?
    }
    var counts: [Key: Int] = [:]
    /// Like DuckDB's projection, the group-by reads only the fields it groups and filters by, and no metadata frame.
    var stringFields: LogRecord.StringFields { [] }
    static var readsSegmentHeaders: Bool { false }
    mutating func event(_ record: LogRecord, line: UnsafeRawBufferPointer) {
        guard record.eventName == .acquisitionEnd, record.outcome != .known(.success), let domain = record.errorDomain
        else { return }
        counts[Key(domain: domain, code: record.errorCode, subcode: record.errorSubcode), default: 0] += 1
    }
    /// Adds another thread's counts.
    mutating func add(_ other: Self) { counts.merge(other.counts, uniquingKeysWith: +) }
}

/// Counts the lines and bytes `ZstdStreamReader` decodes, and nothing else: the decode-only floor.
private struct DecodeOnlySink: DecodedStreamSink {
    var lines = 0
    var bytes = 0
    mutating func skippableFrame(variant: UInt8, payload: UnsafeRawBufferPointer, offset: Int) {}
    mutating func line(_ line: UnsafeRawBufferPointer) {
        lines += 1
        bytes += line.count + 1
    }
    mutating func issue(_ issue: DecodeIssue) {}
    /// Adds another thread's counts.
    mutating func add(_ other: Self) {
        lines += other.lines
        bytes += other.bytes
    }
}

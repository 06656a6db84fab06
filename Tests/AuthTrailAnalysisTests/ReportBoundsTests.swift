import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

@testable import AuthTrailAnalysis

/// Hostile values and hostile variety through the real report path (zstd files, the reader, the scanner, the
/// builder): no trap, every ignored value counted and warned about, every table within its cap.
@Suite("the report never traps and its memory is bounded by design")
struct ReportBoundsTests {
    /// Writes `lines` as one zstd frame to `name` in a fresh folder and builds the report over it.
    static func report(_ lines: [String], name: String = "input.zst") throws -> Report {
        let directory = try TemporaryDirectory("report-bounds")
        defer { directory.remove() }
        let compressor = try ZstdCompressor(level: 1)
        var bytes = [UInt8]()
        try compressor.write(Array(lines.map { $0 + "\n" }.joined().utf8), into: &bytes)
        try compressor.endFrame(into: &bytes)
        try Data(bytes).write(to: directory.url.appendingPathComponent(name))
        let (report, problems) = Report.build(paths: [directory.path])
        #expect(problems.isEmpty)
        return report
    }

    static func end(_ fields: String, at second: Int = 0, operation: String? = nil) -> String {
        let time = String(format: "2026-11-22T21:%02d:%02d.000Z", second / 60 % 60, second % 60)
        let operation = operation.map { #","operation.id":"\#($0)""# } ?? ""
        return
            #"{"timestamp":"\#(time)","event.name":"acquisition.end","install.id":"d1"\#(operation),"acquisition.kind":"silent",\#(fields)}"#
    }

    struct HostileValue: Sendable, CustomTestStringConvertible {
        var label: String
        var lines: [String]
        /// The JSON key the warning names.
        var field: String
        var ignored: Int
        var testDescription: String { label }
    }

    static let hostileValues: [HostileValue] = [
        // Each of these two trapped: `Int64(1e300)` in MillisecondHistogram.add and in the derived start.
        HostileValue(
            label: "duration_ms 1e300", lines: [end(#""outcome":"success","duration_ms":1e300"#)], field: "duration_ms",
            ignored: 1),
        HostileValue(
            label: "duration_ms -1e300", lines: [end(#""outcome":"failure","duration_ms":-1e300"#, operation: "o")],
            field: "duration_ms", ignored: 1),
        HostileValue(
            label: "duration_ms above 10^12 and below 0",
            lines: [
                end(#""outcome":"success","duration_ms":10000000000000"#),
                end(#""outcome":"success","duration_ms":-5"#),
            ],
            field: "duration_ms", ignored: 2),
        // Trapped: the sum of two dropped.total of Int.max overflowed.
        HostileValue(
            label: "dropped.total of Int.max, twice",
            lines: Array(
                repeating:
                    #"{"timestamp":"2026-11-22T21:00:00.000Z","event.name":"store.dropped","dropped.total":"9223372036854775807"}"#,
                count: 2), field: "dropped.total", ignored: 2),
        HostileValue(
            label: "http.retry_after_s 1e300 and -3",
            lines: [
                end(#""outcome":"failure","http.retry_after_s":1e300"#, at: 0, operation: "r"),
                end(#""outcome":"failure","http.retry_after_s":-3"#, at: 1, operation: "r"),
                end(#""outcome":"success""#, at: 2, operation: "r"),
            ], field: "http.retry_after_s", ignored: 2),
        HostileValue(
            label: "attempt 0 and 999999999999999",
            lines: [end(#""outcome":"success","attempt":0"#), end(#""outcome":"success","attempt":999999999999999"#)],
            field: "attempt", ignored: 2),
        HostileValue(
            label: "http.response.status_code 99999",
            lines: [end(#""outcome":"failure","error.domain":"X","http.response.status_code":99999"#)],
            field: "http.response.status_code", ignored: 1),
        HostileValue(
            label: "sts.error_codes -5", lines: [end(#""outcome":"failure","sts.error_codes":[-5,50076]"#)],
            field: "sts.error_codes", ignored: 1),
        HostileValue(
            label: "a timestamp before year 0000 by its offset",
            lines: [#"{"timestamp":"0000-01-01T00:00:00+99:99","event.name":"acquisition.end","outcome":"success"}"#],
            field: "timestamp", ignored: 1),
    ]

    @Test(
        "a value outside its accepted range is ignored, counted and named in one warning per field and file",
        arguments: hostileValues)
    func outOfRangeValueIsCounted(_ value: HostileValue) throws {
        let report = try Self.report(value.lines, name: "hostile.zst")
        #expect(report.health.outOfRangeValues == value.ignored)
        let warnings = report.health.warnings.filter { $0.contains(" \(value.field) value") }
        #expect(warnings.count == 1, "\(report.health.warnings)")
        #expect(warnings.first?.contains("/hostile.zst: \(value.ignored) \(value.field) value") == true)
        let json = try JSONSerialization.jsonObject(with: Data(report.renderJSON().utf8)) as? [String: Any]
        let health = json?["health"] as? [String: Any]
        #expect(health?["out_of_range_values"] as? Int == value.ignored)
    }

    @Test("the duration_ms 1e300 line of the issue: its attempt counts, its duration does not")
    func durationOf1e300() throws {
        let report = try Self.report([
            Self.end(#""outcome":"success","duration_ms":120"#, at: 0),
            Self.end(#""outcome":"success","duration_ms":1e300"#, at: 1, operation: "big"),
        ])
        #expect(report.kinds.map(\.attempts) == [2])
        #expect(report.latency.map(\.durations.count) == [1])
        #expect(report.latency.first?.durations.max == 120)
        #expect(report.retries.operations == 2)
        #expect(report.timeline.buckets.map(\.attempts).reduce(0, +) == 2)
    }

    @Test("dropped.total sums stay exact below the cap, and out-of-range ones count as one lost event")
    func droppedTotals() throws {
        let line = { (total: String) in
            #"{"timestamp":"2026-11-22T21:00:00.000Z","event.name":"store.dropped","dropped.total":\#(total)}"#
        }
        let report = try Self.report([line(#""1000000000""#), line("7"), line(#""9223372036854775807""#)])
        #expect(report.health.dropReports == 3)
        #expect(report.health.droppedEvents == 1_000_000_008)
    }

    @Test("operations started without an install id do not trap the idle sweep (it ran at Int64.min)")
    func startsWithoutInstall() throws {
        // More than the 4,096 open operations that start a sweep, then an end for ten of them.
        var lines = (0..<5_000).map { index in
            #"{"timestamp":"2026-11-22T21:00:00.000Z","event.name":"acquisition.start","operation.id":"op-\#(index)","attempt":1}"#
        }
        lines += (0..<10).map { index in
            #"{"timestamp":"2026-11-22T21:00:01.000Z","event.name":"acquisition.end","operation.id":"op-\#(index)","attempt":1,"outcome":"success"}"#
        }
        let report = try Self.report(lines)
        #expect(report.retries.operations == 10)
        #expect(report.input.events == 5_010)
    }

    @Test("2,000 distinct kinds and outcomes get 256 kind rows and 64 latency rows, the rest one (other) row each")
    func varietyOfKindsAndOutcomes() throws {
        let lines = (0..<2_000).map { index in
            #"{"event.name":"acquisition.end","acquisition.kind":"kind-\#(index)","outcome":"outcome-\#(index)","duration_ms":\#(index)}"#
        }
        let report = try Self.report(lines)
        #expect(report.kinds.count == ReportBounds.kinds + 1)
        #expect(report.kinds.last?.kind == Report.otherLabel)
        #expect(report.kinds.last?.foldedValues == 2_000 - ReportBounds.kinds)
        #expect(report.kinds.last?.attempts == 2_000 - ReportBounds.kinds)
        #expect(report.kinds.dropLast().allSatisfy { $0.foldedValues == nil && $0.attempts == 1 })
        #expect(report.latency.count == ReportBounds.latencyRows + 1)
        #expect(report.latency.last?.kind == Report.otherLabel)
        #expect(report.latency.last?.foldedValues == 2_000 - ReportBounds.latencyRows)
        #expect(report.latency.map(\.durations.count).reduce(0, +) == 2_000)
        #expect(
            report.health.warnings.contains { $0.contains("1744 distinct acquisition.kind values past the first 256") })
        #expect(report.health.warnings.contains { $0.contains("1936 distinct (acquisition.kind, outcome) pairs") })
    }

    @Test("1,500 distinct error groups and AADSTS codes get 1,000 rows each and one (other) row")
    func varietyOfPatterns() throws {
        let lines = (0..<1_500).map { index in
            #"{"event.name":"acquisition.end","outcome":"failure","install.id":"d\#(index % 3)","error.domain":"Domain\#(index)","error.code":-\#(index),"sts.error_codes":[\#(50_000 + index)]}"#
        }
        let report = try Self.report(lines)
        for (patterns, cap) in [
            (report.patterns, ReportBounds.patterns), (report.stsPatterns, ReportBounds.stsPatterns),
        ] {
            #expect(patterns.count == cap + 1)
            #expect(patterns.last?.domain == Report.otherLabel)
            #expect(patterns.last?.foldedValues == 1_500 - cap)
            #expect(patterns.last?.count == 1_500 - cap)
            #expect(patterns.last?.devices == 3)
            #expect(patterns.map(\.count).reduce(0, +) == 1_500)
        }
        let text = report.renderText()
        #expect(text.contains(Report.otherLabel))
    }

    @Test("one attempt with 1,500 AADSTS codes: the 1,000 lowest get rows, the attempt counts once in (other)")
    func manyCodesInOneAttempt() throws {
        var random = SplitMix64(seed: 5)
        var codes = Array(1...1_500)
        for index in codes.indices.reversed() {
            codes.swapAt(index, Int(random.next() % UInt64(index + 1)))
        }
        let report = try Self.report([
            #"{"event.name":"acquisition.end","outcome":"failure","sts.error_codes":\#(codes)}"#
        ])
        #expect(report.stsPatterns.dropLast().compactMap(\.stsCode).sorted() == Array(1...1_000))
        let other = try #require(report.stsPatterns.last)
        #expect(other.foldedValues == 500)
        #expect(other.count == 1 && other.share == 1)
    }

    @Test("bogus frame starts: every decode issue counted, five kept per kind, one line for the rest")
    func bogusFrameStartsAreTallied() throws {
        let directory = try TemporaryDirectory("report-bounds")
        defer { directory.remove() }
        var random = SplitMix64(seed: 19)
        var bytes = [UInt8]()
        for _ in 0..<50_000 {
            bytes += [0x28, 0xB5, 0x2F, 0xFD] + (0..<4).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        }
        let path = "\(directory.path)/bogus.zst"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let decoded = try CollectingSink.decode(bytes)
        #expect(decoded.issues.count > 1_000, "the input is damage through and through")

        let (report, _) = Report.build(paths: [path])
        let health = report.health
        #expect(
            health.tornTails + health.corruptFrames + health.checksumMismatches + health.otherDecodeIssues
                == decoded.issues.count)
        let kinds = Set(decoded.issues.map(\.kind))
        // Plus, at most, one line for lines that are not events.
        #expect(health.warnings.count <= kinds.count * (DecodeIssueTally.examplesPerKind + 1) + 1)
        for kind in kinds {
            let count = decoded.issues.filter { $0.kind == kind }.count
            let examples = health.warnings.filter { $0.hasPrefix("\(path): byte ") && $0.contains(kind.rawValue) }
            #expect(examples.count == min(count, DecodeIssueTally.examplesPerKind))
            if count > DecodeIssueTally.examplesPerKind {
                #expect(
                    health.warnings.contains {
                        $0.hasPrefix(
                            "… and \(count - DecodeIssueTally.examplesPerKind) more \(kind.rawValue) issues in \(path)")
                    })
            }
        }
    }

    @Test("warnings past 1,000 lines are counted in one last line")
    func warningsAreCapped() {
        var builder = ReportBuilder()
        for index in 0..<1_500 {
            var summary = InputSummary(path: "file-\(index).zst")
            summary.invalidLines = 1
            summary.invalidLineSample = "x"
            builder.add(summary)
        }
        let warnings = builder.finish().health.warnings
        #expect(warnings.count == ReportBounds.warnings + 1)
        #expect(warnings.last == "report: … and 500 more warnings, past the first 1000")
    }

    /// A failed attempt of `operation` on install `d`, `milliseconds` after a fixed instant.
    static func failure(operation: String, attempt: Int, at milliseconds: Int64) -> LogRecord {
        var record = LogRecord(eventName: "acquisition.end")
        record.installID = "d"
        record.operationID = operation
        record.attempt = attempt
        record.outcome = .known(.failure)
        record.timestampMilliseconds = 1_795_000_000_000 + milliseconds
        return record
    }

    @Test("at most 24,000 operations are open: past them the least recently seen half closes")
    func openOperationCountIsBounded() {
        // 30,000 operations failing once within nine minutes: none is idle, so only the bound closes any.
        var builder = ReportBuilder()
        let line: [UInt8] = []
        var largest = 0
        for operation in 0..<30_000 {
            let record = Self.failure(operation: "op-\(operation)", attempt: 1, at: Int64(operation / 60))
            line.withUnsafeBytes { builder.event(record, line: $0) }
            largest = max(largest, builder.openOperations)
        }
        #expect(largest == 24_000, "the bound held \(largest) open operations")
        #expect(builder.openOperations == 30_000 - 12_000)
        #expect(builder.finish().retries.operations == 30_000)
    }

    @Test("open operations store at most 25,000 attempts, and one operation at most 64 pending starts")
    func openOperationsAreBounded() {
        var builder = ReportBuilder()
        let line: [UInt8] = []
        var largest = 0
        // 3,000 operations failing 100 times each, round robin: no operation is new after the first round.
        for round in 0..<100 {
            for operation in 0..<3_000 {
                let record = Self.failure(operation: "op-\(operation)", attempt: round + 1, at: Int64(round))
                line.withUnsafeBytes { builder.event(record, line: $0) }
                largest = max(largest, builder.storedAttempts)
            }
        }
        #expect(largest <= ReportBounds.storedAttemptsInOpenOperations)
        #expect(builder.finish().retries.operations >= 3_000)

        var starts = ReportBuilder()
        for attempt in 1...10_000 {
            var record = LogRecord(eventName: "acquisition.start")
            record.installID = "d"
            record.operationID = "loop"
            record.attempt = attempt
            record.timestampMilliseconds = 1_795_000_000_000
            line.withUnsafeBytes { starts.event(record, line: $0) }
        }
        #expect(starts.storedAttempts == ReportBounds.pendingStartsPerOperation)
    }

    @Test("one file of two installs: at most 8,192 events of the other wait for its turn, the rest counted at once")
    func deferredEventsAreBounded() throws {
        // Interleaved in time, as a foreign file or standard input holds them: the file is read as the first
        // install's, and the second's events wait until its turn (docs/RELIABILITY.md, "Memory bounds of the report").
        let lines = (0..<10_000).flatMap { index in
            let time = String(
                format: "2026-11-22T%02d:%02d:%02d.%03dZ", index / 36_000, index / 600 % 60, index / 10 % 60,
                index % 10 * 100)
            return ["a", "b"].map { install in
                #"{"timestamp":"\#(time)","event.name":"acquisition.end","install.id":"\#(install)","operation.id":"op-\#(index)","attempt":1,"acquisition.kind":"silent","outcome":"success","duration_ms":100}"#
            }
        }
        let report = try Self.report(lines)
        #expect(report.kinds.map(\.attempts) == [20_000] && report.input.devices == 2)
        let released = report.health.warnings.filter { $0.contains("were counted before the events around them") }
        #expect(released.count == 1 && released.first?.hasPrefix("report: \(10_000 - 8_192) events") == true)
    }

    /// A successful attempt of install `install-<install>`, a millisecond after the one before.
    static func success(install: Int) -> LogRecord {
        var record = LogRecord(eventName: "acquisition.end")
        record.installID = "install-\(install)"
        record.outcome = .known(.success)
        record.timestampMilliseconds = 1_795_000_000_000 + Int64(install)
        return record
    }

    @Test("60,000 installs keep at most 16,384 device windows and install clocks")
    func deviceStateIsBounded() {
        var builder = ReportBuilder()
        let line: [UInt8] = []
        var largest = (windows: 0, clocks: 0)
        for install in 0..<60_000 {
            line.withUnsafeBytes { builder.event(Self.success(install: install), line: $0) }
            largest = (
                max(largest.windows, builder.storedDeviceWindows), max(largest.clocks, builder.storedInstallClocks)
            )
        }
        #expect(largest.windows <= ReportBounds.deviceWindows + 1)
        #expect(largest.clocks <= ReportBounds.installClocks + 1)
        let report = builder.finish()
        #expect(report.input.devices == 60_000)
        #expect(report.kinds.map(\.attempts) == [60_000])
    }

    @Test("input.devices is exact up to the limit, then an estimate within 0.3 % that a warning names")
    func deviceCountPastItsExactLimit() {
        func report(installs: Int) -> Report {
            var builder = ReportBuilder()
            let line: [UInt8] = []
            for install in 0..<installs {
                line.withUnsafeBytes { builder.event(Self.success(install: install), line: $0) }
            }
            return builder.finish()
        }
        let limit = ReportBounds.exactDistinctInputs
        let atLimit = report(installs: limit)
        #expect(atLimit.input.devices == limit)
        #expect(!atLimit.health.warnings.contains { $0.contains("distinct devices or users") })
        let past = limit + limit / 8
        let estimated = report(installs: past)
        #expect(abs(estimated.input.devices - past) <= past * 3 / 1_000, "\(estimated.input.devices) of \(past)")
        #expect(
            estimated.health.warnings.contains(
                "report: more than \(limit) distinct devices or users: input.devices and input.users are estimates "
                    + "(within about 0.3 %)"))
    }
}

import AuthTrail
import AuthTrailAnalysis
import AuthTrailTestSupport
import Foundation
import Testing

/// One test per question docs/REPORT-JSON.md answers that the definitions alone left open, each on event
/// lines written to real zstd files and read by `Report.build`.
@Suite("report definitions where the spec was ambiguous")
struct ReportDefinitionTests {
    /// Milliseconds after 2026-11-18T12:00:00Z.
    static let origin: Int64 = 1_795_003_200_000

    static func time(_ milliseconds: Int64) -> String { ReportTime.string(origin + milliseconds) }

    /// An `acquisition.end` line; `duration` defaults to 0 so the attempt starts at its end unless a start is given.
    static func end(
        at milliseconds: Int64, install: String = "install-a", operation: String? = "op-1", attempt: Int? = 1,
        kind: String = "silent", outcome: String = "failure", duration: String = "0", extra: String = ""
    ) -> String {
        var fields = [
            #""timestamp":"\#(time(milliseconds))""#, #""event.name":"acquisition.end""#,
            #""install.id":"\#(install)""#, #""acquisition.kind":"\#(kind)""#, #""outcome":"\#(outcome)""#,
            #""duration_ms":\#(duration)"#,
        ]
        if let operation { fields.append(#""operation.id":"\#(operation)""#) }
        if let attempt { fields.append(#""attempt":\#(attempt)"#) }
        if !extra.isEmpty { fields.append(extra) }
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// Writes each element of `files` as a segment without a metadata frame; returns the report over them.
    static func report(_ files: [[String]]) throws -> Report {
        let folder = try TemporaryDirectory("definitions")
        defer { folder.remove() }
        var paths: [String] = []
        for (index, lines) in files.enumerated() {
            let path = folder.url.appendingPathComponent("file-\(index).jsonl.zst").path
            try ResplitFleet.writeSegment(path: path, lines: lines, metadata: nil)
            paths.append(path)
        }
        let (report, problems) = Report.build(paths: paths)
        #expect(problems.isEmpty)
        return report
    }

    @Test("an operation is its (install.id, operation.id), whichever file holds its attempts and in whatever order")
    func operationAcrossFiles() throws {
        let failure = Self.end(at: 0, attempt: 1)
        let success = Self.end(at: 1_000, attempt: 2, outcome: "success")
        // The success's file is read first (it is given first and has no metadata frame).
        for files in [[[success], [failure]], [[failure], [success]]] {
            let report = try Self.report(files)
            #expect(report.retries.operations == 1)
            #expect(report.retries.attemptsHistogram.map { [$0.attempts, $0.operations] } == [[2, 1]])
            #expect(report.retries.retriedSucceeded == 1)
        }
    }

    @Test(
        "attempts without operation.id are operations of one each, in the report and in both engines' FLEET.md queries")
    func attemptsWithoutOperation() throws {
        let lines =
            (0..<3).map { Self.end(at: Int64($0) * 10, operation: nil, attempt: nil) }
            + [Self.end(at: 100, attempt: 1), Self.end(at: 200, attempt: 2, outcome: "success")]
        let report = try Self.report([lines])
        #expect(report.retries.operations == 4)
        #expect(report.retries.attemptsHistogram.map { [$0.attempts, $0.operations] } == [[1, 3], [2, 1]])
        #expect(report.retries.retriedOperations == 1)

        let folder = try TemporaryDirectory("definitions-sql")
        defer { folder.remove() }
        try ResplitFleet.writeSegment(path: folder.path + "/a.jsonl.zst", lines: lines, metadata: nil)
        for engine in FleetQueryTests.engines {
            let tables = try FleetQueryTests.query(engine, folder: folder.path)
            let histogram = try #require(tables["attempts_histogram"], "\(engine)").map {
                [($0["attempts"] as? NSNumber)?.intValue, ($0["operations"] as? NSNumber)?.intValue]
            }
            #expect(histogram == [[1, 3], [2, 1]], "\(engine)")
        }
    }

    @Test("when several backoff shapes fit, immediate wins over growing and constant")
    func backoffPrecedence() throws {
        // Gaps 10 ms then 20 ms: all under 100 ms (immediate) and each at least 1.5x the previous (growing).
        let growing = try Self.report([
            [Self.end(at: 0, attempt: 1), Self.end(at: 10, attempt: 2), Self.end(at: 30, attempt: 3)]
        ])
        #expect(growing.retries.backoff.immediate == 1 && growing.retries.backoff.growing == 0)
        // Gaps 50 ms twice: immediate and constant.
        let constant = try Self.report([
            [Self.end(at: 0, attempt: 1), Self.end(at: 50, attempt: 2), Self.end(at: 100, attempt: 3)]
        ])
        #expect(constant.retries.backoff.immediate == 1 && constant.retries.backoff.constant == 0)
        // Gaps 200 ms then 300 ms: growing only (not within 25 % of the first).
        let grows = try Self.report([
            [Self.end(at: 0, attempt: 1), Self.end(at: 200, attempt: 2), Self.end(at: 500, attempt: 3)]
        ])
        #expect(grows.retries.backoff.growing == 1 && grows.retries.backoff.immediate == 0)
    }

    @Test("the storm window's 60 s edge is inclusive, for operation and device storms", arguments: [0, 1] as [Int64])
    func stormWindowEdge(beyond: Int64) throws {
        // Five attempts of one operation starting 15 s apart: the fifth exactly 60 s (or 60.001 s) after the first.
        let times: [Int64] = [0, 15_000, 30_000, 45_000, 60_000 + beyond]
        let operation = try Self.report([times.enumerated().map { Self.end(at: $1, attempt: $0 + 1) }])
        #expect(operation.retries.operationStorms.count == (beyond == 0 ? 1 : 0))
        // Twenty attempts of one install ending within 60 s (or 60.001 s).
        let ends = (0..<19).map { Int64($0) * 3_000 } + [60_000 + beyond]
        let device = try Self.report([
            ends.enumerated().map { Self.end(at: $1, operation: "op-\($0)", outcome: "success") }
        ])
        #expect(device.retries.deviceStorms.count == (beyond == 0 ? 1 : 0))
    }

    @Test("an empty install id is no install: its attempts make no device storm")
    func emptyInstallIsNone() throws {
        // Three attempts an hour apart: no storm on any install. An empty id was once a device whose first window
        // held one attempt, so each attempt was a storm of one.
        let report = try Self.report([
            (0..<3).map { Self.end(at: Int64($0) * 3_600_000, install: "", operation: "op-\($0)", outcome: "success") }
        ])
        #expect(report.retries.deviceStorms.count == 0)
        #expect(report.retries.deviceStorms.examples.isEmpty)
    }

    @Test("storm examples: attempts in the episode or window, duration from its first to its last attempt")
    func stormExamples() throws {
        // 25 successes 2 s apart on one install: one episode of all 25, from the first end to the last (48 s).
        let device = try Self.report([
            (0..<25).map { Self.end(at: Int64($0) * 2_000, operation: "op-\($0)", outcome: "success") }
        ])
        #expect(device.retries.deviceStorms.count == 1)
        #expect(device.retries.deviceStorms.examples.first?.attempts == 25)
        #expect(device.retries.deviceStorms.examples.first?.durationMilliseconds == 48_000)
        #expect(device.retries.deviceStorms.examples.first?.start == ReportTime(milliseconds: Self.origin))
        // 7 attempts of one operation starting 20 s apart: the most within one 60 s window is 4 (below 5) ...
        let sparse = try Self.report([(0..<7).map { Self.end(at: Int64($0) * 20_000, attempt: $0 + 1) }])
        #expect(sparse.retries.operationStorms.count == 0)
        // ... and 7 starting 10 s apart: 7 attempts from the first start to the last (60 s).
        let dense = try Self.report([(0..<7).map { Self.end(at: Int64($0) * 10_000, attempt: $0 + 1) }])
        #expect(dense.retries.operationStorms.examples.first?.attempts == 7)
        #expect(dense.retries.operationStorms.examples.first?.durationMilliseconds == 60_000)
    }

    @Test("a device storm ends when its window widens past 60 s, and a later burst is another storm")
    func deviceStormsEndAndStartAgain() throws {
        // 25 attempts 2 s apart, 5 minutes of silence, then 22 attempts 1 s apart, on one install; 3 on another.
        // The window's 20 times wrap around in the first burst; the second burst's first attempt ends the first
        // storm (its window reaches back 5 minutes), and its 20th starts the second.
        let first = (0..<25).map { Int64($0) * 2_000 }
        let second = (0..<22).map { 348_000 + Int64($0) * 1_000 }
        let report = try Self.report([
            (first + second).enumerated().map { Self.end(at: $1, operation: "op-\($0)", outcome: "success") }
                + (0..<3).map { Self.end(at: Int64($0) * 1_000, install: "install-b", operation: "b-\($0)") }
        ])
        let storms = report.retries.deviceStorms
        #expect(storms.count == 2)
        #expect(storms.examples.map(\.installID) == ["install-a", "install-a"])
        #expect(storms.examples.map(\.attempts) == [25, 22])
        #expect(storms.examples.map(\.durationMilliseconds) == [48_000, 21_000])
        #expect(
            storms.examples.map(\.start) == [first[0], second[0]].map { ReportTime(milliseconds: Self.origin + $0) })
    }

    @Test("fractional duration_ms rounds to the nearest millisecond, halves away from zero, before percentiles")
    func percentileRounding() throws {
        let report = try Self.report([
            [
                Self.end(at: 0, operation: "a", outcome: "success", duration: "200.4"),
                Self.end(at: 10, operation: "b", outcome: "success", duration: "200.5"),
                Self.end(at: 20, operation: "c", outcome: "success", duration: "200.5"),
            ]
        ])
        let durations = try #require(report.latency.first?.durations)
        #expect(durations.p50 == 201 && durations.max == 201)
        #expect(durations.count == 3)
        let low = try Self.report([[Self.end(at: 0, outcome: "success", duration: "200.4")]])
        #expect(low.latency.first?.durations.max == 200)
    }

    @Test("as first seen means the earliest attempt in time, whatever file is read first")
    func firstSeenByTime() throws {
        let error = #""error.domain":"MSALErrorDomain","error.code":-50002"#
        let early = Self.end(
            at: 0, operation: "a", extra: error + #","error.code_name":"early","http.response.status_code":400"#)
        let late = Self.end(
            at: 5_000, operation: "b", extra: error + #","error.code_name":"late","http.response.status_code":401"#)
        for files in [[[late], [early]], [[early], [late]]] {
            let pattern = try #require(try Self.report(files).patterns.first)
            #expect(pattern.codeName == "early" && pattern.httpStatus == 400)
        }
    }

    @Test("ties in patterns: an absent sub-code before any present one; sts_patterns ties by code")
    func patternTies() throws {
        let lines = [nil, 5, -42011].enumerated().map { index, subcode in
            Self.end(
                at: Int64(index) * 100, operation: "op-\(index)",
                extra: #""error.domain":"MSALErrorDomain","error.code":-50000,"sts.error_codes":[\#(50_100 - index)]"#
                    + (subcode.map { #","error.subcode":\#($0)"# } ?? ""))
        }
        let report = try Self.report([lines])
        #expect(report.patterns.map(\.subcode) == [nil, -42011, 5])
        #expect(report.stsPatterns.map(\.stsCode) == [50_098, 50_099, 50_100])
    }

    @Test("timeline buckets are aligned to whole multiples of their width since 1970-01-01T00:00Z")
    func timelineAlignment() throws {
        // 10:07:30 to 11:50: 103 minutes, so 5-minute buckets, from 10:05 to 11:50 (22 of them).
        let start: Int64 = 10 * 3_600_000 + 7 * 60_000 + 30_000
        let report = try Self.report([
            [
                Self.end(at: start, operation: "a", outcome: "success"),
                Self.end(at: 11 * 3_600_000 + 50 * 60_000, operation: "b", outcome: "success"),
            ]
        ])
        #expect(report.timeline.bucketSeconds == 300)
        #expect(
            report.timeline.buckets.first?.start == ReportTime(milliseconds: Self.origin + 10 * 3_600_000 + 5 * 60_000))
        #expect(report.timeline.buckets.count == 22)
    }

    @Test("input.events counts segment.start lines and newer-schema events, like every other event")
    func inputEventsCountEveryEvent() throws {
        let report = try Self.report([
            [
                #"{"timestamp":"\#(Self.time(0))","event.name":"segment.start","install.id":"install-a"}"#,
                #"{"timestamp":"\#(Self.time(1))","schema":2,"event.name":"log","install.id":"install-a"}"#,
                Self.end(at: 2, outcome: "success"),
            ]
        ])
        #expect(report.input.events == 3)
        #expect(report.health.newerSchemaEvents == 1)
    }

    @Test("store.dropped without dropped.total counts the sum of its per-severity counts")
    func droppedBySeverity() throws {
        let report = try Self.report([
            [
                #"{"timestamp":"\#(Self.time(0))","event.name":"store.dropped","dropped.warn":"3","dropped.info":2}"#,
                #"{"timestamp":"\#(Self.time(1))","event.name":"store.dropped","dropped.total":"4","dropped.info":3}"#,
                #"{"timestamp":"\#(Self.time(2))","event.name":"store.dropped"}"#,
            ]
        ])
        #expect(report.health.dropReports == 3)
        #expect(report.health.droppedEvents == 5 + 4 + 1)
    }

    @Test("no sentinel numbers: the first backoff bucket has no lower bound in the JSON")
    func noSentinels() throws {
        let report = try Self.report([[Self.end(at: 0, attempt: 1), Self.end(at: 10, attempt: 2)]])
        let json = report.renderJSON()
        #expect(!json.contains("9223372036854775"))
        #expect(report.retries.backoff.gaps.first?.fromMilliseconds == nil)
        #expect(report.retries.backoff.gaps.first?.count == 1)
        #expect(report.retries.backoff.gaps.dropFirst().allSatisfy { $0.fromMilliseconds != nil })
    }

    @Test(
        "durations in text are rounded as a person writes them",
        arguments: [
            (850, "850 ms"), (2_149, "2.1 s"), (7_000, "7 s"), (59_960, "1 min"), (127_000, "2.1 min"),
            (5_400_000, "1.5 h"), (3 * 86_400_000, "3 d"),
        ] as [(Int64, String)])
    func textDurations(milliseconds: Int64, text: String) {
        #expect(ReportFormatting.milliseconds(milliseconds) == text)
    }
}

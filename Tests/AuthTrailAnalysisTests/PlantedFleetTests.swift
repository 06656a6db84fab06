import AuthTrail
import AuthTrailAnalysis
import AuthTrailTestSupport
import Foundation
import Testing

/// Every expected number below follows from the plan in `PlantedFleet`'s documentation, worked out by hand:
/// per device 4 plain successes (P), 2 fallbacks to success (F), 1 fallback cancelled (C), 1 compliant 429 retry (R),
/// i+1 violating 429 retries (V, 1+2+3 = 6 in all); device 1 has a 7-attempt offline storm (S); device 0 has 25 quick
/// successes (Q).
@Suite("report over a planted fleet")
struct PlantedFleetTests {
    @Test("every number in the report matches the planted ground truth, whatever order the files are given in")
    func reportMatchesGroundTruth() throws {
        let fleet = try PlantedFleet()
        defer { fleet.remove() }
        for paths in [try fleet.segmentFiles(), [fleet.directory.path], fleet.deviceFolders.reversed()] {
            let (report, problems) = Report.build(paths: paths)
            #expect(problems.isEmpty)
            check(report)
        }
    }

    @Test(
        "every number matches when each device is split between two processes, with and without metadata, shuffled",
        arguments: 1...6 as ClosedRange<UInt64>)
    func resplitMatchesGroundTruth(seed: UInt64) throws {
        let fleet = try PlantedFleet(damaged: false)
        defer { fleet.remove() }
        let folder = try TemporaryDirectory("planted-resplit")
        defer { folder.remove() }
        let paths = try ResplitFleet(folders: fleet.deviceFolders).write(seed: seed, to: folder.url, processes: 2...2)
        let (report, problems) = Report.build(paths: paths)
        #expect(problems.isEmpty)
        check(report, damaged: false)
    }

    /// - Parameter damaged: whether device 2's segment carries the planted damage (`PlantedFleet(damaged:)`).
    func check(_ report: Report, damaged: Bool = true) {
        // Silent attempts: 3 × (P4 + F2 + C1 + R2) + 2 × V6 + S7 + Q25 = 27 + 12 + 7 + 25 = 71.
        // Silent failures: 3 × (F2 + C1 + R1) + V6 + S6 = 24. Interactive: 3 × (F2 + C1) = 9, 3 of them cancelled.
        #expect(report.kinds.map(\.kind) == ["interactive", "silent"])
        let silent = report.kinds.first { $0.kind == "silent" }
        let interactive = report.kinds.first { $0.kind == "interactive" }
        #expect(silent?.attempts == 71 && silent?.failures == 24 && silent?.successes == 47)
        #expect(interactive?.attempts == 9 && interactive?.successes == 6 && interactive?.cancellations == 3)
        // 3 segment.start lines + 2 events per attempt (80 attempts) + the 2 extra events planted in device 2.
        #expect(report.input.events == 3 + 160 + (damaged ? 2 : 0))
        #expect(report.input.devices == 3)
        #expect(report.input.users == 3)

        // Errored attempts: interactionRequired 9, 429 9 (R3 + V6), offline 6, userCanceled 3 = 27.
        let patterns = Dictionary(uniqueKeysWithValues: report.patterns.map { ("\($0.domain!):\($0.code!)", $0) })
        #expect(report.patterns.count == 4)
        #expect(patterns["MSALErrorDomain:-50002"]?.count == 9)
        #expect(patterns["MSALErrorDomain:-50002"]?.share == 9.0 / 27.0)
        #expect(patterns["MSALErrorDomain:-50002"]?.devices == 3 && patterns["MSALErrorDomain:-50002"]?.users == 3)
        #expect(patterns["MSALErrorDomain:-50002"]?.action == "acquireInteractively")
        #expect(patterns["MSALErrorDomain:-50000"]?.count == 9 && patterns["MSALErrorDomain:-50000"]?.subcode == -42007)
        #expect(patterns["MSALErrorDomain:-50000"]?.httpStatus == 429)
        #expect(patterns["NSURLErrorDomain:-1009"]?.count == 6 && patterns["NSURLErrorDomain:-1009"]?.devices == 1)
        #expect(patterns["MSALErrorDomain:-50005"]?.count == 3)
        #expect(report.stsPatterns.map(\.stsCode) == [50076] && report.stsPatterns.first?.count == 9)

        let retries = report.retries
        // Operations: 3 × (P4 + F2 + C1 + R1) + V6 + S1 + Q25 = 56; by attempts: 1 → 12 + 25, 2 → 18, 7 → 1.
        #expect(retries.operations == 56)
        #expect(retries.attemptsHistogram.map { [$0.attempts, $0.operations] } == [[1, 37], [2, 18], [7, 1]])
        // Retried 19; all but the 3 cancelled fallbacks end in success.
        #expect(retries.retriedOperations == 19 && retries.retriedSucceeded == 16)
        // Recovery times: F 1.2 s ×6, V 2.2 s ×6, S 7.2 s ×1, R 31.2 s ×3 (16 values, nearest rank).
        let recover = retries.timeToRecover
        #expect(
            [recover.p50, recover.p90, recover.p99, recover.max] == [2_200, 31_200, 31_200, 31_200]
                && recover.count == 16)
        #expect(retries.fallback.silentFailures == 19 && retries.fallback.fallbacks == 9)
        #expect(retries.fallback.succeeded == 6 && retries.fallback.cancelled == 3 && retries.fallback.failed == 0)
        #expect(retries.retryAfter.retriedAfterHint == 9)
        #expect(retries.retryAfter.compliant == 3 && retries.retryAfter.violations == 6)
        #expect(retries.retryAfter.examples.count == 6)
        #expect(retries.retryAfter.examples.allSatisfy { $0.waitedMilliseconds == 2_000 && $0.retryAfterSeconds == 30 })
        #expect(retries.operationStorms.count == 1 && retries.operationStorms.examples.first?.attempts == 7)
        #expect(retries.deviceStorms.count == 1 && retries.deviceStorms.examples.first?.attempts == 25)
        // Gaps after failures: F6 + C3 + S6 of 1 s and V6 of 2 s fall in 1-10 s; R3 of 31 s in 10-60 s.
        #expect(retries.backoff.gaps.map(\.count) == [0, 0, 21, 3, 0])
        #expect(retries.backoff.constant == 1 && retries.backoff.growing == 0 && retries.backoff.irregular == 0)

        // Every attempt took 200 ms.
        #expect(report.latency.count == 4)
        #expect(report.latency.allSatisfy { $0.durations.p50 == 200 && $0.durations.max == 200 })
        #expect(report.latency.map(\.durations.count).reduce(0, +) == 80)
        #expect(report.timeline.buckets.map(\.attempts).reduce(0, +) == 80)
        #expect(report.timeline.buckets.map(\.failures).reduce(0, +) == 24)

        guard damaged else {
            #expect(report.health == Report().health, "nothing damaged, nothing lost")
            return
        }
        #expect(report.health.tornTails == 1)
        #expect(report.health.invalidLines == 1)
        #expect(report.health.newerSchemaEvents == 1)
        #expect(report.health.dropReports == 1 && report.health.droppedEvents == 7)
        #expect(report.health.warnings.contains { $0.contains("device-2/") && $0.contains("truncated frame") })
    }

    @Test("filters narrow the report: a time window, a kind, a code")
    func filters() throws {
        let fleet = try PlantedFleet()
        defer { fleet.remove() }
        var filter = EventFilter()
        filter.kinds = ["interactive"]
        var report = Report.build(paths: [fleet.directory.path], filter: filter).report
        #expect(report.kinds.map(\.kind) == ["interactive"] && report.kinds.first?.attempts == 9)

        filter = EventFilter()
        filter.codes = ["AADSTS50076"]
        report = Report.build(paths: [fleet.directory.path], filter: filter).report
        #expect(report.patterns.map(\.count) == [9])

        // Device 0's 25 quick successes all end within the minute after start + 30,000 s.
        filter = EventFilter()
        filter.since = Int64(PlantedFleet.start.timeIntervalSince1970 * 1000) + 30_000_000
        filter.until = filter.since! + 60_000
        report = Report.build(paths: [fleet.directory.path], filter: filter).report
        #expect(report.kinds.first?.attempts == 25)
        #expect(report.retries.deviceStorms.count == 1)
    }
}

@Suite("bundles of a planted fleet")
struct PlantedFleetBundleTests {
    @Test("a bundle of three devices reports the same patterns and retry behaviour as their segments")
    func bundleKeepsDevicesApart() throws {
        let fleet = try PlantedFleet()
        defer { fleet.remove() }
        let bundle = fleet.directory.path + "/fleet.bundle.zst"
        let result = try BundleWriter(toolVersion: "test").write(paths: fleet.deviceFolders, to: bundle, force: false)
            .bundle
        #expect(result.written && result.findings.isEmpty)
        #expect(result.manifest.segments.count == 3)
        #expect(Set(result.manifest.segments.compactMap(\.installID)).count == 3)
        #expect(result.warnings.contains { $0.contains("truncated frame") })
        let fromBundle = Report.build(paths: [bundle]).report
        let fromSegments = Report.build(paths: fleet.deviceFolders).report
        #expect(fromBundle.kinds == fromSegments.kinds)
        #expect(fromBundle.patterns == fromSegments.patterns)
        #expect(fromBundle.retries == fromSegments.retries)
        #expect(fromBundle.latency == fromSegments.latency)
        #expect(fromBundle.input.events == fromSegments.input.events)
        #expect(fromBundle.health.tornTails == 0, "the bundle holds only complete frames")
        let verified = Verifier.verify(paths: [bundle]).results
        #expect(verified.count == 1 && verified[0].isClean && verified[0].isBundle)
    }
}

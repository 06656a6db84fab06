import AuthTrail
import AuthTrailTestSupport
import Testing

@testable import AuthTrailAnalysis

/// The HTML report's aggregates (example operations, top patterns over time, latency buckets) give the same answer
/// whether one builder saw every attempt or several builders each saw a share and were merged, in any order, and that
/// answer is the one computed directly from the attempts.
@Suite("the drill-down aggregates merge into exactly what one pass counts")
struct DrillDownAggregateTests {
    struct Attempt {
        var time: Int64
        var install: String
        var operation: String?
        var kind: String
        var outcome: String
        var duration: Int64
        var pattern: PatternKey?
        var sts: [Int]
    }

    static let patterns: [PatternKey] = [
        PatternKey(domain: "MSALErrorDomain", code: -50002, subcode: nil),
        PatternKey(domain: "MSALErrorDomain", code: -50000, subcode: -42011),
        PatternKey(domain: "MSALErrorDomain", code: -50000, subcode: -42007),
        PatternKey(domain: "NSURLErrorDomain", code: -1009, subcode: nil),
        PatternKey(domain: "MSALErrorDomain", code: -50004, subcode: nil),
        PatternKey(domain: "MSALErrorDomain", code: -50005, subcode: nil),
        PatternKey(domain: "OSStatus", code: nil, subcode: nil),
    ]

    /// Attempts of 30 installs over `hours`, operations of 1 to 4 attempts, a skewed mix of patterns, some attempts
    /// without an operation id, ties in time on purpose (whole seconds).
    static func attempts(seed: UInt64, hours: Int64) -> [Attempt] {
        var random = SplitMix64(seed: seed)
        var result: [Attempt] = []
        let start: Int64 = 1_795_000_000_000
        for install in 0..<30 {
            for operation in 0..<(3 + Int(random.next() % 6)) {
                var time = start + Int64(random.next() % UInt64(hours * 3_600)) * 1_000
                let hasID = random.next() % 10 != 0
                for attempt in 0..<(1 + Int(random.next() % 4)) {
                    let outcome = ["success", "failure", "failure", "cancelled"][Int(random.next() % 4)]
                    let pattern =
                        outcome == "success" ? nil : patterns[Int(min(random.next() % 9, random.next() % 9)) % 7]
                    let sts = pattern != nil && random.next() % 3 == 0 ? [50076, 50079][...Int(random.next() % 2)] : []
                    result.append(
                        Attempt(
                            time: time, install: "install-\(install)",
                            operation: hasID ? "operation-\(install)-\(operation)" : nil,
                            kind: attempt == 0 ? "silent" : "interactive", outcome: outcome,
                            duration: Int64(random.next() % 90_000), pattern: pattern, sts: Array(sts)))
                    time += Int64(random.next() % 120) * 1_000
                }
            }
        }
        return result
    }

    static func record(_ attempt: Attempt) -> LogRecord {
        var record = LogRecord(eventName: "acquisition.end")
        record.installID = attempt.install
        record.operationID = attempt.operation
        record.errorDomain = attempt.pattern?.domain
        record.errorCode = attempt.pattern?.code
        record.errorSubcode = attempt.pattern?.subcode
        record.stsErrorCodes = attempt.sts
        return record
    }

    static func aggregates(_ attempts: some Sequence<Attempt>) -> DrillDownAggregates {
        var aggregates = DrillDownAggregates()
        for attempt in attempts {
            aggregates.add(
                record(attempt), time: attempt.time, kind: .init(rawValue: attempt.kind),
                outcome: .init(rawValue: attempt.outcome),
                duration: attempt.duration, pattern: attempt.pattern)
        }
        return aggregates
    }

    /// The report rows the aggregates fill, computed from the attempts without them: patterns by count, the
    /// timeline, latency rows.
    static func baseReport(_ attempts: [Attempt]) -> Report {
        var report = Report()
        var timeline = AttemptTimeline()
        for attempt in attempts { timeline.add(at: attempt.time, failed: attempt.outcome == "failure") }
        report.timeline = timeline.timeline
        var counts: [PatternKey: Int] = [:]
        for attempt in attempts { if let pattern = attempt.pattern { counts[pattern, default: 0] += 1 } }
        report.patterns = counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map {
            var row = Report.FailurePattern()
            row.domain = $0.key.domain
            row.code = $0.key.code
            row.subcode = $0.key.subcode
            row.count = $0.value
            return row
        }
        var sts: Set<Int> = []
        for attempt in attempts where attempt.outcome != "success" { sts.formUnion(attempt.sts) }
        report.stsPatterns = sts.sorted().map {
            var row = Report.FailurePattern()
            row.stsCode = $0
            return row
        }
        let pairs = Set(attempts.map { "\($0.kind)|\($0.outcome)" }).sorted()
        report.latency = pairs.map {
            let parts = $0.split(separator: "|").map(String.init)
            return Report.LatencyRow(kind: parts[0], outcome: parts[1], durations: Report.Percentiles(count: 1))
        }
        return report
    }

    /// `line`'s pattern's attempts per bucket of `width` milliseconds from `first`, counted directly.
    static func counts(of line: Report.PatternSeries, in attempts: [Attempt], first: Int64, width: Int64) -> [Int] {
        var counts = [Int](repeating: 0, count: line.counts.count)
        for attempt in attempts
        where attempt.pattern == PatternKey(domain: line.domain, code: line.code, subcode: line.subcode) {
            counts[Int((attempt.time - first) / width)] += 1
        }
        return counts
    }

    @Test("one pass and any split into merged shards fill the report alike", arguments: 0..<6)
    func mergeMatchesOnePass(_ seed: Int) {
        let attempts = Self.attempts(seed: UInt64(seed + 1), hours: [1, 5, 30, 200, 24 * 400, 3][seed])
        var expected = Self.baseReport(attempts)
        Self.aggregates(attempts).finish(into: &expected)

        var random = SplitMix64(seed: UInt64(seed + 100))
        let shardCount = 2 + Int(random.next() % 4)
        var shards = [[Attempt]](repeating: [], count: shardCount)
        for attempt in attempts { shards[Int(random.next() % UInt64(shardCount))].append(attempt) }
        // Each shard in its own order, merged in a shuffled order.
        var merged = DrillDownAggregates()
        for shard in shards.shuffled(using: &random) {
            merged.merge(Self.aggregates(shard.shuffled(using: &random)))
        }
        var result = Self.baseReport(attempts)
        merged.finish(into: &result)
        #expect(result == expected)
    }

    @Test("examples are the earliest operations of each pattern, by their earliest attempt, ties by ids")
    func examplesAreTheEarliest() {
        let attempts = Self.attempts(seed: 7, hours: 2)
        var report = Self.baseReport(attempts)
        Self.aggregates(attempts.reversed()).finish(into: &report)
        for row in report.patterns {
            let key = PatternKey(domain: row.domain!, code: row.code, subcode: row.subcode)
            var earliest: [String: (Int64, String, String)] = [:]
            for attempt in attempts where attempt.pattern == key {
                guard let operation = attempt.operation else { continue }
                let candidate = (attempt.time, attempt.install, operation)
                if let current = earliest[attempt.install + "/" + operation], current <= candidate { continue }
                earliest[attempt.install + "/" + operation] = candidate
            }
            let expected = earliest.values.sorted { $0 < $1 }.prefix(ExampleOperations.limit).map {
                Report.OperationExample(installID: $0.1, operationID: $0.2, failedAt: ReportTime(milliseconds: $0.0))
            }
            #expect(row.examples ?? [] == Array(expected), "\(key.text)")
            #expect(!expected.isEmpty)
        }
    }

    @Test(
        "each top pattern's series sums to its count and lands in the bucket of each attempt",
        arguments: [1, 30, 9_600])
    func seriesMatchAttempts(_ hours: Int64) {
        let attempts = Self.attempts(seed: UInt64(hours), hours: hours)
        var report = Self.baseReport(attempts)
        Self.aggregates(attempts).finish(into: &report)
        let series = report.timeline.patterns ?? []
        #expect(series.count == min(PatternTimelines.charted, report.patterns.count))
        let width = Int64(report.timeline.bucketSeconds) * 1_000
        let first = report.timeline.buckets[0].start.milliseconds
        for (row, line) in zip(report.patterns, series) {
            #expect(line.counts.count == report.timeline.buckets.count)
            #expect(line.counts.reduce(0, +) == row.count)
            #expect(line.counts == Self.counts(of: line, in: attempts, first: first, width: width))
        }
    }

    @Test("past the counter budget, series still count exactly, merged or not")
    func seriesPastTheBudget() {
        var random = SplitMix64(seed: 99)
        // 90,000 failures spread over 60 days: far more (pattern, minute) counters than the budget.
        let attempts = (0..<90_000).map { index in
            Attempt(
                time: 1_795_000_000_000 + Int64(random.next() % (60 * 86_400_000)), install: "install-\(index % 50)",
                operation: "operation-\(index)", kind: "silent", outcome: "failure", duration: 10,
                pattern: Self.patterns[index % Self.patterns.count], sts: [])
        }
        var expected = Self.baseReport(attempts)
        Self.aggregates(attempts).finish(into: &expected)
        var merged = DrillDownAggregates()
        merged.merge(Self.aggregates(attempts[..<30_000]))
        merged.merge(Self.aggregates(attempts[30_000...]))
        var result = Self.baseReport(attempts)
        merged.finish(into: &result)
        #expect(result == expected)
        let width = Int64(expected.timeline.bucketSeconds) * 1_000
        let first = expected.timeline.buckets[0].start.milliseconds
        for line in expected.timeline.patterns ?? [] {
            #expect(line.counts == Self.counts(of: line, in: attempts, first: first, width: width))
        }
    }

    @Test("latency buckets count each duration once, from its bucket's lower bound")
    func latencyBuckets() {
        let attempts = Self.attempts(seed: 3, hours: 1)
        var report = Self.baseReport(attempts)
        Self.aggregates(attempts).finish(into: &report)
        for row in report.latency {
            let durations = attempts.filter { $0.kind == row.kind && $0.outcome == row.outcome }.map(\.duration)
            let buckets = row.buckets ?? []
            // docs/REPORT-JSON.md: 0, 50, 100, 200, 500 ms, 1, 2, 5, 10, 30 s and 1 min.
            let documented: [Int64] = [0, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 30_000, 60_000]
            #expect(buckets.map(\.fromMilliseconds) == documented)
            for (index, bucket) in buckets.enumerated() {
                let upper = index + 1 < buckets.count ? buckets[index + 1].fromMilliseconds : .max
                #expect(bucket.count == durations.filter { $0 >= bucket.fromMilliseconds && $0 < upper }.count)
            }
            #expect(buckets.reduce(0) { $0 + $1.count } == durations.count)
        }
    }

    @Test("past the cap, patterns share the (other) row's examples, in one pass and when merging")
    func examplesPastTheCap() {
        func entry(_ time: Int64, _ operation: String) -> ExampleOperations.Entry {
            ExampleOperations.Entry(time: time, installID: "install", operationID: operation)
        }
        var table = ExampleOperationTable<Int>(cap: 3)
        for key in 0..<6 { table.add(key, entry(Int64(10 - key), "a\(key)")) }
        #expect(table.rows.keys.sorted() == [0, 1, 2])
        #expect(table.examples(nil)?.map(\.operationID) == ["a5", "a4", "a3"])

        var other = ExampleOperationTable<Int>(cap: 3)
        for key in [4, 2, 3] { other.add(key, entry(Int64(key), "b\(key)")) }
        table.merge(other)
        // Key 2 has a row on both sides; 3 and 4 fold into (other) here, as a fourth key would in one pass.
        #expect(table.rows.keys.sorted() == [0, 1, 2])
        #expect(table.examples(2)?.map(\.operationID) == ["b2", "a2"])
        #expect(table.examples(nil)?.map(\.operationID) == ["b3", "b4", "a5"])
    }
}

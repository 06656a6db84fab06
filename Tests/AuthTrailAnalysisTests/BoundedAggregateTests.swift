import AuthTrailTestSupport
import Testing

@testable import AuthTrailAnalysis

/// The aggregates that keep the report's memory bounded give the answers unbounded ones would: the timeline exactly,
/// the histogram exactly below its rounding threshold, distinct counts exactly below their limit.
@Suite("bounded aggregates give the unbounded answers")
struct BoundedAggregateTests {
    /// The timeline from one counter per distinct minute (as the builder kept it before it was bounded), in buckets of
    /// `width` minutes.
    static func referenceTimeline(_ attempts: [(time: Int64, failed: Bool)], width: Int64) -> Report.Timeline {
        func floor(_ value: Int64, _ divisor: Int64) -> Int64 {
            value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
        }
        var minutes: [Int64: (attempts: Int, failures: Int)] = [:]
        for attempt in attempts {
            minutes[floor(attempt.time, 60_000), default: (0, 0)].attempts += 1
            if attempt.failed { minutes[floor(attempt.time, 60_000), default: (0, 0)].failures += 1 }
        }
        guard let first = minutes.keys.min(), let last = minutes.keys.max() else { return Report.Timeline() }
        var buckets: [Int64: (attempts: Int, failures: Int)] = [:]
        for (minute, counts) in minutes {
            buckets[floor(minute, width) * width, default: (0, 0)].attempts += counts.attempts
            buckets[floor(minute, width) * width, default: (0, 0)].failures += counts.failures
        }
        var rows: [Report.TimeBucket] = []
        var bucket = floor(first, width) * width
        while bucket <= last {
            let counts = buckets[bucket] ?? (0, 0)
            rows.append(
                Report.TimeBucket(
                    start: ReportTime(milliseconds: bucket * 60_000), attempts: counts.attempts,
                    failures: counts.failures,
                    failureRate: counts.attempts == 0 ? 0 : Double(counts.failures) / Double(counts.attempts)))
            bucket += width
        }
        return Report.Timeline(bucketSeconds: Int(width * 60), buckets: rows)
    }

    /// Times in milliseconds: (label, first, spread, count).
    static let timelineCases: [(String, Int64, Int64, Int)] = [
        ("one hour", 1_795_000_000_000, 3_600_000, 5_000),
        ("every minute of 30 days", 1_795_000_000_000, 30 * 86_400_000, 43_200),
        (
            "9,000 years", ReportBounds.timestampMilliseconds.lowerBound + 500 * 31_556_952_000, 9_000 * 31_556_952_000,
            30_000
        ),
        (
            "the whole accepted range", ReportBounds.timestampMilliseconds.lowerBound,
            ReportBounds.timestampMilliseconds.upperBound - ReportBounds.timestampMilliseconds.lowerBound, 30_000
        ),
    ]

    @Test(
        "the timeline is exactly the per-minute one while its counters stay within the bound",
        arguments: timelineCases.indices)
    func timelineIsExact(_ index: Int) {
        let (_, first, spread, count) = Self.timelineCases[index]
        var random = SplitMix64(seed: UInt64(index + 1))
        var attempts: [(time: Int64, failed: Bool)] = []
        for step in 0..<count {
            // The 30-day case covers every minute once; the others draw times at random over their spread.
            let offset = count == 43_200 ? Int64(step) * 60_000 : Int64(random.next() % UInt64(spread))
            attempts.append((first + offset, random.next() % 3 == 0))
        }
        var timeline = AttemptTimeline()
        var largest = 0
        for attempt in attempts {
            timeline.add(at: attempt.time, failed: attempt.failed)
            largest = max(largest, timeline.slotCount)
        }
        let result = timeline.timeline
        let width = Int64(result.bucketSeconds / 60)
        #expect(result == Self.referenceTimeline(attempts, width: width))
        #expect(largest <= ReportBounds.timelineSlots)
        // The width: the smallest that fits 60 buckets (as before the bound), whole weeks past a week.
        let minutes = attempts.map { Double($0.time) / 60_000 }
        let span = Int64(minutes.max()!.rounded(.down) - minutes.min()!.rounded(.down)) + 1
        if let ladder = ([1, 5, 15, 60, 360, 1440, 10080] as [Int64]).first(where: { (span + $0 - 1) / $0 <= 60 }) {
            #expect(width == ladder)
        } else {
            #expect(width % 10080 == 0 && width >= (span + 59) / 60)
            #expect(result.buckets.count <= 61)
        }
    }

    /// Nearest-rank percentiles as docs/REPORT-JSON.md defines them, by counting: the smallest value with at least
    /// `p` of all values at or below it.
    static func referencePercentiles(_ values: [Int64]) -> Report.Percentiles {
        let sorted = values.sorted()
        func rank(_ fraction: Double) -> Int64? {
            // The last copy of each value in sorted order has exactly `index + 1` values at or below it.
            sorted.indices.first { index in
                (index + 1 == sorted.count || sorted[index + 1] != sorted[index])
                    && Double(index + 1) >= fraction * Double(sorted.count)
            }.map { sorted[$0] }
        }
        return Report.Percentiles(
            count: sorted.count, p50: rank(0.5), p90: rank(0.9), p99: rank(0.99), max: sorted.last)
    }

    /// Percentiles worked out by hand (nearest rank: p50 of 1…10 is the 5th value, p99 of 1…101 the 100th). Sizes
    /// where rounding the rank down, or to the nearest, would pick another value.
    static let handPercentiles: [(values: [Int64], p50: Int64, p90: Int64, p99: Int64, max: Int64)] = [
        ([7], 7, 7, 7, 7),
        ([10, 20, 30], 20, 30, 30, 30),
        (Array(1...7), 4, 7, 7, 7),
        (Array(1...10), 5, 9, 10, 10),
        (Array(1...101), 51, 91, 100, 101),
        (Array(1...1_000), 500, 900, 990, 1_000),
        ([200, 200, 200, 200, 200, 200, 200, 200, 200, 90_000], 200, 200, 90_000, 90_000),
        ([5, 1, 3, 2, 4, 120_000, 61_000], 4, 120_000, 120_000, 120_000),
    ]

    @Test("histogram percentiles are the nearest-rank values worked out by hand", arguments: handPercentiles.indices)
    func histogramMatchesHandValues(_ index: Int) {
        let expected = Self.handPercentiles[index]
        var histogram = MillisecondHistogram()
        for value in expected.values.shuffled() { histogram.add(value) }
        let percentiles = histogram.percentiles
        #expect(percentiles.count == expected.values.count)
        #expect(percentiles.p50 == expected.p50, "p50 of \(expected.values.count) values")
        #expect(percentiles.p90 == expected.p90, "p90 of \(expected.values.count) values")
        #expect(percentiles.p99 == expected.p99, "p99 of \(expected.values.count) values")
        #expect(percentiles.max == expected.max)
        #expect(Self.referencePercentiles(expected.values) == percentiles, "the reference agrees")
    }

    @Test(
        "histogram percentiles are exact below 4,096 distinct values of a minute or more",
        arguments: [1, 7, 300, 50_000])
    func histogramIsExact(_ count: Int) {
        var random = SplitMix64(seed: UInt64(count))
        var values: [Int64] = []
        for _ in 0..<count {
            switch random.next() % 10 {
            // A few thousand distinct values past a minute.
            case 0: values.append(60_000 + Int64(random.next() % 3_000))
            case 1: values.append(Int64(random.next() % 60_000))  // anywhere under a minute
            default: values.append(Int64(random.next() % 2_000))  // the bulk
            }
        }
        var histogram = MillisecondHistogram()
        for value in values { histogram.add(value) }
        #expect(!histogram.isRounded)
        #expect(histogram.percentiles == Self.referencePercentiles(values))
    }

    @Test("a histogram holds slots for what it holds: one value of 59,999 ms is one entry, not 60,000 slots")
    func histogramIsSizedByContent() {
        var one = MillisecondHistogram()
        one.add(59_999)
        #expect(one.slotCount == 1)
        var few = MillisecondHistogram()
        for value in [5, 59_000, 123_456_789] as [Int64] { few.add(value) }
        #expect(few.slotCount <= 16, "an array of 8 slots for 5 ms, one entry each for the others")
        #expect(few.percentiles.max == 123_456_789)
    }

    @Test("past 4,096 distinct values of a minute or more, they round down by under 0.8 % and stay bounded")
    func histogramRoundsLargeValues() {
        var random = SplitMix64(seed: 3)
        var values: [Int64] = []
        var histogram = MillisecondHistogram()
        for _ in 0..<200_000 {
            let value = 60_000 + Int64(random.next() % 1_000_000_000_000)
            values.append(value)
            histogram.add(value)
        }
        #expect(histogram.isRounded)
        #expect(histogram.slotCount < 6_000)
        let exact = Self.referencePercentiles(values)
        let rounded = histogram.percentiles
        #expect(rounded.max == exact.max, "the maximum stays exact")
        for (approximate, reference) in [(rounded.p50, exact.p50), (rounded.p90, exact.p90), (rounded.p99, exact.p99)] {
            let (approximate, reference) = (Double(approximate ?? 0), Double(reference ?? 0))
            #expect(
                approximate <= reference && approximate >= reference * (1 - 1.0 / 128),
                "\(approximate) for \(reference)")
        }
    }
}

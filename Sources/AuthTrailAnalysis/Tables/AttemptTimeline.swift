/// Attempts and failures over time, for the report's timeline, in at most `ReportBounds.timelineSlots` counters.
///
/// Attempts count per minute until more than that many minutes hold one; then per 5, 15, 60, 360, 1440 or 10080
/// minutes, then doubling. The step only grows while it still divides the bucket width the range needs (the smallest
/// of those widths that fits the range in 60 buckets; past a week, whole weeks), so every bucket counts exactly what
/// per-minute counters would: events spread over millennia cost a few thousand counters, not one per distinct minute.
struct AttemptTimeline: ReportTable, Sendable {
    /// Bucket widths in minutes; each divides the next.
    private static let widths: [Int64] = [1, 5, 15, 60, 360, 1440, 10080]

    private var step: Int64 = 1
    private var counts: [Int64: (attempts: Int, failures: Int)] = [:]
    private var first = Int64.max
    private var last = Int64.min

    /// Counts one attempt that ended at `time` (milliseconds since 1970, within `ReportBounds.timestampMilliseconds`).
    mutating func add(at time: Int64, failed: Bool) {
        let minute = floorDivide(time, 60_000)
        if minute < first { first = minute }
        if minute > last { last = minute }
        let slot = step == 1 ? minute : floorDivide(minute, step) * step
        // One lookup per attempt, not two for a failure.
        func add(to count: inout (attempts: Int, failures: Int)) {
            count.attempts += 1
            if failed { count.failures += 1 }
        }
        add(to: &counts[slot, default: (0, 0)])
        while counts.count > ReportBounds.timelineSlots, coarsen() {}
    }

    /// The bucket width in minutes for the range seen so far: the smallest of `widths` that fits the range in 60
    /// buckets; for ranges over 420 days, whole weeks (whole steps once more than 10,000 weeks hold an attempt).
    /// Always a multiple of `step`.
    private var width: Int64 { Self.width(first: first, last: last, step: step) }

    /// `width` for a range of minutes and a counting step (also used by `PatternTimelines`).
    static func width(first: Int64, last: Int64, step: Int64) -> Int64 {
        let span = last - first + 1
        if let width = widths.first(where: { (span + $0 - 1) / $0 <= 60 }) { return width }
        let unit = max(widths[widths.count - 1], step)
        return ((span + 59) / 60 + unit - 1) / unit * unit
    }

    /// Counts in the next coarser step; false when that step could not divide the final width.
    private mutating func coarsen() -> Bool {
        let next = Self.widths.first { $0 > step } ?? step * 2
        // The next step must divide every width the range can still need: true when it is at most today's width
        // (widths grow with the range, and each divides the next); always so here, as many slots mean a long range.
        guard next <= width else { return false }
        step = next
        counts = Self.counts(counts, inStepsOf: step)
        return true
    }

    /// `counts` added up in slots of `step` minutes.
    private static func counts(
        _ counts: [Int64: (attempts: Int, failures: Int)], inStepsOf step: Int64
    ) -> [Int64: (attempts: Int, failures: Int)] {
        var coarser: [Int64: (attempts: Int, failures: Int)] = [:]
        for (slot, count) in counts {
            let key = floorDivide(slot, step) * step
            coarser[key, default: (0, 0)].attempts += count.attempts
            coarser[key, default: (0, 0)].failures += count.failures
        }
        return coarser
    }

    /// Adds `other`'s attempts. Both steps divide every width either range can need and each step divides the next,
    /// so counting in the coarser of the two keeps every bucket exact, as adding the attempts one by one would.
    mutating func merge(_ other: Self) {
        guard other.first <= other.last else { return }
        first = min(first, other.first)
        last = max(last, other.last)
        if other.step > step {
            step = other.step
            counts = Self.counts(counts, inStepsOf: step)
        }
        for (slot, count) in other.step == step ? other.counts : Self.counts(other.counts, inStepsOf: step) {
            counts[slot, default: (0, 0)].attempts += count.attempts
            counts[slot, default: (0, 0)].failures += count.failures
        }
        while counts.count > ReportBounds.timelineSlots, coarsen() {}
    }

    /// Counters held (for tests of the bound).
    var slotCount: Int { counts.count }

    var timeline: Report.Timeline {
        guard first <= last else { return Report.Timeline() }
        let width = self.width
        var buckets: [Int64: (attempts: Int, failures: Int)] = [:]
        for (slot, count) in counts {
            let bucket = floorDivide(slot, width) * width
            var total = buckets[bucket] ?? (0, 0)
            total.attempts += count.attempts
            total.failures += count.failures
            buckets[bucket] = total
        }
        var rows: [Report.TimeBucket] = []
        var bucket = floorDivide(first, width) * width
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

    func finish(into report: inout Report) { report.timeline = timeline }
}

/// `value / divisor` rounded towards negative infinity (`divisor` > 0).
@inline(__always)
func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
    value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
}

extension AttemptTimeline {
    static var facts: ReportFact.Kinds { .attempt }

    mutating func update(_ fact: ReportFact, record: borrowing LogRecord) {
        guard case .attempt(let attempt) = fact, let time = attempt.time else { return }
        add(at: time, failed: attempt.failed)
    }
}

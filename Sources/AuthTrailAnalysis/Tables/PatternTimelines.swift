/// Errored attempts per failure pattern over time, for the HTML report's chart of the top patterns' failure rate.
///
/// Counts per minute slot for the first `ReportBounds.patterns` patterns (later ones fold into `(other)`, which is
/// not charted); past `counterBudget` counters, every pattern counts in slots as wide as the timeline's bucket for the
/// range so far (`AttemptTimeline.width`), which divides the final bucket width, so each bucket still counts exactly
/// (for ranges over 420 days, a slot may straddle two week buckets and count in the first). Memory: at most about
/// 61 slots per pattern once the budget is reached.
struct PatternTimelines: Sendable {
    /// Patterns charted: the first rows of `Report.patterns`.
    static let charted = 5
    static let counterBudget = 65_536

    private var step: Int64 = 1
    private var first = Int64.max
    private var last = Int64.min
    private var counts: [PatternKey: [Int64: Int]] = [:]
    private var counters = 0

    /// Notes an attempt that ended at `time` (milliseconds since 1970, checked); `pattern` when it is an errored
    /// attempt counted in `Report.patterns`. Give every attempt with a time, as `AttemptTimeline` gets, so both find
    /// the same range.
    mutating func add(at time: Int64, pattern: PatternKey?) {
        let minute = floorDivide(time, 60_000)
        if minute < first { first = minute }
        if minute > last { last = minute }
        guard let pattern, counts.count < ReportBounds.patterns || counts[pattern] != nil else { return }
        count(pattern, slot: floorDivide(minute, step) * step, 1)
        if counters > Self.counterBudget { coarsen() }
    }

    private mutating func count(_ pattern: PatternKey, slot: Int64, _ value: Int) {
        // One lookup of the pattern and one of the slot (four cost about 1 % of a report; perf).
        func add(to slots: inout [Int64: Int]) -> Bool {
            let before = slots.count
            slots[slot, default: 0] += value
            return slots.count > before
        }
        if add(to: &counts[pattern, default: [:]]) { counters += 1 }
    }

    /// Counts in slots of today's bucket width, when that is wider than the step.
    private mutating func coarsen() {
        let width = AttemptTimeline.width(first: first, last: last, step: step)
        guard width > step else { return }
        rebucket(to: width)
    }

    private mutating func rebucket(to width: Int64) {
        step = width
        let old = counts
        counts = [:]
        counters = 0
        for (pattern, slots) in old {
            for (slot, value) in slots { count(pattern, slot: floorDivide(slot, step) * step, value) }
        }
    }

    /// Adds `other`'s counts (its patterns in ascending order past the cap, so the result does not depend on
    /// dictionary order); both count at the wider step.
    mutating func merge(_ other: Self) {
        first = min(first, other.first)
        last = max(last, other.last)
        var other = other
        if other.step < step { other.rebucket(to: step) }
        if step < other.step { rebucket(to: other.step) }
        for pattern in other.counts.keys.sorted() {
            guard counts[pattern] != nil || counts.count < ReportBounds.patterns else { continue }
            for (slot, value) in other.counts[pattern] ?? [:] { count(pattern, slot: slot, value) }
        }
        if counters > Self.counterBudget { coarsen() }
    }

    /// Sets `timeline.patterns` for the first `charted` rows of `patterns` (not `(other)`), aligned with the
    /// timeline's buckets.
    func apply(to report: inout Report) {
        let width = Int64(report.timeline.bucketSeconds / 60)
        guard width > 0, first <= last, !report.timeline.buckets.isEmpty else { return }
        let firstBucket = floorDivide(first, width) * width
        let bucketCount = report.timeline.buckets.count
        let top = report.patterns.filter { $0.foldedValues == nil && $0.domain != nil }.prefix(Self.charted)
        let series = top.map { pattern in
            var buckets = [Int](repeating: 0, count: bucketCount)
            let key = PatternKey(domain: pattern.domain ?? "", code: pattern.code, subcode: pattern.subcode)
            for (slot, value) in counts[key] ?? [:] {
                let index = Int((floorDivide(slot, width) * width - firstBucket) / width)
                if buckets.indices.contains(index) { buckets[index] += value }
            }
            return Report.PatternSeries(
                domain: pattern.domain ?? "", code: pattern.code, codeName: pattern.codeName,
                subcode: pattern.subcode, counts: buckets)
        }
        report.timeline.patterns = series.isEmpty ? nil : series
    }
}

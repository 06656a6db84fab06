/// Counts of whole-millisecond values, for nearest-rank percentiles in memory that follows the distinct values it
/// holds, never the number of values.
///
/// - Values under a minute (nearly all attempt durations) count in an array indexed by the value once the row holds
///   enough distinct ones to pay for it (hashing each value cost a third of the aggregation time). The array covers
///   only up to the largest value it was grown for, so a row of a few values never allocates 60,000 slots.
/// - Other values (and small ones while the array does not pay) go to a dictionary. Past
///   `largeValuesBeforeRounding` distinct entries there, values of a minute or more are rounded down to 8
///   significant bits (under 0.8 %), which bounds the dictionary to about 4,400 entries; `isRounded` then says so.
///   Below that, every percentile is exact.
struct MillisecondHistogram: Sendable {
    private static let denseLimit = 60_000
    private static let largeValuesBeforeRounding = 4_096
    private static let significantBits = 8

    private var dense: [Int] = []
    private var sparse: [Int64: Int] = [:]
    /// Distinct values under `denseLimit` that sit in `sparse` (not yet covered by `dense`).
    private var smallInSparse = 0
    private var largestSmallInSparse = 0
    private(set) var isRounded = false
    private(set) var total = 0
    private var largest = Int64.min

    /// Counts `milliseconds` `count` times.
    mutating func add(_ milliseconds: Int64, count: Int = 1) {
        total += count
        if milliseconds > largest { largest = milliseconds }
        if milliseconds >= 0 && milliseconds < Int64(dense.count) {
            dense[Int(milliseconds)] += count
        } else {
            addOutsideDense(milliseconds, count: count)
        }
    }

    /// Adds `other`'s values. Percentiles come out as if they had been added one by one, except that large values
    /// are rounded when either side rounded them (`isRounded` then says so).
    mutating func merge(_ other: Self) {
        if other.isRounded && !isRounded { roundLargeValues() }
        for (value, count) in other.dense.enumerated() where count > 0 { add(Int64(value), count: count) }
        for (value, count) in other.sparse { add(value, count: count) }
        // `other`'s largest value may have been rounded in `sparse`.
        largest = max(largest, other.largest)
    }

    private mutating func addOutsideDense(_ milliseconds: Int64, count: Int) {
        guard milliseconds >= 0 && milliseconds < Int64(Self.denseLimit) else {
            let key = isRounded ? Self.rounded(milliseconds) : milliseconds
            sparse[key, default: 0] += count
            if !isRounded && sparse.count - smallInSparse > Self.largeValuesBeforeRounding { roundLargeValues() }
            return
        }
        let value = Int(milliseconds)
        let isNew = sparse[milliseconds] == nil
        sparse[milliseconds, default: 0] += count
        guard isNew else { return }
        smallInSparse += 1
        largestSmallInSparse = max(largestSmallInSparse, value)
        // Grow the array when the slots it adds cost no more than the dictionary entries it replaces would
        // (8 bytes a slot against roughly 64 bytes an entry).
        let slots = Self.slots(covering: largestSmallInSparse)
        if smallInSparse * 8 >= slots - dense.count { growDense(to: slots) }
    }

    private mutating func growDense(to slots: Int) {
        dense.append(contentsOf: repeatElement(0, count: slots - dense.count))
        for (value, count) in sparse where value >= 0 && value < Int64(slots) { dense[Int(value)] += count }
        sparse = sparse.filter { $0.key < 0 || $0.key >= Int64(slots) }
        smallInSparse = 0
        largestSmallInSparse = 0
        for value in sparse.keys where value >= 0 && value < Int64(Self.denseLimit) {
            smallInSparse += 1
            largestSmallInSparse = max(largestSmallInSparse, Int(value))
        }
    }

    private mutating func roundLargeValues() {
        isRounded = true
        var rounded: [Int64: Int] = [:]
        for (value, count) in sparse {
            let key = value >= 0 && value < Int64(Self.denseLimit) ? value : Self.rounded(value)
            rounded[key, default: 0] += count
        }
        sparse = rounded
    }

    /// The smallest power of two above `value`, at most `denseLimit`.
    private static func slots(covering value: Int) -> Int {
        min(denseLimit, 1 << (Int.bitWidth - value.leadingZeroBitCount))
    }

    /// `value` with all but its top `significantBits` bits cleared (towards zero for negative values).
    private static func rounded(_ value: Int64) -> Int64 {
        let magnitude = value.magnitude
        let shift = max(0, UInt64.bitWidth - magnitude.leadingZeroBitCount - significantBits)
        let kept = Int64(truncatingIfNeeded: (magnitude >> shift) << shift)
        return value < 0 ? 0 &- kept : kept
    }

    /// Array slots and dictionary entries held (for tests of the bound).
    var slotCount: Int { dense.count + sparse.count }

    /// Nearest-rank percentiles: the smallest value with at least `p` of the values at or below it. `max` is exact
    /// even when large values are rounded.
    var percentiles: Report.Percentiles {
        guard total > 0 else { return Report.Percentiles() }
        var sorted = sparse.map { (value: $0.key, count: $0.value) }
        for (value, count) in dense.enumerated() where count > 0 { sorted.append((Int64(value), count)) }
        sorted.sort { $0.value < $1.value }
        func rank(_ fraction: Double) -> Int64 {
            let target = max(1, Int((fraction * Double(total)).rounded(.up)))
            var seen = 0
            for (value, count) in sorted {
                seen += count
                if seen >= target { return min(value, largest) }
            }
            return largest
        }
        return Report.Percentiles(count: total, p50: rank(0.5), p90: rank(0.9), p99: rank(0.99), max: largest)
    }
}

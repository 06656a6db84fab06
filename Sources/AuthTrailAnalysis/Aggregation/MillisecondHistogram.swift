/// Counts of whole-millisecond values, for exact nearest-rank percentiles in memory bounded by distinct values.
struct MillisecondHistogram: Sendable {
    // Values under a minute (nearly all attempt durations) count in an array; hashing them cost a third of the
    // aggregation time. The rest go to a dictionary.
    private static let denseLimit: Int64 = 60_000
    private var dense: [Int] = []
    private var sparse: [Int64: Int] = [:]
    private(set) var total = 0

    mutating func add(_ milliseconds: Int64) {
        if milliseconds >= 0 && milliseconds < Self.denseLimit {
            if dense.isEmpty { dense = [Int](repeating: 0, count: Int(Self.denseLimit)) }
            dense[Int(milliseconds)] += 1
        } else {
            sparse[milliseconds, default: 0] += 1
        }
        total += 1
    }

    private var counts: [(key: Int64, value: Int)] {
        var all = sparse.map { (key: $0.key, value: $0.value) }
        for (index, count) in dense.enumerated() where count > 0 { all.append((Int64(index), count)) }
        return all
    }

    mutating func add(_ milliseconds: Double) { add(Int64(milliseconds.rounded())) }

    /// Nearest-rank percentiles: the smallest value with at least `p` of the values at or below it.
    var percentiles: Report.Percentiles {
        guard total > 0 else { return Report.Percentiles() }
        let sorted = counts.sorted { $0.key < $1.key }
        func rank(_ fraction: Double) -> Int64 {
            let target = max(1, Int((fraction * Double(total)).rounded(.up)))
            var seen = 0
            for (value, count) in sorted {
                seen += count
                if seen >= target { return value }
            }
            return sorted.last!.key
        }
        return Report.Percentiles(count: total, p50: rank(0.5), p90: rank(0.9), p99: rank(0.99), max: sorted.last!.key)
    }
}

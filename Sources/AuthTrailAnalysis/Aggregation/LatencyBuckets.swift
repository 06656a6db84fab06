/// Attempt durations per (`acquisition.kind`, `outcome`) in fixed buckets, for the HTML report's latency chart (the
/// latency table's percentiles come from `LatencyTable`). The first `ReportBounds.latencyRows` pairs get a row, later
/// pairs share one `(other)` row, as in `LatencyTable`.
struct LatencyBuckets: Sendable, Hashable {
    /// Lower bounds in milliseconds, 1-2-5 steps: a sign-in takes from tens of milliseconds to minutes.
    static let lowerBounds: [Int64] = [0, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 30_000, 60_000]

    struct Pair: Hashable, Comparable, Sendable {
        var kind: String
        var outcome: String

        static func < (left: Self, right: Self) -> Bool { (left.kind, left.outcome) < (right.kind, right.outcome) }
    }

    private var rows: [Pair: [Int]] = [:]
    private var other: [Int]?

    /// Counts one duration (whole milliseconds, within `ReportBounds.durationMilliseconds`).
    mutating func add(_ milliseconds: Int64, kind: String, outcome: String) {
        let bucket = Self.lowerBounds.lastIndex { milliseconds >= $0 } ?? 0
        let pair = Pair(kind: kind, outcome: outcome)
        if rows[pair] != nil {
            rows[pair]![bucket] += 1
        } else if rows.count < ReportBounds.latencyRows {
            rows[pair] = Self.empty
            rows[pair]![bucket] += 1
        } else {
            if other == nil { other = Self.empty }
            other![bucket] += 1
        }
    }

    private static let empty = [Int](repeating: 0, count: lowerBounds.count)

    /// Adds `other`'s counts, its pairs in ascending order (which pairs get rows past the cap does not depend on
    /// dictionary order).
    mutating func merge(_ other: Self) {
        func add(_ counts: [Int], into target: inout [Int]?) {
            target = zip(target ?? Self.empty, counts).map { $0 + $1 }
        }
        for pair in other.rows.keys.sorted() {
            guard let counts = other.rows[pair] else { continue }
            if rows[pair] != nil || rows.count < ReportBounds.latencyRows {
                var row = rows[pair]
                add(counts, into: &row)
                rows[pair] = row
            } else {
                add(counts, into: &self.other)
            }
        }
        if let counts = other.other { add(counts, into: &self.other) }
    }

    /// Sets `buckets` on each row of `latency`, the `(other)` row from the pairs folded there.
    func apply(to latency: inout [Report.LatencyRow]) {
        for index in latency.indices {
            let row = latency[index]
            let counts = row.foldedValues != nil ? other : rows[Pair(kind: row.kind, outcome: row.outcome)]
            guard let counts else { continue }
            latency[index].buckets = zip(Self.lowerBounds, counts).map {
                Report.LatencyBucket(fromMilliseconds: $0.0, count: $0.1)
            }
        }
    }
}

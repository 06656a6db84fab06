/// Attempt durations per (`acquisition.kind`, `outcome`) in fixed buckets, for the HTML report's latency chart (the
/// latency table's percentiles come from `LatencyTable`). The first `ReportBounds.latencyRows` pairs get a row, later
/// pairs share one `(other)` row, as in `LatencyTable`.
struct LatencyBuckets: Sendable {
    /// Lower bounds in milliseconds, 1-2-5 steps: a sign-in takes from tens of milliseconds to minutes.
    static let lowerBounds: [Int64] = [0, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 30_000, 60_000]

    struct Pair: Hashable, Comparable, Sendable {
        var kind: RecordedKind
        var outcome: RecordedOutcome

        static func < (left: Self, right: Self) -> Bool {
            (left.kind.rawValue, left.outcome.rawValue) < (right.kind.rawValue, right.outcome.rawValue)
        }
    }

    /// At most `ReportBounds.latencyRows` rows in the order their pairs were first seen, searched linearly: a few
    /// pairs compare faster than a dictionary hashes them per attempt (about 1.5 % of a report; perf, large
    /// segments). Two arrays, not one of tuples: searching tuples copied each row's counts (a retain and a release).
    private var pairs: [Pair] = []
    private var rows: [[Int]] = []
    private var other: [Int]?

    /// Counts one duration (whole milliseconds, within `ReportBounds.durationMilliseconds`).
    mutating func add(_ milliseconds: Int64, kind: RecordedKind, outcome: RecordedOutcome) {
        let bucket = Self.lowerBounds.lastIndex { milliseconds >= $0 } ?? 0
        let pair = Pair(kind: kind, outcome: outcome)
        if let row = pairs.firstIndex(of: pair) {
            rows[row][bucket] += 1
        } else if rows.count < ReportBounds.latencyRows {
            pairs.append(pair)
            rows.append(Self.empty)
            rows[rows.count - 1][bucket] += 1
        } else {
            if other == nil { other = Self.empty }
            other![bucket] += 1
        }
    }

    private static let empty = [Int](repeating: 0, count: lowerBounds.count)

    private func counts(of pair: Pair) -> [Int]? { pairs.firstIndex(of: pair).map { rows[$0] } }

    /// Adds `other`'s counts, its pairs in ascending order (which pairs get rows past the cap does not depend on
    /// the order they were seen in).
    mutating func merge(_ other: Self) {
        func add(_ counts: [Int], into target: inout [Int]?) {
            target = zip(target ?? Self.empty, counts).map { $0 + $1 }
        }
        for (pair, counts) in zip(other.pairs, other.rows).sorted(by: { $0.0 < $1.0 }) {
            if let row = pairs.firstIndex(of: pair) {
                rows[row] = zip(rows[row], counts).map { $0 + $1 }
            } else if rows.count < ReportBounds.latencyRows {
                pairs.append(pair)
                rows.append(counts)
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
            let rowCounts =
                row.foldedValues != nil
                ? other : counts(of: Pair(kind: .init(rawValue: row.kind), outcome: .init(rawValue: row.outcome)))
            guard let rowCounts else { continue }
            latency[index].buckets = zip(Self.lowerBounds, rowCounts).map {
                Report.LatencyBucket(fromMilliseconds: $0.0, count: $0.1)
            }
        }
    }
}

/// `retries.backoff`: the gaps after failed attempts by size, and the shape of the gaps of operations retried at
/// least twice (immediate, growing, constant or irregular).
struct BackoffTable: ReportTable {
    /// The first bucket has no lower bound (`from` nil): it holds every gap under 100 ms, negative ones included.
    static let gapBuckets: [(label: String, fromMilliseconds: Int64?)] = [
        ("< 100 ms (no backoff)", nil), ("100 ms - 1 s", 100), ("1 - 10 s", 1_000), ("10 - 60 s", 10_000),
        (">= 60 s", 60_000),
    ]

    var gapCounts = [Int](repeating: 0, count: Self.gapBuckets.count)
    var growing = 0
    var constant = 0
    var immediate = 0
    var irregular = 0

    mutating func add(_ operation: Operation) {
        var gaps: [Int64] = []
        operation.forEachGapAfterFailure { _, _, gap in
            gaps.append(gap)
            gapCounts[Self.gapBucket(gap)] += 1
        }
        switch Operation.backoff(attempts: operation.attempts.count, gaps: gaps) {
        case .immediate: immediate += 1
        case .growing: growing += 1
        case .constant: constant += 1
        case .irregular: irregular += 1
        case nil: break
        }
    }

    private static func gapBucket(_ gap: Int64) -> Int {
        gapBuckets.lastIndex { $0.fromMilliseconds.map { gap >= $0 } ?? true } ?? 0
    }

    mutating func merge(_ other: Self) {
        for index in gapCounts.indices { gapCounts[index] += other.gapCounts[index] }
        growing += other.growing
        constant += other.constant
        immediate += other.immediate
        irregular += other.irregular
    }

    func finish(into report: inout Report) {
        report.retries.backoff.gaps = zip(Self.gapBuckets, gapCounts).map {
            Report.GapBucket(label: $0.0.label, fromMilliseconds: $0.0.fromMilliseconds, count: $0.1)
        }
        report.retries.backoff.growing = growing
        report.retries.backoff.constant = constant
        report.retries.backoff.immediate = immediate
        report.retries.backoff.irregular = irregular
    }
}

extension BackoffTable {
    static var facts: ReportFact.Kinds { .operation }

    mutating func update(_ fact: ReportFact, record: borrowing LogRecord) {
        if case .operation(let operation) = fact { add(operation) }
    }
}

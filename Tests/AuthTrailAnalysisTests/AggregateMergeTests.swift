import Testing

@testable import AuthTrailAnalysis

/// Each aggregate a shard keeps merges into the one counting the shards before it (`ReportBuilder.merge`): the
/// result is the one counting every value in one aggregate gives, where that does not depend on order, and follows
/// the documented folding rule where a cap is reached.
@Suite("aggregates merge as if one had counted everything")
struct AggregateMergeTests {
    /// `values` cut into `parts` runs at random places.
    static func split<Value>(_ values: [Value], into parts: Int, _ random: inout SplitMix64) -> [[Value]] {
        var cuts = (1..<parts).map { _ in Int(random.next() % UInt64(values.count + 1)) }.sorted()
        cuts = [0] + cuts + [values.count]
        return zip(cuts, cuts.dropFirst()).map { Array(values[$0..<$1]) }
    }

    @Test(
        "distinct counts: exact below the limit, the same sketch above it (sparse, then dense)",
        arguments: [50, 800, 5_000])
    func distinctCount(values: Int) {
        var random = SplitMix64(seed: UInt64(values))
        let strings = (0..<values).map { _ in "install-\(random.next() % UInt64(values * 2))" }
        var whole = DistinctCount(limit: 256)
        for string in strings { whole.insert(string) }
        var merged = DistinctCount(limit: 256)
        for part in Self.split(strings, into: 4, &random) {
            var count = DistinctCount(limit: 256)
            for string in part { count.insert(string) }
            merged.merge(count)
        }
        #expect(merged.count == whole.count)
        #expect(merged.isExact == whole.isExact)
        #expect(whole.isExact == (Set(strings).count <= 256))
    }

    @Test(
        "millisecond histograms: the same percentiles, rounded exactly when one histogram would round",
        arguments: [1_000, 6_000])
    func histogram(largeValues: Int) {
        var random = SplitMix64(seed: UInt64(largeValues))
        var values = (0..<20_000).map { _ in Int64(random.next() % 5_000) }
        values += (0..<largeValues).map { _ in 60_000 + Int64(random.next() % 100_000_000) }
        values.shuffle(using: &random)
        var whole = MillisecondHistogram()
        for value in values { whole.add(value) }
        var merged = MillisecondHistogram()
        for part in Self.split(values, into: 3, &random) {
            var histogram = MillisecondHistogram()
            for value in part { histogram.add(value) }
            merged.merge(histogram)
        }
        #expect(merged.percentiles == whole.percentiles)
        #expect(merged.isRounded == whole.isRounded)
        #expect(whole.isRounded == (largeValues > 4_096))
    }

    @Test("timelines: the same buckets, however coarse each part's counters had become", arguments: [1, 30, 2_000])
    func timeline(days: Int64) {
        var random = SplitMix64(seed: UInt64(days))
        let first: Int64 = 1_795_000_000_000
        let attempts = (0..<30_000).map { _ in
            (time: first + Int64(random.next() % UInt64(days * 86_400_000)), failed: random.next() % 3 == 0)
        }
        var whole = AttemptTimeline()
        for attempt in attempts { whole.add(at: attempt.time, failed: attempt.failed) }
        var merged = AttemptTimeline()
        // Sorted, so the early parts span a shorter range (finer counters) than the late ones.
        for part in Self.split(attempts.sorted { $0.time < $1.time }, into: 4, &random) {
            var timeline = AttemptTimeline()
            for attempt in part { timeline.add(at: attempt.time, failed: attempt.failed) }
            merged.merge(timeline)
        }
        #expect(merged.timeline == whole.timeline)
        #expect(merged.slotCount <= ReportBounds.timelineSlots)
    }

    @Test("capped tables: rows add up, new keys get the rows left in hash order, the rest fold into (other)")
    func cappedTable() {
        func table(_ keys: [String]) -> CappedTable<String, Int> {
            var table = CappedTable<String, Int>(cap: 3)
            for key in keys { table.update(key, hash: { DistinctCount.hash(key) }, make: { 0 }) { $0 += 1 } }
            return table
        }
        var merged = table(["a", "b", "a"])
        let other = table(["b", "c", "d", "e", "f", "c"])
        #expect(other.other == 2 && other.folded.count == 2)
        merged.merge(other, hash: { DistinctCount.hash($0) }, combine: +=)
        // "c" and "d" had rows in `other`; only the one of lower hash gets the row left here.
        let winner = ["c", "d"].min { DistinctCount.hash($0) < DistinctCount.hash($1) }!
        let loser = winner == "c" ? "d" : "c"
        #expect(merged.rows == ["a": 2, "b": 2, winner: winner == "c" ? 2 : 1])
        #expect(merged.other == 2 + (loser == "c" ? 2 : 1))
        #expect(merged.folded.count == 3)
        #expect(merged.rows.values.reduce(0, +) + (merged.other ?? 0) == 9)

        var roomy = table(["a"])
        roomy.merge(table(["b", "c"]), hash: { DistinctCount.hash($0) }, combine: +=)
        #expect(roomy.rows == ["a": 1, "b": 1, "c": 1] && roomy.other == nil)
    }

    @Test(
        "latency tables: below the row cap, merging equals adding every duration to one table; past it, none is lost",
        arguments: [20, 50])
    func latencyTable(kinds: UInt64) {
        var random = SplitMix64(seed: kinds)
        let durations = (0..<5_000).map { _ in
            (
                value: Int64(random.next() % 3_000), kind: "kind-\(random.next() % kinds)",
                outcome: "o\(random.next() % 3)"
            )
        }
        var whole = LatencyTable()
        for duration in durations {
            whole.add(duration.value, kind: .init(rawValue: duration.kind), outcome: .init(rawValue: duration.outcome))
        }
        var merged = LatencyTable()
        for part in Self.split(durations, into: 3, &random) {
            var table = LatencyTable()
            for duration in part {
                table.add(
                    duration.value, kind: .init(rawValue: duration.kind), outcome: .init(rawValue: duration.outcome))
            }
            merged.merge(table)
        }
        #expect(merged.latencyRows.map(\.durations.count).reduce(0, +) == durations.count)
        if kinds * 3 <= ReportBounds.latencyRows {
            #expect(merged.latencyRows == whole.latencyRows)
        } else {
            // A pair with a row here may have been folded in a later part (its table was full): its durations stay
            // in "(other)", so only the row count and the totals are the same as one table's.
            #expect(merged.latencyRows.count == ReportBounds.latencyRows + 1)
            #expect(merged.foldedCount > 0)
        }
    }
}

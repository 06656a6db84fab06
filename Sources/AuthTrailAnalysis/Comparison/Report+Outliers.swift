import Foundation

/// Breakdowns that point at the outlier: in every breakdown (app, OS and MSAL version, authority host), the values
/// whose failure rate for a pattern is significantly above the rest of the fleet's.
///
/// A pass over the finished report: it needs only the breakdown rows, so it runs after the tables are built and
/// whatever builds them (docs/REPORT-JSON.md, "Outliers in the breakdowns").
extension Report {
    /// The Holm-adjusted one-sided p-value below which a cell is flagged: the level `--baseline` uses.
    package static let outlierLevel = TwoProportionTest.significanceLevel

    /// The smallest expected count, under the pooled rate, of each of the four cells of a test's 2×2 table (value or
    /// rest, with or without the pattern): the usual condition for the z-test's normal approximation.
    package static let outlierMinimumExpected = 5.0

    /// Tests every (value, pattern) cell of every breakdown against the rest of its dimension and flags those whose
    /// rate is significantly higher, corrected for the number of cells tested in the whole report.
    ///
    /// A cell's rest is the dimension's other values together (the `otherLabel` row included: its attempts are part
    /// of the fleet); the `otherLabel` rows themselves are never tested, as they gather unrelated values or
    /// patterns. Cells with an expected count under `outlierMinimumExpected` are left untested and uncounted.
    /// Values that never saw a pattern are tested too (they cannot be flagged, but they are comparisons made, so
    /// they count in the correction).
    ///
    /// The correction is Holm–Bonferroni: it bounds the chance of flagging any unchanged cell at all (the
    /// family-wise error rate) at `outlierLevel`, under any dependence between the tests. Benjamini–Hochberg would
    /// flag more cells among hundreds, but its false-discovery bound needs independent or positively dependent
    /// tests, and these are not: every attempt counts in each of the four dimensions, and a value's excess
    /// raises the rest its neighbours are compared with (a negative dependence). A flag should send someone to look at a release, so a false one costs more
    /// than a late one.
    package mutating func flagOutliers() {
        // From scratch, so that a report whose rows were changed can be tested again.
        for index in breakdowns.indices {
            for value in breakdowns[index].values.indices {
                breakdowns[index].values[value].flagged = nil
                for pattern in breakdowns[index].values[value].patterns.indices {
                    breakdowns[index].values[value].patterns[pattern].clearTest()
                }
            }
        }
        var cells: [OutlierCell] = []
        for index in breakdowns.indices {
            let found = OutlierCell.cells(of: breakdowns[index], at: index)
            breakdowns[index].testedCells = found.count
            cells += found
        }
        let adjusted = Self.holmAdjusted(cells.map(\.pValue))
        for (cell, adjustedPValue) in zip(cells, adjusted) {
            let flagged = adjustedPValue < Self.outlierLevel && cell.zScore > 0
            // In place: a copy of the row would copy its patterns for every cell.
            let wasFlagged = breakdowns[cell.breakdown].values[cell.value].flagged ?? false
            breakdowns[cell.breakdown].values[cell.value].flagged = wasFlagged || flagged
            guard let row = cell.pattern else { continue }
            breakdowns[cell.breakdown].values[cell.value].patterns[row].record(
                cell, adjustedPValue: adjustedPValue, flagged: flagged)
        }
    }

    /// Holm's step-down adjustment: with the m p-values in ascending order, the i-th (from 1) becomes
    /// max over j ≤ i of min(1, (m − j + 1) p(j)). A cell is flagged when its adjusted value is below the level, which
    /// is Holm's procedure at that level. Returned in the order given; ties get the same value whatever their order.
    package static func holmAdjusted(_ pValues: [Double]) -> [Double] {
        let order = pValues.indices.sorted { (pValues[$0], $0) < (pValues[$1], $1) }
        var adjusted = pValues
        var running = 0.0
        for (rank, index) in order.enumerated() {
            running = max(running, min(1, Double(pValues.count - rank) * pValues[index]))
            adjusted[index] = running
        }
        return adjusted
    }
}

extension Report.BreakdownPattern {
    fileprivate mutating func clearTest() {
        (rest, zScore, pValue, adjustedPValue, flagged) = (nil, nil, nil, nil, nil)
    }

    fileprivate mutating func record(_ cell: OutlierCell, adjustedPValue: Double, flagged: Bool) {
        (rest, zScore, pValue) = (cell.rest, cell.zScore, cell.pValue)
        (self.adjustedPValue, self.flagged) = (adjustedPValue, flagged)
    }
}

extension TwoProportionTest {
    /// The one-sided p-value for the input's rate being this much above the baseline's or more:
    /// erfc(z / sqrt 2) / 2 (so 0.5 at no change, near 1 for a fall); nil when either side has no attempts.
    package var oneSidedPValue: Double? {
        zScore.map { erfc($0 / 2.0.squareRoot()) / 2 }
    }
}

/// One (value, pattern) cell of a breakdown that is large enough to test.
private struct OutlierCell {
    var breakdown: Int
    var value: Int
    /// The value's row for the pattern; nil when the value never saw it.
    var pattern: Int?
    var rest: Report.Proportion
    var zScore: Double
    var pValue: Double

    /// A pattern as the breakdown rows name it.
    private struct Key: Hashable {
        var domain: String
        var code: Int?
        var subcode: Int?
    }

    /// The cells of `breakdown` large enough to test, in row order, each with its test against the rest.
    static func cells(of breakdown: Report.Breakdown, at index: Int) -> [OutlierCell] {
        let values = breakdown.values
        let attempts = values.reduce(0) { $0 + $1.attempts }
        // Per pattern: its failures over the whole dimension, and the failures the values without a row for it
        // counted in their own `otherLabel` pattern row (past `ReportBounds.breakdownPatterns`), where it may hide.
        var total: [Key: Int] = [:]
        var keys: [Key] = []
        var rows: [[Key: Int]] = []
        var folded: [Int] = []
        for value in values {
            var row: [Key: Int] = [:]
            var other = 0
            for (position, pattern) in value.patterns.enumerated() {
                guard pattern.domain != Report.otherLabel else {
                    other += pattern.count
                    continue
                }
                let key = Key(domain: pattern.domain, code: pattern.code, subcode: pattern.subcode)
                if total[key] == nil { keys.append(key) }
                total[key, default: 0] += pattern.count
                row[key] = position
            }
            rows.append(row)
            folded.append(other)
        }
        let foldedTotal = folded.reduce(0, +)
        var foldedWith: [Key: Int] = [:]
        for (row, other) in zip(rows, folded) where other > 0 {
            for key in row.keys { foldedWith[key, default: 0] += other }
        }

        var cells: [OutlierCell] = []
        for (position, value) in values.enumerated() where value.foldedValues == nil && value.value != Report.otherLabel
        {
            for key in keys {
                let row = rows[position][key]
                let count = row.map { value.patterns[$0].count } ?? 0
                // The rest's count as an upper bound: every failure of the pattern that the other values' own
                // `otherLabel` pattern rows may hold is counted as the pattern's, so the test errs towards no flag.
                let mayHide = foldedTotal - (foldedWith[key] ?? 0) - (row == nil ? folded[position] : 0)
                let rest = Report.Proportion(
                    count: total[key]! - count + mayHide, attempts: attempts - value.attempts)
                let current = Report.Proportion(count: count, attempts: value.attempts)
                guard Self.isLargeEnough(current, rest) else { continue }
                let test = TwoProportionTest(baseline: rest, current: current)
                guard let zScore = test.zScore, let pValue = test.oneSidedPValue else { continue }
                cells.append(
                    OutlierCell(
                        breakdown: index, value: position, pattern: row, rest: rest, zScore: zScore,
                        pValue: pValue))
            }
        }
        return cells
    }

    /// Whether each of the four cells of the 2×2 table (value or rest, failed with the pattern or not) expects at
    /// least `outlierMinimumExpected` attempts under the pooled rate: below that the normal approximation is rough
    /// (docs/REPORT-JSON.md says the same of `--baseline`), and a handful of failures on a small value would be
    /// flagged, or not, by chance.
    private static func isLargeEnough(_ value: Report.Proportion, _ rest: Report.Proportion) -> Bool {
        let attempts = value.attempts + rest.attempts
        guard value.attempts > 0, rest.attempts > 0 else { return false }
        let pooled = Double(value.count + rest.count) / Double(attempts)
        let smaller = Double(min(value.attempts, rest.attempts)) * min(pooled, 1 - pooled)
        return smaller >= Report.outlierMinimumExpected
    }
}

extension Report {
    /// The mark of a value, or a cell, whose failure rate for a pattern is flagged as above the rest of the fleet's.
    static let outlierMark = "\u{25B2}"

    /// One table per breakdown dimension: a value's totals on its first row, then one row per failure pattern, each
    /// tested pattern with the rest of the fleet's rate and its adjusted p-value (`flagOutliers`). The values with a
    /// flagged pattern come first, marked, so the outlier is the first thing read, not one row among 64.
    func breakdownSection(_ breakdown: Breakdown) -> ReportSection {
        typealias F = ReportFormatting
        var rows: [[String]] = []
        for value in Self.flaggedFirst(breakdown.values) {
            let label = value.flagged == true ? "\(Self.outlierMark) \(value.value)" : value.value
            let totals = [label, "\(value.attempts)", "\(value.failures)", F.percent(value.failureRate)]
            let patterns = value.patterns.map { pattern -> [String] in
                let code = pattern.domain == Self.otherLabel ? "-" : pattern.code.map(String.init) ?? "-"
                return [
                    pattern.domain, code, pattern.subcode.map(String.init) ?? "-", "\(pattern.count)",
                    F.percent(pattern.rate),
                ] + Self.outlierCells(pattern)
            }
            guard let first = patterns.first else {
                rows.append(totals + ["-", "-", "-", "0", F.percent(0), "-", "-", "-"])
                continue
            }
            rows.append(totals + first)
            rows += patterns.dropFirst().map { ["", "", "", ""] + $0 }
        }
        return ReportSection(
            title: Self.breakdownTitle(breakdown),
            summary: outlierSummary(breakdown),
            header: [
                breakdown.dimension, "attempts", "failures", "failure rate", "domain", "code", "sub-code", "count",
                "of attempts", "rest of fleet", "adjusted p", "flagged",
            ],
            rows: rows, numeric: [1, 2, 3, 5, 6, 7, 8, 9, 10])
    }

    /// The title of a breakdown's section, which the HTML form draws as a heatmap.
    static func breakdownTitle(_ breakdown: Breakdown) -> String { "Failures by \(breakdown.dimension)" }

    /// The values with a flagged pattern, then the others, each group in the report's order.
    static func flaggedFirst(_ values: [BreakdownValue]) -> [BreakdownValue] {
        values.filter { $0.flagged == true } + values.filter { $0.flagged != true }
    }

    /// The rest of the fleet's rate, the adjusted p-value and the flag of a tested pattern; `-` for the others.
    private static func outlierCells(_ pattern: BreakdownPattern) -> [String] {
        guard let rest = pattern.rest else { return ["-", "-", "-"] }
        return [
            ReportFormatting.percent(rest.rate), ReportFormatting.pValue(pattern.adjustedPValue),
            pattern.flagged == true ? "\(Self.outlierMark) yes" : "no",
        ]
    }

    /// How the breakdown's cells were tested, then one sentence per flagged cell (or that none was).
    func outlierSummary(_ breakdown: Breakdown) -> [String] {
        guard let tested = breakdown.testedCells else { return [] }
        let everywhere = breakdowns.reduce(0) { $0 + ($1.testedCells ?? 0) }
        var lines = [
            "\(Self.outlierMark) marks a value whose failure rate for a pattern is significantly above the rest of the "
                + "fleet's (the other \(breakdown.dimension) values together): one-sided pooled two-proportion z-test, "
                + "p < \(Self.outlierLevel) after Holm's correction for the \(everywhere) cells tested in this report "
                + "(\(tested) here); a cell expecting fewer than \(Int(Self.outlierMinimumExpected)) attempts on a side "
                + "is not tested."
        ]
        for value in Self.flaggedFirst(breakdown.values) where value.flagged == true {
            for pattern in value.patterns where pattern.flagged == true {
                guard let rest = pattern.rest else { continue }
                lines.append(
                    "\(Self.outlierMark) \(value.value): \(breakdownPatternLabel(pattern)) on \(pattern.count) of "
                        + "\(value.attempts) attempts (\(ReportFormatting.percent(pattern.rate))), against "
                        + "\(ReportFormatting.percent(rest.rate)) for the rest (\(rest.count) of \(rest.attempts)); "
                        + "adjusted p \(ReportFormatting.pValue(pattern.adjustedPValue)).")
            }
        }
        if lines.count == 1 { lines.append("No \(breakdown.dimension) value stands out.") }
        return lines
    }

    /// A breakdown pattern as `patternLabel` names it, with the code's and sub-code's names from `patterns`.
    func breakdownPatternLabel(_ pattern: BreakdownPattern) -> String {
        let named = patterns.first {
            $0.foldedValues == nil && $0.domain == pattern.domain && $0.code == pattern.code
                && $0.subcode == pattern.subcode
        }
        return Self.patternLabel(
            domain: pattern.domain, code: pattern.code, codeName: named?.codeName, subcode: pattern.subcode,
            subcodeName: named?.subcodeName)
    }

    /// The change against the baseline: a summary, then per kind and per failure pattern.
    static func baselineSections(_ baseline: BaselineComparison) -> [ReportSection] {
        typealias F = ReportFormatting
        func testCells(_ baseline: Proportion, _ current: Proportion, _ test: TwoProportionTest) -> [String] {
            [
                "\(baseline.count)", F.percent(baseline.rate), "\(current.count)", F.percent(current.rate),
                F.percentagePoints(test.change), F.pValue(test.pValue), test.significant ? "yes" : "no",
            ]
        }
        let testColumns = [
            "baseline count", "baseline rate", "input count", "input rate", "change", "p-value", "significant",
        ]
        let kinds = ReportSection(
            title: "Change against the baseline: failure rate by kind",
            summary: [
                "Baseline: \(baseline.input.files) file\(baseline.input.files == 1 ? "" : "s"), "
                    + "\(baseline.input.events) events, \(baseline.baselineAttempts) attempts; input: "
                    + "\(baseline.attempts) attempts. Changes are tested with a two-sided pooled two-proportion "
                    + "z-test, significant at p < \(TwoProportionTest.significanceLevel)."
            ],
            header: ["kind", "status", "baseline failures", "baseline rate", "input failures", "input rate"]
                + testColumns.suffix(3),
            rows: baseline.kinds.map { [$0.kind, $0.status.rawValue] + testCells($0.baseline, $0.current, $0.test) },
            numeric: [2, 3, 4, 5, 6, 7])
        let patterns = ReportSection(
            title: "Change against the baseline: failure patterns (count over all attempts)",
            header: ["domain", "code", "name", "sub-code", "status"] + testColumns,
            rows: baseline.patterns.map {
                [
                    $0.domain, $0.code.map(String.init) ?? "-", $0.codeName ?? "-", $0.subcode.map(String.init) ?? "-",
                    $0.status.rawValue,
                ] + testCells($0.baseline, $0.current, $0.test)
            },
            numeric: [1, 3, 5, 6, 7, 8, 9, 10])
        return [kinds, patterns]
    }
}

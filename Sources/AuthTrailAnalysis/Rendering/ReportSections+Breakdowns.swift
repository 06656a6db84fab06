extension Report {
    /// One table per breakdown dimension: a value's totals on its first row, then one row per failure pattern.
    static func breakdownSection(_ breakdown: Breakdown) -> ReportSection {
        typealias F = ReportFormatting
        var rows: [[String]] = []
        for value in breakdown.values {
            let totals = [value.value, "\(value.attempts)", "\(value.failures)", F.percent(value.failureRate)]
            let patterns = value.patterns.map { pattern -> [String] in
                let code = pattern.domain == otherLabel ? "-" : pattern.code.map(String.init) ?? "-"
                return [
                    pattern.domain, code, pattern.subcode.map(String.init) ?? "-", "\(pattern.count)",
                    F.percent(pattern.rate),
                ]
            }
            guard let first = patterns.first else {
                rows.append(totals + ["-", "-", "-", "0", F.percent(0)])
                continue
            }
            rows.append(totals + first)
            rows += patterns.dropFirst().map { ["", "", "", ""] + $0 }
        }
        return ReportSection(
            title: "Failures by \(breakdown.dimension)",
            header: [
                breakdown.dimension, "attempts", "failures", "failure rate", "domain", "code", "sub-code", "count",
                "of attempts",
            ],
            rows: rows, numeric: [1, 2, 3, 5, 6, 7, 8])
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

import AuthTrail

extension Report {
    /// The bar colours of the failure-rate and attempts charts (the screenshot test counts their pixels).
    package static let chartColours = (
        failureRate: HTMLPageAssets.Colour.vermillion, patterns: HTMLPageAssets.Colour.blue,
        attempts: HTMLPageAssets.Colour.bluishGreen
    )

    /// The charts of the HTML report: failure rate over time, overall and per top pattern, the top patterns, the
    /// latency distribution per kind and outcome, and attempts per operation.
    func htmlCharts(patternTargets: [Int: String]) -> String {
        var html = "<section class=\"charts\" aria-label=\"Charts\">\n"
        html += verticalBars(
            id: "failure-rate", title: "Failure rate over time (\(timeline.bucketSeconds / 60) min buckets)",
            bars: timeline.buckets.map {
                (
                    label: String($0.start.description.prefix(16)), value: $0.failureRate,
                    text: ReportFormatting.percent($0.failureRate)
                )
            },
            colour: Self.chartColours.failureRate, maximum: 1)
        html += patternRateChart()
        html += topPatternBars(targets: patternTargets)
        html += latencyDistribution()
        html += verticalBars(
            id: "attempts-histogram", title: "Attempts per operation",
            bars: retries.attemptsHistogram.map {
                (label: "\($0.attempts)", value: Double($0.operations), text: "\($0.operations)")
            },
            colour: Self.chartColours.attempts, maximum: nil)
        return html + "</section>\n"
    }

    /// A pattern as a person reads it: domain, code, name, sub-code and its name; never shortened.
    static func patternLabel(
        domain: String?, code: Int?, codeName: String?, subcode: Int?, subcodeName: String?
    )
        -> String
    {
        // AADSTS50011 and AADB2C90118 as people search for them; other domains stay apart from their codes.
        let spelled = code.map { code in domain.map { ErrorCatalog.spelling(domain: $0, code: code) } ?? String(code) }
        var parts = [spelled ?? domain, codeName].compactMap { $0 }
        if let subcode { parts.append("sub-code \(subcode)" + (subcodeName.map { " \($0)" } ?? "")) }
        return parts.joined(separator: " ")
    }

    static func patternLabel(_ pattern: FailurePattern) -> String {
        if let sts = pattern.stsCode { return "AADSTS\(sts)" }
        return patternLabel(
            domain: pattern.domain, code: pattern.code, codeName: pattern.codeName, subcode: pattern.subcode,
            subcodeName: pattern.subcodeName)
    }

    /// A vertical bar chart in SVG (labels are times or numbers, which fit).
    private func verticalBars(
        id: String, title: String, bars: [(label: String, value: Double, text: String)], colour: String,
        maximum: Double?
    ) -> String {
        let (width, height, left, bottom, top) = (560.0, 260.0, 40.0, 60.0, 16.0)
        let highest = maximum ?? max(bars.map(\.value).max() ?? 1, 1)
        let slot = (width - left - 8) / Double(max(bars.count, 1))
        typealias T = HTMLText
        var svg = "<figure><figcaption id=\"\(id)-title\">\(T.escape(title))</figcaption>\n"
        svg +=
            "<svg id=\"\(id)\" xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" "
        svg += "role=\"img\" aria-labelledby=\"\(id)-title\">"
        svg +=
            "<line x1=\"\(left)\" y1=\"\(height - bottom)\" x2=\"\(width - 4)\" y2=\"\(height - bottom)\" stroke=\"#888\"/>"
        svg += "<text x=\"2\" y=\"\(top + 4)\">\(T.escape(maximum == 1 ? "100%" : String(Int(highest))))</text>"
        svg += "<text x=\"2\" y=\"\(height - bottom)\">0</text>"
        let labelEvery = max(1, bars.count / 8)
        for (index, bar) in bars.enumerated() {
            let barHeight = (height - bottom - top) * min(bar.value / highest, 1)
            let x = left + Double(index) * slot + slot * 0.1
            svg += "<rect x=\"\(T.number(x))\" y=\"\(T.number(height - bottom - barHeight))\" "
            svg += "width=\"\(T.number(slot * 0.8))\" height=\"\(T.number(barHeight))\" fill=\"\(colour)\">"
            svg += "<title>\(T.escape(bar.label)): \(T.escape(bar.text))</title></rect>"
            if index % labelEvery == 0 {
                let y = height - bottom + 14
                svg += "<text x=\"\(T.number(x))\" y=\"\(T.number(y))\" transform=\"rotate(30 \(T.number(x)) "
                svg += "\(T.number(y)))\">\(T.escape(bar.label))</text>"
            }
        }
        return svg + "</svg></figure>\n"
    }

    /// Each top pattern's errored attempts over all attempts per bucket, as lines that differ by colour, marker and
    /// dash, with a legend in HTML so the names wrap.
    private func patternRateChart() -> String {
        guard let series = timeline.patterns, !series.isEmpty, !timeline.buckets.isEmpty else { return "" }
        typealias T = HTMLText
        let (width, height, left, bottom, top) = (560.0, 240.0, 44.0, 30.0, 12.0)
        let buckets = timeline.buckets
        let rates = series.map { pattern in
            zip(pattern.counts, buckets).map { $1.attempts == 0 ? nil : Double($0) / Double($1.attempts) }
        }
        let highest = max(rates.flatMap { $0.compactMap { $0 } }.max() ?? 0, 0.01)
        let step = (width - left - 10) / Double(max(buckets.count - 1, 1))
        func x(_ index: Int) -> Double { left + Double(index) * step }
        func y(_ rate: Double) -> Double { height - bottom - (height - bottom - top) * rate / highest }
        let title = "Failure rate over time of the top \(series.count) patterns (their attempts over all attempts)"
        var html = "<figure><figcaption id=\"pattern-rates-title\">\(T.escape(title))</figcaption>\n"
        html += "<svg id=\"pattern-rates\" width=\"\(Int(width))\" height=\"\(Int(height))\" role=\"img\" "
        html += "aria-labelledby=\"pattern-rates-title\">"
        html +=
            "<line x1=\"\(left)\" y1=\"\(height - bottom)\" x2=\"\(width - 4)\" y2=\"\(height - bottom)\" stroke=\"#888\"/>"
        html += "<text x=\"2\" y=\"\(top + 4)\">\(ReportFormatting.percent(highest))</text>"
        html += "<text x=\"2\" y=\"\(height - bottom)\">0%</text>"
        html +=
            "<text x=\"\(left)\" y=\"\(height - 8)\">\(T.escape(String(buckets[0].start.description.prefix(16))))</text>"
        html += "<text x=\"\(width - 4)\" y=\"\(height - 8)\" text-anchor=\"end\">"
        html += "\(T.escape(String(buckets[buckets.count - 1].start.description.prefix(16))))</text>"
        let names = series.map {
            Self.patternLabel(
                domain: $0.domain, code: $0.code, codeName: $0.codeName, subcode: $0.subcode, subcodeName: nil)
        }
        let colours = series.indices.map { HTMLPageAssets.Colour.series[$0 % HTMLPageAssets.Colour.series.count] }
        for (index, pattern) in series.enumerated() {
            let (name, colour) = (names[index], colours[index])
            html += "<g class=\"series\" data-series=\"\(index)\"><title>\(T.escape(name))</title>"
            var path = ""
            for (bucket, rate) in rates[index].enumerated() {
                guard let rate else { continue }
                path +=
                    (path.isEmpty || rates[index][bucket - 1] == nil ? "M" : "L")
                    + "\(T.number(x(bucket))) \(T.number(y(rate)))"
            }
            html += "<path d=\"\(path)\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"2\""
            html += " stroke-dasharray=\"\(HTMLText.dashes[index % HTMLText.dashes.count])\"/>"
            for (bucket, rate) in rates[index].enumerated() where rate != nil && pattern.counts[bucket] > 0 {
                html += T.marker(index, x: x(bucket), y: y(rate!), colour: colour)
            }
            html += "</g>"
        }
        html += "</svg>\n<ul class=\"legend\">"
        for (index, pattern) in series.enumerated() {
            let (name, colour) = (names[index], colours[index])
            html +=
                "<li><svg width=\"34\" height=\"14\" aria-hidden=\"true\"><line x1=\"1\" y1=\"7\" x2=\"33\" y2=\"7\" "
            html +=
                "stroke=\"\(colour)\" stroke-width=\"2\" stroke-dasharray=\"\(HTMLText.dashes[index % HTMLText.dashes.count])\"/>"
            html += T.marker(index, x: 17, y: 7, colour: colour) + "</svg>"
            let total = pattern.counts.reduce(0, +)
            html += "<span class=\"name\">\(T.escape(name)): \(total) attempt\(total == 1 ? "" : "s")</span></li>"
        }
        return html + "</ul></figure>\n"
    }

    /// The top patterns as HTML bars: names wrap instead of being cut.
    private func topPatternBars(targets: [Int: String]) -> String {
        let shown = patterns.prefix(10)
        let largest = max(shown.map(\.count).max() ?? 1, 1)
        var html = "<figure><figcaption id=\"top-patterns-title\">Top failure patterns</figcaption>\n"
        html += "<ol id=\"top-patterns\" class=\"hbars\" aria-labelledby=\"top-patterns-title\">"
        for (index, pattern) in shown.enumerated() {
            let name = HTMLText.escape(Self.patternLabel(pattern))
            let target = targets[index]
            html += "<li><span class=\"name\">"
            html += target.map { "<a href=\"#\($0)\">\(name)</a>" } ?? name
            html += "</span><span class=\"track\"><span class=\"bar\" style=\"width:"
            html += "\(HTMLText.number(Double(pattern.count) / Double(largest) * 220))px\"></span>"
            html += "\(pattern.count) (\(ReportFormatting.percent(pattern.share)))</span></li>"
        }
        if shown.isEmpty { html += "<li>No failures.</li>" }
        return html + "</ol></figure>\n"
    }

    /// Per (kind, outcome), the share of its attempts in each duration bucket.
    private func latencyDistribution() -> String {
        let rows = latency.filter { $0.buckets != nil && $0.durations.count > 0 }
        guard !rows.isEmpty else { return "" }
        typealias T = HTMLText
        let labels = ["0", "50", "100", "200", "500", "1 s", "2 s", "5 s", "10 s", "30 s", "1 min+"]
        let (width, height, slot) = (330.0, 54.0, 30.0)
        var html = "<figure id=\"latency-distribution\"><figcaption>Latency distribution by kind and outcome (share "
        html += "of the row's attempts per duration bucket, milliseconds unless marked)</figcaption>\n"
        for row in rows {
            let buckets = row.buckets ?? []
            let total = max(buckets.reduce(0) { $0 + $1.count }, 1)
            let highest = Double(buckets.map(\.count).max() ?? 1) / Double(total)
            let outcome = RecordedOutcome(rawValue: row.outcome)
            let colour = HTMLPageAssets.Colour.outcome(outcome)
            let count = row.durations.count
            let label =
                "\(row.kind) · \(row.outcome) (\(count) attempt\(count == 1 ? "" : "s"), p50 "
                + "\(ReportFormatting.milliseconds(row.durations.p50)))"
            html += "<div class=\"latency-row filterable\" data-kinds=\"\(T.list([row.kind]))\">"
            html += "<span class=\"name\">\(T.escape(label))</span>"
            html +=
                "<svg width=\"\(Int(width))\" height=\"\(Int(height))\" role=\"img\" aria-label=\"\(T.escape(label))\">"
            for (index, bucket) in buckets.enumerated() {
                let share = Double(bucket.count) / Double(total)
                let barHeight = (height - 4) * share / max(highest, 0.0001)
                let x = Double(index) * slot + 2
                svg(&html, x: x, barHeight: barHeight, height: height, colour: colour, outcome: outcome)
                html += "<title>\(labels[index]): \(bucket.count) (\(ReportFormatting.percent(share)))</title></rect>"
            }
            html +=
                "<line x1=\"0\" y1=\"\(height - 0.5)\" x2=\"\(width)\" y2=\"\(height - 0.5)\" stroke=\"#888\"/></svg></div>\n"
        }
        html +=
            "<div class=\"latency-row\" aria-hidden=\"true\"><span></span><svg width=\"\(Int(width) + 20)\" height=\"14\">"
        for (index, label) in labels.enumerated() {
            html += "<text x=\"\(T.number(Double(index) * slot + 2))\" y=\"11\">\(label)</text>"
        }
        return html + "</svg></div></figure>\n"

        func svg(
            _ html: inout String, x: Double, barHeight: Double, height: Double, colour: String, outcome: RecordedOutcome
        ) {
            html += "<rect class=\"latency-bar outcome-\(T.escape(outcome.rawValue))\" x=\"\(T.number(x))\" "
            html +=
                "y=\"\(T.number(height - barHeight))\" width=\"\(T.number(slot - 6))\" height=\"\(T.number(barHeight))\" "
            html +=
                "fill=\"\(outcome == .known(.cancelled) ? "#fff" : colour)\" stroke=\"\(colour)\" stroke-width=\"1.5\">"
        }
    }
}

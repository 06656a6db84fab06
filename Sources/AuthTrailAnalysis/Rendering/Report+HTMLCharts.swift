import AuthTrail
import Foundation

extension Report {
    /// The bar colours of the failure-rate and attempts charts (the screenshot test counts their pixels).
    package static let chartColours = (
        failureRate: HTMLPageAssets.Colour.vermillion, patterns: HTMLPageAssets.Colour.blue,
        attempts: HTMLPageAssets.Colour.bluishGreen
    )

    /// The charts of the HTML report: failure rate over time, overall and per top pattern, the top patterns, the
    /// latency distribution per kind and outcome, and attempts per operation. Each SVG chart has a `viewBox` and the
    /// width of its box, so the charts share the page's width (`.charts` lays them out in as many columns as fit).
    func htmlCharts(patternTargets: [Int: String]) -> String {
        var html = "<section class=\"charts\" aria-label=\"Charts\">\n"
        // The axis ends at the data's highest rate, rounded up to a tick: a fleet's rates of a few per cent would be
        // stubs on a 0-100 % axis.
        let rates = timeline.buckets.map(\.failureRate)
        let rateTicks = HTMLChartAxis.ticks(upTo: rates.max() ?? 0, floor: 0.01)
        let rateStep = rateTicks[1]
        html += verticalBars(
            id: "failure-rate", title: "Failure rate over time (\(timeline.bucketSeconds / 60) min buckets)",
            bars: timeline.buckets.map {
                (
                    label: HTMLChartAxis.timeLabel($0.start), value: $0.failureRate,
                    text: ReportFormatting.percent($0.failureRate)
                )
            },
            titles: timeline.buckets.map { String($0.start.description.prefix(16)) },
            colour: Self.chartColours.failureRate,
            scale: (
                { $0 / rateTicks[rateTicks.count - 1] },
                rateTicks.map { ($0 / rateTicks[rateTicks.count - 1], HTMLChartAxis.percent($0, step: rateStep)) }
            ))
        html += patternRateChart()
        html += topPatternBars(targets: patternTargets)
        html += latencyDistribution()
        // A log scale: most operations take one attempt, and on a linear axis the few that take 3 to 6 are invisible.
        let highest = Double(retries.attemptsHistogram.map(\.operations).max() ?? 0)
        let countTicks = HTMLChartAxis.logTicks(upTo: highest)
        let top = countTicks[countTicks.count - 1]
        html += verticalBars(
            id: "attempts-histogram", title: "Attempts per operation (operations, log scale)",
            bars: retries.attemptsHistogram.map {
                (label: ("\($0.attempts)", nil), value: Double($0.operations), text: "\($0.operations)")
            },
            titles: retries.attemptsHistogram.map { "\($0.attempts) attempt\($0.attempts == 1 ? "" : "s")" },
            colour: Self.chartColours.attempts,
            scale: (
                { HTMLChartAxis.symmetricLog($0, top: top) },
                countTicks.map { (HTMLChartAxis.symmetricLog($0, top: top), HTMLChartAxis.count($0)) }
            ),
            valueLabels: true)
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

    /// A vertical bar chart in SVG: `scale` maps a value to 0...1 of the plot's height and gives the labelled ticks;
    /// with `valueLabels`, each bar's value above it when it fits.
    private func verticalBars(
        id: String, title: String, bars: [(label: (line: String, second: String?), value: Double, text: String)],
        titles: [String], colour: String, scale: (position: (Double) -> Double, ticks: [(Double, String)]),
        valueLabels: Bool = false
    ) -> String {
        typealias T = HTMLText
        let (width, height) = (HTMLChartAxis.width, HTMLChartAxis.height)
        let widestTick = scale.ticks.map { HTMLChartAxis.textWidth($0.1) }.max() ?? 0
        let (left, right, top, bottom) = (widestTick + 10, width - 6, 18.0, height - 40)
        let slot = (right - left) / Double(max(bars.count, 1))
        var svg = "<figure><figcaption id=\"\(id)-title\">\(T.escape(title))</figcaption>\n"
        svg += "<svg id=\"\(id)\" class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" "
        svg +=
            "viewBox=\"0 0 \(Int(width)) \(Int(height))\" width=\"100%\" role=\"img\" aria-labelledby=\"\(id)-title\">"
        svg += HTMLChartAxis.grid(
            scale.ticks.map { (position: $0.0, label: $0.1) }, left: left, right: right, top: top, bottom: bottom)
        for (index, bar) in bars.enumerated() {
            let barHeight = (bottom - top) * min(max(scale.position(bar.value), 0), 1)
            let x = left + Double(index) * slot + slot * 0.1
            svg += "<rect x=\"\(T.number(x))\" y=\"\(T.number(bottom - barHeight))\" "
            svg += "width=\"\(T.number(slot * 0.8))\" height=\"\(T.number(barHeight))\" fill=\"\(colour)\">"
            svg += "<title>\(T.escape(titles[index])): \(T.escape(bar.text))</title></rect>"
            if valueLabels, HTMLChartAxis.textWidth(bar.text) <= slot, bar.value > 0 {
                svg += "<text x=\"\(T.number(x + slot * 0.4))\" y=\"\(T.number(bottom - barHeight - 4))\" "
                svg += "text-anchor=\"middle\">\(T.escape(bar.text))</text>"
            }
        }
        svg += HTMLChartAxis.labels(
            bars.map(\.label), at: bars.indices.map { left + (Double($0) + 0.5) * slot }, y: bottom + 14, left: 0,
            right: width)
        return svg + "</svg></figure>\n"
    }

    /// Each top pattern's errored attempts over all attempts per bucket, as lines that differ by colour, marker and
    /// dash, with a legend in HTML so the names wrap.
    private func patternRateChart() -> String {
        guard let series = timeline.patterns, !series.isEmpty, !timeline.buckets.isEmpty else { return "" }
        typealias T = HTMLText
        let buckets = timeline.buckets
        let rates = series.map { pattern in
            zip(pattern.counts, buckets).map { $1.attempts == 0 ? nil : Double($0) / Double($1.attempts) }
        }
        let ticks = HTMLChartAxis.ticks(upTo: rates.flatMap { $0.compactMap { $0 } }.max() ?? 0, floor: 0.001)
        let highest = ticks[ticks.count - 1]
        let labels = ticks.map { HTMLChartAxis.percent($0, step: ticks[1]) }
        let (width, height) = (HTMLChartAxis.width, HTMLChartAxis.height)
        let left = (labels.map(HTMLChartAxis.textWidth).max() ?? 0) + 10
        let (right, top, bottom) = (width - 10, 12.0, height - 40)
        let step = (right - left) / Double(max(buckets.count - 1, 1))
        func x(_ index: Int) -> Double { left + Double(index) * step }
        func y(_ rate: Double) -> Double { bottom - (bottom - top) * rate / highest }
        let title = "Failure rate over time of the top \(series.count) patterns (their attempts over all attempts)"
        var html = "<figure><figcaption id=\"pattern-rates-title\">\(T.escape(title))</figcaption>\n"
        html += "<svg id=\"pattern-rates\" class=\"chart\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" width=\"100%\" "
        html += "role=\"img\" aria-labelledby=\"pattern-rates-title\">"
        html += HTMLChartAxis.grid(
            zip(ticks, labels).map { ($0 / highest, $1) }, left: left, right: right, top: top, bottom: bottom)
        html += HTMLChartAxis.labels(
            buckets.map { HTMLChartAxis.timeLabel($0.start) }, at: buckets.indices.map(x), y: bottom + 14, left: 0,
            right: width)
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
            // The bar's share of its track, less room for its count.
            let fraction = String(format: "%.3f", Double(pattern.count) / Double(largest))
            html += "</span><span class=\"track\"><span class=\"bar\" style=\"width:calc((100% - 8em) * "
            html += "\(fraction))\"></span>"
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
            // Stretched to the row's width (its bars only; the scale's labels are HTML below).
            html +=
                "<svg class=\"latency-bars\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" preserveAspectRatio=\"none\" "
            html += "width=\"100%\" height=\"\(Int(height))\" role=\"img\" aria-label=\"\(T.escape(label))\">"
            for (index, bucket) in buckets.enumerated() {
                let share = Double(bucket.count) / Double(total)
                let barHeight = (height - 4) * share / max(highest, 0.0001)
                let x = Double(index) * slot + 2
                svg(&html, x: x, barHeight: barHeight, height: height, colour: colour, outcome: outcome)
                html += "<title>\(labels[index]): \(bucket.count) (\(ReportFormatting.percent(share)))</title></rect>"
            }
            html +=
                "<line x1=\"0\" y1=\"\(height - 0.5)\" x2=\"\(width)\" y2=\"\(height - 0.5)\" stroke=\"#888\" "
                + "vector-effect=\"non-scaling-stroke\"/></svg></div>\n"
        }
        html += "<div class=\"latency-row\" aria-hidden=\"true\"><span></span><span class=\"latency-scale\">"
        html += labels.map { "<span>\($0)</span>" }.joined()
        return html + "</span></div></figure>\n"

        func svg(
            _ html: inout String, x: Double, barHeight: Double, height: Double, colour: String, outcome: RecordedOutcome
        ) {
            html += "<rect class=\"latency-bar outcome-\(T.escape(outcome.rawValue))\" x=\"\(T.number(x))\" "
            html +=
                "y=\"\(T.number(height - barHeight))\" width=\"\(T.number(slot - 6))\" height=\"\(T.number(barHeight))\" "
            html +=
                "fill=\"\(outcome == .known(.cancelled) ? "#fff" : colour)\" stroke=\"\(colour)\" stroke-width=\"1.5\" "
                + "vector-effect=\"non-scaling-stroke\">"
        }
    }
}

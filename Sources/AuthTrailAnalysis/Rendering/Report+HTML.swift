import Foundation

extension Report {
    /// The bar colours of the three charts (the screenshot test looks for them).
    package static let chartColours = (failureRate: "#e8590c", patterns: "#1c7ed6", attempts: "#2f9e44")

    /// The report as one self-contained HTML page: inline CSS and SVG charts (failure rate over time, top failure
    /// patterns, attempts per operation) and the same tables as the text form. No scripts, no external assets.
    public func renderHTML() -> String {
        var body = "<h1>AuthTrail report</h1>\n<p class=\"headline\">\(escape(headline))</p>\n"
        if !input.filters.isEmpty { body += "<p>Filters: \(escape(input.filters.joined(separator: "; ")))</p>\n" }
        body += "<section class=\"charts\">\n"
        body += chart(
            id: "failure-rate", title: "Failure rate over time (\(timeline.bucketSeconds / 60) min buckets)",
            bars: timeline.buckets.map {
                (
                    label: String($0.start.prefix(16)), value: $0.failureRate,
                    text: ReportFormatting.percent($0.failureRate)
                )
            },
            colour: Self.chartColours.failureRate, maximum: 1)
        body += horizontalChart(
            id: "top-patterns", title: "Top failure patterns",
            bars: patterns.prefix(10).map { pattern in
                let name = [
                    pattern.domain, pattern.code.map(String.init), pattern.codeName, pattern.subcode.map(String.init),
                ]
                .compactMap { $0 }.joined(separator: " ")
                return (label: name, value: Double(pattern.count), text: "\(pattern.count)")
            },
            colour: Self.chartColours.patterns)
        body += chart(
            id: "attempts-histogram", title: "Attempts per operation",
            bars: retries.attemptsHistogram.map {
                (label: "\($0.attempts)", value: Double($0.operations), text: "\($0.operations)")
            },
            colour: Self.chartColours.attempts, maximum: nil)
        body += "</section>\n"
        for section in sections {
            body += "<section>\n<h2>\(escape(section.title))</h2>\n"
            if !section.summary.isEmpty {
                body += "<ul>\n" + section.summary.map { "<li>\(escape($0))</li>\n" }.joined() + "</ul>\n"
            }
            guard !section.header.isEmpty else {
                body += "</section>\n"
                continue
            }
            if section.rows.isEmpty {
                body += "<p>None.</p>\n</section>\n"
                continue
            }
            body +=
                "<table>\n<tr>"
                + section.header.enumerated().map { index, cell in
                    "<th\(section.numeric.contains(index) ? " class=\"n\"" : "")>\(escape(cell))</th>"
                }.joined() + "</tr>\n"
            for row in section.rows {
                body +=
                    "<tr>"
                    + row.enumerated().map { index, cell in
                        "<td\(section.numeric.contains(index) ? " class=\"n\"" : "")>\(escape(cell))</td>"
                    }.joined() + "</tr>\n"
            }
            body += "</table>\n</section>\n"
        }
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>AuthTrail report</title>
            <style>
            body { font-family: -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 24px; color: #212529; }
            table { border-collapse: collapse; margin: 8px 0 16px; font-size: 13px; }
            th, td { border-bottom: 1px solid #dee2e6; padding: 4px 8px; text-align: left; }
            th { background: #f1f3f5; }
            .n { text-align: right; font-variant-numeric: tabular-nums; }
            .charts { display: flex; flex-wrap: wrap; gap: 24px; }
            figure { margin: 0; }
            figcaption { font-weight: 600; margin-bottom: 4px; }
            svg text { font-size: 11px; fill: #495057; }
            </style>
            </head>
            <body>
            \(body)</body>
            </html>

            """
    }

    private func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    private func format(_ value: Double) -> String { String(format: "%.1f", value) }

    /// A vertical bar chart.
    private func chart(
        id: String, title: String, bars: [(label: String, value: Double, text: String)], colour: String,
        maximum: Double?
    ) -> String {
        let width = 560.0
        let height = 260.0
        let left = 40.0
        let bottom = 60.0
        let top = 16.0
        let top_ = maximum ?? max(bars.map(\.value).max() ?? 1, 1)
        let slot = (width - left - 8) / Double(max(bars.count, 1))
        var svg = "<figure><figcaption>\(escape(title))</figcaption>\n"
        svg +=
            "<svg id=\"\(id)\" xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" role=\"img\">"
        svg += "<title>\(escape(title))</title>"
        svg +=
            "<line x1=\"\(left)\" y1=\"\(height - bottom)\" x2=\"\(width - 4)\" y2=\"\(height - bottom)\" stroke=\"#adb5bd\"/>"
        svg += "<text x=\"2\" y=\"\(top + 4)\">\(escape(maximum == 1 ? "100%" : String(Int(top_))))</text>"
        svg += "<text x=\"2\" y=\"\(height - bottom)\">0</text>"
        let labelEvery = max(1, bars.count / 8)
        for (index, bar) in bars.enumerated() {
            let barHeight = (height - bottom - top) * min(bar.value / top_, 1)
            let x = left + Double(index) * slot + slot * 0.1
            svg +=
                "<rect x=\"\(format(x))\" y=\"\(format(height - bottom - barHeight))\" width=\"\(format(slot * 0.8))\" "
            svg +=
                "height=\"\(format(barHeight))\" fill=\"\(colour)\"><title>\(escape(bar.label)): \(escape(bar.text))</title></rect>"
            if index % labelEvery == 0 {
                svg +=
                    "<text x=\"\(format(x))\" y=\"\(format(height - bottom + 14))\" transform=\"rotate(30 \(format(x)) \(format(height - bottom + 14)))\">"
                svg += "\(escape(bar.label))</text>"
            }
        }
        return svg + "</svg></figure>\n"
    }

    /// A horizontal bar chart with labels on the left.
    private func horizontalChart(
        id: String, title: String, bars: [(label: String, value: Double, text: String)], colour: String
    ) -> String {
        let width = 560.0
        let row = 22.0
        let labelWidth = 300.0
        let height = max(row * Double(bars.count) + 8, 40)
        let top = max(bars.map(\.value).max() ?? 1, 1)
        var svg = "<figure><figcaption>\(escape(title))</figcaption>\n"
        svg +=
            "<svg id=\"\(id)\" xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" role=\"img\">"
        svg += "<title>\(escape(title))</title>"
        for (index, bar) in bars.enumerated() {
            let y = 4 + Double(index) * row
            let barWidth = (width - labelWidth - 50) * bar.value / top
            svg += "<text x=\"0\" y=\"\(format(y + 14))\">\(escape(String(bar.label.prefix(48))))</text>"
            svg +=
                "<rect x=\"\(labelWidth)\" y=\"\(format(y + 2))\" width=\"\(format(barWidth))\" height=\"\(format(row - 6))\" fill=\"\(colour)\"/>"
            svg += "<text x=\"\(format(labelWidth + barWidth + 4))\" y=\"\(format(y + 14))\">\(escape(bar.text))</text>"
        }
        if bars.isEmpty { svg += "<text x=\"0\" y=\"20\">No failures.</text>" }
        return svg + "</svg></figure>\n"
    }
}

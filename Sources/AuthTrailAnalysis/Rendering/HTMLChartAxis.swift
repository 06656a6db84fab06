import Foundation

/// The axes of the HTML report's SVG charts: ticks at round values that fit the data, and time labels spaced so
/// they neither overlap nor run past the chart.
enum HTMLChartAxis {
    /// The size of a chart's `viewBox`; the SVG is drawn at the width of its box (`width="100%"`), so these are the
    /// proportions, and at the page's usual widths about the pixels.
    static let width = 640.0
    static let height = 260.0
    /// The width of a character of the charts' 11 px labels, a little over the widest digit of common sans-serif
    /// fonts, so an estimated label is never narrower than the drawn one.
    static let characterWidth = 7.0

    /// Ticks from 0 to the first round value at or above `maximum` (a step of 1, 2, 2.5 or 5 times a power of ten,
    /// about `count` of them); up to `floor` when `maximum` is below it, so an empty chart still has a scale.
    static func ticks(upTo maximum: Double, floor: Double, count: Int = 5) -> [Double] {
        let top = Swift.max(maximum, floor)
        let rough = top / Double(count)
        let magnitude = pow(10, (log10(rough)).rounded(.down))
        let step = [1.0, 2, 2.5, 5, 10].map { $0 * magnitude }.first { $0 >= rough * 0.999 } ?? 10 * magnitude
        let steps = Int((top / step - 1e-9).rounded(.up))
        return (0...Swift.max(steps, 1)).map { Double($0) * step }
    }

    /// A rate tick as a percentage with as many decimals as the step needs: `0%`, `2.5%`, `0.02%`.
    static func percent(_ value: Double, step: Double) -> String {
        var decimals = 0
        while decimals < 4 {
            let scaled = step * 100 * pow(10, Double(decimals))
            if abs(scaled - scaled.rounded()) < 1e-6 { break }
            decimals += 1
        }
        return String(format: "%.\(decimals)f%%", value * 100)
    }

    /// Ticks of a count axis on a log scale (`symmetricLog`): 0, 1, 10, 100… up to the first power of ten at or
    /// above `maximum`.
    static func logTicks(upTo maximum: Double) -> [Double] {
        var ticks = [0.0, 1]
        while ticks[ticks.count - 1] < maximum { ticks.append(ticks[ticks.count - 1] * 10) }
        return ticks
    }

    /// The position of `value` on a log scale from 0 to `top`, 0...1: log(1 + value) over log(1 + top), so 0 sits on
    /// the axis and 1 is above it.
    static func symmetricLog(_ value: Double, top: Double) -> Double {
        top <= 0 ? 0 : log10(1 + Swift.max(value, 0)) / log10(1 + top)
    }

    /// A count as a tick label: `1`, `10`, `1k`, `10k`, `1M`.
    static func count(_ value: Double) -> String {
        switch value {
        case 1_000_000...: return "\(Int(value / 1_000_000))M"
        case 1_000...: return "\(Int(value / 1_000))k"
        default: return "\(Int(value))"
        }
    }

    /// The estimated width of `text` in the charts' labels.
    static func textWidth(_ text: String) -> Double { Double(text.count) * characterWidth }

    /// Labels under the points at `xs` (a label per point, nil for none): every `n`th, `n` such that labels do not
    /// meet; each label centred under its point, moved in when it would run past `left`...`right`. The first line is
    /// the label, the second (dates) only when it differs from the previous label's.
    static func labels(
        _ texts: [(line: String, second: String?)], at xs: [Double], y: Double, left: Double, right: Double
    ) -> String {
        guard !texts.isEmpty else { return "" }
        let widest = texts.map { Swift.max(textWidth($0.line), textWidth($0.second ?? "")) }.max() ?? 0
        let spacing = xs.count > 1 ? (xs[xs.count - 1] - xs[0]) / Double(xs.count - 1) : widest
        let every = Swift.max(1, Int(((widest + 12) / Swift.max(spacing, 0.1)).rounded(.up)))
        var html = ""
        var previousSecond: String?
        for index in stride(from: 0, to: texts.count, by: every) {
            let (line, second) = texts[index]
            let shownSecond = second != previousSecond ? second : nil
            previousSecond = second
            let half = Swift.max(textWidth(line), textWidth(shownSecond ?? "")) / 2
            let x = Swift.min(Swift.max(xs[index], left + half), right - half)
            html += "<text x=\"\(HTMLText.number(x))\" y=\"\(HTMLText.number(y))\" text-anchor=\"middle\">"
            html += HTMLText.escape(line)
            if let shownSecond {
                html += "<tspan x=\"\(HTMLText.number(x))\" dy=\"13\">\(HTMLText.escape(shownSecond))</tspan>"
            }
            html += "</text>"
        }
        return html
    }

    /// Horizontal grid lines with their labels, right-aligned left of `left`, at `positions` (0...1 of the plot's
    /// height from `bottom` up to `top`).
    static func grid(
        _ ticks: [(position: Double, label: String)], left: Double, right: Double, top: Double, bottom: Double
    ) -> String {
        var html = ""
        for tick in ticks {
            let y = bottom - (bottom - top) * tick.position
            let colour = tick.position == 0 ? "#888" : "#e2e2e2"
            html +=
                "<line x1=\"\(HTMLText.number(left))\" y1=\"\(HTMLText.number(y))\" x2=\"\(HTMLText.number(right))\" "
            html += "y2=\"\(HTMLText.number(y))\" stroke=\"\(colour)\"/>"
            html += "<text x=\"\(HTMLText.number(left - 5))\" y=\"\(HTMLText.number(y + 4))\" text-anchor=\"end\">"
            html += "\(HTMLText.escape(tick.label))</text>"
        }
        return html
    }

    /// A time as the charts label it: the time of day (`10:05`) over the date (`2026-11-27`), in UTC.
    static func timeLabel(_ time: ReportTime) -> (line: String, second: String?) {
        let text = time.description
        let date = String(text.prefix(10))
        let clock = text.dropFirst(11).prefix(5)
        return (String(clock), date)
    }
}

import Foundation

/// The breakdowns of the HTML report, each drawn as a heatmap: its values as rows (flagged ones first), its failure
/// patterns as columns, each cell's failure rate as its text and, on its column's own scale, its colour; the flagged
/// cells in the scale's darkest colours and marked with `outlierMark`, a frame, a title and words for screen readers,
/// so the colour is never the only sign.
///
/// One scale per column, not one for the table: the patterns' rates differ by orders of magnitude (the common -50002
/// is on many of every value's attempts, a rare pattern on a few in a thousand), so on one scale the common column is dark in
/// every row and a rarer pattern's outlier is pale: the eye goes to the wrong cell. A column is one pattern, and the
/// outlier test compares a cell with the same pattern on the dimension's other values, so the column's own scale
/// shows what the test asks. Within a column the flagged cells take the scale's dark end and the others its light
/// part: an unflagged rate from a handful of attempts can be higher than a flagged one (too few attempts to be
/// significant), and its text says so, but the darkest cells of a column are always its flagged ones.
extension Report {
    /// Pattern columns a heatmap draws, the most frequent in the dimension first; every pattern with a flagged cell
    /// is drawn as well, and the others share one last column, so a value's columns still add up to its errored
    /// attempts.
    package static let heatmapPatterns = 12

    /// The colour scale: ColorBrewer's sequential "OrRd" (Cynthia Brewer, colorbrewer2.org), light to dark, whose
    /// steps differ in lightness and so read in grey and with every common colour-vision deficiency. Unflagged cells
    /// take its light half (`unflaggedBand`), flagged ones its last two (`flaggedBand`).
    static let heatmapScale: [(red: Double, green: Double, blue: Double)] = [
        (255, 247, 236), (253, 212, 158), (252, 141, 89), (215, 48, 31), (127, 0, 0),
    ]
    /// The positions on `heatmapScale` (0...4) of an unflagged cell's colour and of a flagged one's; they do not
    /// meet, so every flagged cell is darker than every unflagged one.
    static let unflaggedBand = 0.0...1.5
    static let flaggedBand = 3.0...4.0

    /// A pattern as a heatmap column names it.
    private struct HeatmapColumn {
        var domain: String
        var code: Int?
        var subcode: Int?
        var label: String
        var total: Int
    }

    /// The breakdown's section (`breakdownSection`: title, summary) with a heatmap in place of its table.
    func htmlHeatmap(_ breakdown: Breakdown, section: ReportSection, index: Int) -> String {
        typealias T = HTMLText
        var html = "<section id=\"s\(index)\" aria-labelledby=\"s\(index)-h\">\n"
        html += "<h2 id=\"s\(index)-h\">\(T.escape(section.title))</h2>\n"
        if !section.summary.isEmpty {
            html += "<ul>\n" + section.summary.map { "<li>\(T.escape($0))</li>\n" }.joined() + "</ul>\n"
        }
        guard !breakdown.values.isEmpty else { return html + "<p>None.</p>\n</section>\n" }
        let (columns, others) = heatmapColumns(breakdown)
        let values = Self.flaggedFirst(breakdown.values)
        func rate(_ count: Int, _ value: BreakdownValue) -> Double {
            value.attempts == 0 ? 0 : Double(count) / Double(value.attempts)
        }
        func otherCount(_ value: BreakdownValue) -> Int {
            value.patterns.filter { pattern in !columns.contains { Self.same($0, pattern) } }.reduce(0) {
                $0 + $1.count
            }
        }
        // Each column's highest rate: the darkest colour of its scale.
        let highest = columns.map { column in
            values.compactMap { value in value.patterns.first { Self.same(column, $0) }?.rate }.max() ?? 0
        }
        let othersHighest = values.map { rate(otherCount($0), $0) }.max() ?? 0

        html += "<div class=\"table-wrap\"><table id=\"\(Self.htmlTableID(section.title))\" class=\"heatmap\" "
        html += "aria-labelledby=\"s\(index)-h\" data-sortable data-filterable>"
        html += "<caption><span class=\"filter-status\" aria-live=\"polite\"></span></caption>\n<thead><tr>"
        html += "<th scope=\"col\">\(T.header(breakdown.dimension))</th><th scope=\"col\" class=\"n\">attempts</th>"
        html += "<th scope=\"col\" class=\"n\">failure rate</th>"
        func header(_ label: String, highest: Double) -> String {
            let scale = "colours from 0 to \(ReportFormatting.percent(highest)), the column's highest rate"
            return "<th scope=\"col\" class=\"pattern\" title=\"\(T.escape(scale))\">\(T.header(label))</th>"
        }
        for (number, column) in columns.enumerated() { html += header(column.label, highest: highest[number]) }
        if others > 0 { html += header("other patterns", highest: othersHighest) }
        html += "</tr></thead>\n<tbody>\n"
        for value in values {
            let folded = value.foldedValues != nil
            let keys = value.patterns.filter { $0.domain != Self.otherLabel }.map {
                Self.patternKeyText(domain: $0.domain, code: $0.code, subcode: $0.subcode)
            }
            let facet = HTMLRowFacets(
                patterns: keys, apps: breakdown.dimension == "app.version" && !folded ? [value.value] : nil)
            html += "<tr" + Self.htmlAttributes(facet, classes: value.flagged == true ? "flagged" : "") + ">"
            let mark = value.flagged == true ? "<span aria-hidden=\"true\">\(Self.outlierMark) </span>" : ""
            html += "<th scope=\"row\"><span class=\"name\">\(mark)\(T.escape(value.value))"
            html += value.flagged == true ? "<span class=\"visually-hidden\"> (flagged)</span>" : ""
            html += "</span></th><td class=\"n\">\(value.attempts)</td>"
            html += "<td class=\"n\">\(ReportFormatting.percent(value.failureRate))</td>"
            for (number, column) in columns.enumerated() {
                let pattern = value.patterns.first { Self.same(column, $0) }
                html += heatmapCell(
                    value: value, column: column.label, pattern: pattern, rate: pattern?.rate ?? 0,
                    highest: highest[number])
            }
            if others > 0 {
                let count = otherCount(value)
                html += heatmapCell(
                    value: value, column: "other patterns", pattern: nil, rate: rate(count, value),
                    highest: othersHighest, count: count)
            }
            html += "</tr>\n"
        }
        html += "</tbody></table></div>\n"
        return html + heatmapLegend(others: others) + "</section>\n"
    }

    /// The breakdown's patterns by their failures over the dimension, most first (ties by label): the first
    /// `heatmapPatterns` and every one with a flagged cell; and whether any are left for the last column (how many,
    /// the patterns past a value's cap counting as one).
    private func heatmapColumns(_ breakdown: Breakdown) -> (columns: [HeatmapColumn], others: Int) {
        var columns: [HeatmapColumn] = []
        var flagged = Set<Int>()
        var foldedPatterns = false
        for value in breakdown.values {
            for pattern in value.patterns {
                guard pattern.domain != Self.otherLabel else {
                    foldedPatterns = true
                    continue
                }
                let index = columns.firstIndex { Self.same($0, pattern) } ?? columns.count
                if index == columns.count {
                    columns.append(
                        HeatmapColumn(
                            domain: pattern.domain, code: pattern.code, subcode: pattern.subcode,
                            label: breakdownPatternLabel(pattern), total: 0))
                }
                columns[index].total += pattern.count
                if pattern.flagged == true { flagged.insert(index) }
            }
        }
        let order = columns.indices.sorted {
            (columns[$1].total, columns[$0].label) < (columns[$0].total, columns[$1].label)
        }
        let drawn = order.enumerated().filter { $0.offset < Self.heatmapPatterns || flagged.contains($0.element) }
        // The patterns past a value's own cap have no name of their own; they go in the last column too.
        return (drawn.map { columns[$0.element] }, columns.count - drawn.count + (foldedPatterns ? 1 : 0))
    }

    private static func same(_ column: HeatmapColumn, _ pattern: BreakdownPattern) -> Bool {
        (column.domain, column.code, column.subcode) == (pattern.domain, pattern.code, pattern.subcode)
    }

    /// One cell: the rate as text on its colour (`highest` is its column's highest rate); flagged, the mark, a frame
    /// and words; its test in the title; the rate itself for sorting.
    private func heatmapCell(
        value: BreakdownValue, column: String, pattern: BreakdownPattern?, rate: Double, highest: Double,
        count: Int? = nil
    ) -> String {
        typealias F = ReportFormatting
        let count = count ?? pattern?.count ?? 0
        var title = "\(value.value), \(column): \(count) of \(value.attempts) attempts (\(F.percent(rate)))"
        if let pattern, let rest = pattern.rest {
            title += "; the rest of the fleet \(rest.count) of \(rest.attempts) (\(F.percent(rest.rate))); "
            title += "adjusted p \(F.pValue(pattern.adjustedPValue))"
            title += pattern.flagged == true ? ": flagged, significantly above the rest" : ": not flagged"
        } else if value.foldedValues != nil {
            title += "; not tested: this row gathers \(value.foldedValues ?? 0) values"
        } else if pattern == nil, count == 0 {
            title += "; never seen on this value"
        } else {
            title += "; not tested" + (pattern == nil ? " (several patterns)" : ": too few attempts for the test")
        }
        let flagged = pattern?.flagged == true
        let (background, ink) = Self.heatmapColour(highest > 0 ? rate / highest : 0, flagged: flagged)
        var html = "<td class=\"heat\(flagged ? " flagged" : "")\" style=\"background:\(background);color:\(ink)\" "
        html += "data-sort=\"\(String(format: "%.6f", rate))\" title=\"\(HTMLText.escape(title))\">"
        if flagged { html += "<span aria-hidden=\"true\">\(Self.outlierMark) </span>" }
        html += F.percent(rate)
        if flagged { html += "<span class=\"visually-hidden\"> (flagged)</span>" }
        return html + "</td>"
    }

    /// The colour at `fraction` (0...1) of the column's highest rate, in the flagged band or the unflagged one, and
    /// black or white text, whichever contrasts more with it. The square root spreads the small rates, which most
    /// cells have, over more of the band.
    static func heatmapColour(_ fraction: Double, flagged: Bool) -> (background: String, ink: String) {
        let band = flagged ? flaggedBand : unflaggedBand
        let position = band.lowerBound + (max(0, min(1, fraction))).squareRoot() * (band.upperBound - band.lowerBound)
        let lower = min(Int(position), heatmapScale.count - 2)
        let (from, to, part) = (heatmapScale[lower], heatmapScale[lower + 1], position - Double(lower))
        let channels = [
            from.red + (to.red - from.red) * part, from.green + (to.green - from.green) * part,
            from.blue + (to.blue - from.blue) * part,
        ].map { $0.rounded() }
        // WCAG 2 relative luminance and contrast ratios against black and white.
        let linear = channels.map { channel -> Double in
            let value = channel / 255
            return value <= 0.040_45 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        let luminance = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
        let ink = (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) ? "#000000" : "#FFFFFF"
        return ("#" + channels.map { String(format: "%02X", Int($0)) }.joined(), ink)
    }

    /// The two bands of the scale, and what the mark and the last column mean.
    private func heatmapLegend(others: Int) -> String {
        func swatches(flagged: Bool) -> String {
            let steps = (0...(flagged ? 2 : 4)).map { step in
                let (background, _) = Self.heatmapColour(Double(step) / (flagged ? 2 : 4), flagged: flagged)
                return "<span class=\"swatch\" style=\"background:\(background)\"></span>"
            }
            return "<span class=\"swatches\" aria-hidden=\"true\">\(steps.joined())</span>"
        }
        var html = "<ul class=\"heatmap-legend\">"
        html += "<li>Failure rate (the pattern's failures over the value's attempts), as the cell's text and its "
        html += "colour on its column's own scale, from none \(swatches(flagged: false)) to the column's highest "
        html += "rate (a column header's title gives it).</li>"
        html += "<li><span aria-hidden=\"true\">\(Self.outlierMark)</span>, a frame and the darkest colours "
        html += "\(swatches(flagged: true)): flagged, the rate significantly above the rest of the fleet's (the "
        html += "summary above says how it is tested); each cell's title gives its counts, the rest's rate and the "
        html += "adjusted p-value.</li>"
        if others > 0 {
            html += "<li>The last column gathers the less frequent patterns; the text and JSON reports list each.</li>"
        }
        return html + "</ul>\n"
    }
}

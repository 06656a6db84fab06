import AuthTrail

/// Swimlanes of the HTML report: one lane per operation, its attempts as bars on a time axis that starts at the
/// operation's first attempt, coloured and shaped by outcome, with the waits between attempts and the Retry-After
/// hints marked, and under each lane the same facts as a table (for screen readers and print).
struct HTMLSwimlanes {
    static let width = 720.0
    private static let left = 8.0
    private static let right = 8.0
    private static let laneHeight = 64.0

    /// The operations of one group (a pattern's examples, a violation, a storm), by key; nil where no story was
    /// found.
    var lanes: [(installID: String, operationID: String, timeline: OperationTimeline?)]

    /// The longest operation of the group, Retry-After hints included, at least 1 ms: every lane shares this scale.
    private var span: Int64 {
        var longest: Int64 = 1
        for lane in lanes {
            guard let timeline = lane.timeline, let span = timeline.span else { continue }
            var end = span.end
            for attempt in timeline.operation.attempts {
                if let hint = timeline.retryAfterSeconds(of: attempt) {
                    end = max(end, attempt.end + Int64(hint * 1000))
                }
            }
            longest = max(longest, end - span.start)
        }
        return longest
    }

    private func x(_ offset: Int64) -> Double {
        Self.left + (Self.width - Self.left - Self.right) * Double(offset) / Double(span)
    }

    /// The lanes with an axis above them.
    func render(idPrefix: String) -> String {
        var html = axis()
        for (index, lane) in lanes.enumerated() {
            html += self.lane(lane, id: "\(idPrefix)-op\(index)")
        }
        return html
    }

    private func axis() -> String {
        var svg =
            "<svg class=\"axis\" width=\"\(Int(Self.width))\" height=\"22\" viewBox=\"0 0 \(Int(Self.width)) 22\" "
            + "aria-hidden=\"true\"><line x1=\"\(Self.left)\" y1=\"18\" x2=\"\(Self.width - Self.right)\" y2=\"18\" "
            + "stroke=\"#888\"/>"
        for step in 0...4 {
            let offset = span * Int64(step) / 4
            let position = x(offset)
            let anchor = step == 0 ? "start" : step == 4 ? "end" : "middle"
            svg += "<line x1=\"\(HTMLText.number(position))\" y1=\"14\" x2=\"\(HTMLText.number(position))\" y2=\"22\" "
            svg += "stroke=\"#888\"/><text x=\"\(HTMLText.number(position))\" y=\"11\" text-anchor=\"\(anchor)\">"
            svg += "+\(HTMLText.escape(ReportFormatting.milliseconds(offset)))</text>"
        }
        return svg + "</svg>\n"
    }

    private func lane(
        _ lane: (installID: String, operationID: String, timeline: OperationTimeline?), id: String
    )
        -> String
    {
        let label =
            "install <code>\(HTMLText.escape(lane.installID))</code>, operation "
            + "<code>\(HTMLText.escape(lane.operationID))</code>"
        guard let timeline = lane.timeline, let span = timeline.span else {
            return "<div class=\"lane\" id=\"\(id)\"><div class=\"lane-label name\">\(label)</div>"
                + "<p class=\"note\">No story found for this operation in the inputs.</p></div>\n"
        }
        let attempts = timeline.operation.attempts
        let kinds = Array(Set(attempts.map(\.kind.rawValue))).sorted()
        let patterns = Array(Set(attempts.compactMap(\.lanePattern))).sorted()
        var html = "<div class=\"lane filterable\" id=\"\(id)\" role=\"group\" aria-labelledby=\"\(id)-label\""
        html += " data-kinds=\"\(HTMLText.list(kinds))\" data-patterns=\"\(HTMLText.list(patterns))\""
        if let version = timeline.appVersion { html += " data-apps=\"\(HTMLText.list([version]))\"" }
        html += " data-from=\"\(ReportTime.string(span.start))\" data-to=\"\(ReportTime.string(span.end))\">"
        html += "<div class=\"lane-label name\" id=\"\(id)-label\">\(label), started "
        html += "\(ReportTime.string(span.start))"
        if let version = timeline.appVersion { html += ", app \(HTMLText.escape(version))" }
        html += ": \(attempts.count) attempt\(attempts.count == 1 ? "" : "s")"
        if let verdict = timeline.verdict { html += ". <strong>\(HTMLText.escape(verdict))</strong>" }
        html += "</div>\n"
        html += svg(timeline, start: span.start)
        html += table(timeline, start: span.start, id: "\(id)-attempts")
        return html + "</div>\n"
    }

    /// The mark beside an attempt's number, so outcomes differ by more than colour.
    private static func glyph(_ outcome: RecordedOutcome) -> String {
        switch outcome.known {
        case .success: "✓"
        case .failure: "✗"
        case .cancelled: "⊘"
        case nil: "?"
        }
    }

    private func svg(_ timeline: OperationTimeline, start: Int64) -> String {
        let attempts = timeline.operation.attempts
        let height = Self.laneHeight
        var svg =
            "<svg class=\"swimlane\" width=\"\(Int(Self.width))\" height=\"\(Int(height))\" viewBox=\"0 0 "
            + "\(Int(Self.width)) \(Int(height))\" role=\"img\" aria-label=\"\(attempts.count) attempts; the table "
            + "below lists them\">"
        var lastLabel = -Double.infinity
        for (index, attempt) in attempts.enumerated() {
            let from = x(attempt.start - start)
            let barWidth = max(4, x(attempt.end - start) - from)
            let colour = HTMLPageAssets.Colour.outcome(attempt.outcome)
            let fill = attempt.outcome == .known(.cancelled) ? "#fff" : colour
            svg +=
                "<rect class=\"attempt outcome-\(HTMLText.escape(attempt.outcome.rawValue))\" x=\"\(HTMLText.number(from))\" "
            svg +=
                "y=\"16\" width=\"\(HTMLText.number(barWidth))\" height=\"20\" fill=\"\(fill)\" stroke=\"\(colour)\" "
            svg += "stroke-width=\"2\">"
            svg += "<title>attempt \(attempt.number) \(HTMLText.escape(attempt.kind.rawValue)): "
            svg += "\(HTMLText.escape(attempt.outcome.rawValue))</title></rect>"
            if attempt.outcome == .known(.failure) {
                // Hatching: failures differ from successes by shape as well as colour.
                svg += "<rect x=\"\(HTMLText.number(from))\" y=\"16\" width=\"\(HTMLText.number(barWidth))\" "
                svg += "height=\"20\" fill=\"url(#hatch)\" aria-hidden=\"true\"/>"
            }
            if from - lastLabel >= 26 {
                let glyph = Self.glyph(attempt.outcome)
                // Near the right edge the label ends at the bar's end instead of running off the lane.
                let atEnd = from > Self.width - Self.right - 30
                svg += "<text x=\"\(HTMLText.number(atEnd ? from + barWidth : from))\" y=\"11\""
                svg += "\(atEnd ? " text-anchor=\"end\"" : "")>\(glyph)\(attempt.number)</text>"
                lastLabel = from
            }
            guard index + 1 < attempts.count else { continue }
            let next = attempts[index + 1]
            let waitFrom = x(attempt.end - start)
            let waitTo = x(next.start - start)
            if waitTo - waitFrom > 2 {
                svg +=
                    "<line class=\"wait\" x1=\"\(HTMLText.number(waitFrom))\" y1=\"26\" x2=\"\(HTMLText.number(waitTo))\" "
                svg += "y2=\"26\" stroke=\"#333\" stroke-dasharray=\"3 3\"/>"
            }
            if let hint = timeline.retryAfterSeconds(of: attempt) {
                let honoured = Operation.honours(retryAfterSeconds: hint, gap: next.start - attempt.end)
                let hintTo = x(attempt.end + Int64(hint * 1000) - start)
                let colour = honoured ? HTMLPageAssets.Colour.bluishGreen : HTMLPageAssets.Colour.vermillion
                svg += "<g class=\"retry-after \(honoured ? "honoured" : "violated")\">"
                svg +=
                    "<line x1=\"\(HTMLText.number(waitFrom))\" y1=\"44\" x2=\"\(HTMLText.number(hintTo))\" y2=\"44\" "
                svg += "stroke=\"\(colour)\" stroke-width=\"2\"\(honoured ? "" : " stroke-dasharray=\"5 3\"")/>"
                svg += "<line x1=\"\(HTMLText.number(hintTo))\" y1=\"39\" x2=\"\(HTMLText.number(hintTo))\" y2=\"49\" "
                svg += "stroke=\"\(colour)\" stroke-width=\"2\"/>"
                svg += "<text x=\"\(HTMLText.number(waitFrom))\" y=\"60\">Retry-After \(Self.seconds(hint))"
                svg +=
                    honoured
                    ? " ✓ honoured" : " ✗ retried after \(ReportFormatting.milliseconds(next.start - attempt.end))"
                svg += "</text></g>"
            }
        }
        return svg + "</svg>\n"
    }

    /// The lane's attempts as a table (`id`, sortable like the report's).
    private func table(_ timeline: OperationTimeline, start: Int64, id: String) -> String {
        let attempts = timeline.operation.attempts
        var html =
            "<div class=\"table-wrap\"><table id=\"\(id)\" data-sortable><thead><tr><th scope=\"col\">attempt</th>"
        html += "<th scope=\"col\">kind"
        html += "</th><th scope=\"col\">started</th><th scope=\"col\">took</th><th scope=\"col\">outcome</th>"
        html += "<th scope=\"col\">error</th><th scope=\"col\">then</th></tr></thead><tbody>"
        for (index, attempt) in attempts.enumerated() {
            let glyph = Self.glyph(attempt.outcome)
            html +=
                "<tr><td class=\"n\">\(attempt.number)</td><td class=\"name\">\(HTMLText.escape(attempt.kind.rawValue))</td>"
            html += "<td class=\"n\">+\(ReportFormatting.milliseconds(attempt.start - start))</td>"
            html += "<td class=\"n\">\(ReportFormatting.milliseconds(attempt.end - attempt.start))</td>"
            html += "<td><span class=\"outcome-key\" aria-hidden=\"true\">\(glyph)</span>"
            html += "\(HTMLText.escape(attempt.outcome.rawValue))</td>"
            html += "<td class=\"name\">\(HTMLText.escape(attempt.laneError ?? "-"))</td><td>"
            if index + 1 < attempts.count {
                let wait = attempts[index + 1].start - attempt.end
                html += "waited \(ReportFormatting.milliseconds(wait))"
                if let hint = timeline.retryAfterSeconds(of: attempt) {
                    if Operation.honours(retryAfterSeconds: hint, gap: wait) {
                        html += "; Retry-After \(Self.seconds(hint)) honoured"
                    } else {
                        html += "; <span class=\"verdict-violated\">Retry-After \(Self.seconds(hint)) violated</span>"
                    }
                }
            } else {
                html +=
                    timeline.retryAfterSeconds(of: attempt).map { "last attempt; Retry-After \(Self.seconds($0))" }
                    ?? "last attempt"
            }
            html += "</td></tr>"
        }
        return html + "</tbody></table></div>\n"
    }

    /// `30 s`, `1.5 s`: a Retry-After as the header gave it.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() && value < 1e15 ? "\(Int64(value)) s" : "\(value) s"
    }

    /// The legend and the hatch pattern the lanes refer to, once per page.
    static let legend: String = {
        var html =
            "<svg width=\"0\" height=\"0\" style=\"position:absolute\" aria-hidden=\"true\"><defs>"
            + "<pattern id=\"hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" "
            + "patternTransform=\"rotate(45)\"><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#fff\" "
            + "stroke-width=\"2\"/></pattern></defs></svg>\n<ul class=\"legend\" aria-label=\"Legend of the timelines\">"
        for (outcome, text) in [
            (TrailEvent.Outcome.success, "success: solid bar"), (.failure, "failure: hatched bar"),
            (.cancelled, "cancelled: hollow bar"),
        ] {
            let colour = HTMLPageAssets.Colour.outcome(.known(outcome))
            html += "<li><svg width=\"28\" height=\"14\" aria-hidden=\"true\"><rect x=\"1\" y=\"1\" width=\"26\" "
            html += "height=\"12\" fill=\"\(outcome == .cancelled ? "#fff" : colour)\" stroke=\"\(colour)\" "
            html +=
                "stroke-width=\"2\"/>\(outcome == .failure ? "<rect x=\"1\" y=\"1\" width=\"26\" height=\"12\" fill=\"url(#hatch)\"/>" : "")"
            html += "</svg>\(glyph(.known(outcome))) \(text)</li>"
        }
        html += "<li><svg width=\"28\" height=\"14\" aria-hidden=\"true\"><line x1=\"1\" y1=\"7\" x2=\"27\" y2=\"7\" "
        html += "stroke=\"#333\" stroke-dasharray=\"3 3\"/></svg>wait between attempts (dashed)</li>"
        html += "<li><svg width=\"28\" height=\"14\" aria-hidden=\"true\"><line x1=\"1\" y1=\"7\" x2=\"25\" y2=\"7\" "
        html +=
            "stroke=\"\(HTMLPageAssets.Colour.bluishGreen)\" stroke-width=\"2\"/><line x1=\"25\" y1=\"2\" x2=\"25\" "
        html += "y2=\"12\" stroke=\"\(HTMLPageAssets.Colour.bluishGreen)\" stroke-width=\"2\"/></svg>Retry-After hint "
        html += "from the failure, solid and ✓ when the next attempt waited for it, dashed and ✗ when it did not</li>"
        return html + "</ul>\n"
    }()
}

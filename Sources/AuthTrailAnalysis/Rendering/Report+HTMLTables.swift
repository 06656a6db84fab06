/// What the page's filters and links know about one table row.
struct HTMLRowFacets {
    /// Pattern keys (`PatternKey.text`), kinds and app versions the row is about; nil when the row does not say
    /// (the filter then leaves it shown).
    var patterns: [String]?
    var kinds: [String]?
    var apps: [String]?
    /// The time range the row covers.
    var from: ReportTime?
    var to: ReportTime?
    /// The id of the timeline group the row links to.
    var timelines: String?
    var timelinesText = "timelines"

    var isEmpty: Bool { patterns == nil && kinds == nil && apps == nil && from == nil && to == nil }
}

extension Report {
    /// The tables of the text form, with sort buttons (added by the script), filter attributes and links to the
    /// timelines; the breakdowns as heatmaps.
    func htmlSections(_ sections: [ReportSection], groups: HTMLTimelineGroups) -> String {
        var html = ""
        for (index, section) in sections.enumerated() {
            if let breakdown = breakdowns.first(where: { section.title == Self.breakdownTitle($0) }) {
                html += htmlHeatmap(breakdown, section: section, index: index)
                continue
            }
            html += "<section id=\"s\(index)\" aria-labelledby=\"s\(index)-h\">\n"
            html += "<h2 id=\"s\(index)-h\">\(HTMLText.escape(section.title))</h2>\n"
            if !section.summary.isEmpty {
                html += "<ul>\n" + section.summary.map { "<li>\(HTMLText.escape($0))</li>\n" }.joined() + "</ul>\n"
            }
            if section.header.isEmpty {
                html += "</section>\n"
                continue
            }
            if section.rows.isEmpty {
                html += "<p>None.</p>\n</section>\n"
                continue
            }
            let (sortable, facets) = htmlFacets(section, groups: groups)
            let links = facets.contains { $0.timelines != nil }
            let filterable = facets.contains { !$0.isEmpty }
            html += "<div class=\"table-wrap\"><table id=\"\(Self.htmlTableID(section.title))\" "
            html += "aria-labelledby=\"s\(index)-h\""
            html += (sortable ? " data-sortable" : "") + (filterable ? " data-filterable" : "") + ">"
            html += "<caption><span class=\"filter-status\" aria-live=\"polite\"></span></caption>\n<thead><tr>"
            for (column, cell) in section.header.enumerated() {
                html += "<th scope=\"col\"\(section.numeric.contains(column) ? " class=\"n\"" : "")>"
                html += "\(HTMLText.header(cell))</th>"
            }
            if links { html += "<th scope=\"col\">timelines</th>" }
            html += "</tr></thead>\n<tbody>\n"
            for (rowIndex, row) in section.rows.enumerated() {
                let facet = facets.indices.contains(rowIndex) ? facets[rowIndex] : HTMLRowFacets()
                html += "<tr" + Self.htmlAttributes(facet) + ">"
                for (column, cell) in row.enumerated() {
                    html +=
                        "<td class=\"\(section.numeric.contains(column) ? "n" : "name")\">\(HTMLText.escape(cell))</td>"
                }
                if links {
                    html += "<td>" + (facet.timelines.map { "<a href=\"#\($0)\">\(facet.timelinesText)</a>" } ?? "-")
                    html += "</td>"
                }
                html += "</tr>\n"
            }
            html += "</tbody></table></div>\n</section>\n"
        }
        return html
    }

    /// `t-` and the title in lower case, each run of other characters than letters and digits as one `-`: the id
    /// the page's `sort=` fragment names (`t-failures-by-error-domain-code-sub-code`).
    static func htmlTableID(_ title: String) -> String {
        var id = "t"
        var pendingDash = true
        for character in title.lowercased().unicodeScalars {
            if ("a"..."z").contains(character) || ("0"..."9").contains(character) {
                if pendingDash { id += "-" }
                id.unicodeScalars.append(character)
                pendingDash = false
            } else {
                pendingDash = true
            }
        }
        return id
    }

    /// ` class="… filterable" data-…` for an element with facets; only `classes` without.
    static func htmlAttributes(_ facet: HTMLRowFacets, classes: String = "") -> String {
        guard !facet.isEmpty else { return classes.isEmpty ? "" : " class=\"\(classes)\"" }
        var html = " class=\"\(classes.isEmpty ? "" : classes + " ")filterable\""
        if let patterns = facet.patterns { html += " data-patterns=\"\(HTMLText.list(patterns))\"" }
        if let kinds = facet.kinds { html += " data-kinds=\"\(HTMLText.list(kinds))\"" }
        if let apps = facet.apps { html += " data-apps=\"\(HTMLText.list(apps))\"" }
        if let from = facet.from { html += " data-from=\"\(HTMLText.escape(from.description))\"" }
        if let to = facet.to { html += " data-to=\"\(HTMLText.escape(to.description))\"" }
        return html
    }

    /// Whether the section's table sorts (tables whose rows form groups do not), and each row's facets. Sections are
    /// told apart by title (`ReportSections.swift`); `HTMLReportTests` checks every one named here is found.
    private func htmlFacets(_ section: ReportSection, groups: HTMLTimelineGroups) -> (Bool, [HTMLRowFacets]) {
        let appsByPattern = htmlAppVersionsByPattern()
        func pattern(_ row: FailurePattern, target: String?) -> HTMLRowFacets {
            let key = row.foldedValues == nil && row.stsCode == nil ? Self.patternKeyText(row) : nil
            var facet = HTMLRowFacets(
                patterns: key.map { [$0] }, apps: key.flatMap { appsByPattern[$0] }, from: row.firstSeen,
                to: row.lastSeen, timelines: target)
            if let count = row.examples?.count { facet.timelinesText = "\(count) operation\(count == 1 ? "" : "s")" }
            return facet
        }
        switch section.title {
        case "Attempts by kind and outcome":
            return (true, kinds.map { HTMLRowFacets(kinds: $0.foldedValues == nil ? [$0.kind] : nil) })
        case "Failures by error (domain, code, sub-code)":
            return (true, patterns.enumerated().map { pattern($1, target: groups.patternTargets[$0]) })
        case "Failures by STS code":
            return (true, stsPatterns.enumerated().map { pattern($1, target: groups.stsTargets[$0]) })
        case "Retry-After violations":
            return (
                true,
                retries.retryAfter.examples.enumerated().map {
                    HTMLRowFacets(from: $1.failedAt, to: $1.retriedAt, timelines: groups.violationTargets[$0])
                }
            )
        case "Retry storms":
            let operations = retries.operationStorms.examples.enumerated().map { index, storm in
                HTMLRowFacets(
                    from: storm.start, to: storm.start.advanced(by: storm.durationMilliseconds),
                    timelines: groups.stormTargets[index])
            }
            return (
                true,
                operations
                    + retries.deviceStorms.examples.map {
                        HTMLRowFacets(from: $0.start, to: $0.start.advanced(by: $0.durationMilliseconds))
                    }
            )
        case "Latency by kind and outcome":
            return (true, latency.map { HTMLRowFacets(kinds: $0.foldedValues == nil ? [$0.kind] : nil) })
        case let title where title.hasPrefix("Failure rate over time"):
            return (
                true,
                timeline.buckets.filter { $0.attempts > 0 }.map {
                    // Times are inclusive: a bucket's last millisecond, so the next bucket's start is outside.
                    HTMLRowFacets(
                        from: $0.start, to: $0.start.advanced(by: Int64(timeline.bucketSeconds) * 1000 - 1))
                }
            )
        default:
            // The breakdowns are heatmaps (`htmlHeatmap`), with facets of their own.
            return (!section.rows.isEmpty, [])
        }
    }

    /// For each pattern key, the app versions whose attempts had it (from the `app.version` breakdown).
    func htmlAppVersionsByPattern() -> [String: [String]] {
        var result: [String: [String]] = [:]
        guard let breakdown = breakdowns.first(where: { $0.dimension == "app.version" }) else { return result }
        for value in breakdown.values where value.foldedValues == nil {
            for row in value.patterns where row.domain != Self.otherLabel {
                result[Self.patternKeyText(domain: row.domain, code: row.code, subcode: row.subcode), default: []]
                    .append(value.value)
            }
        }
        return result
    }
}

extension Report {
    /// Patterns (and as many AADSTS codes) whose example operations the HTML report draws; the JSON lists the
    /// examples of every pattern.
    package static let htmlTimelinePatterns = 50

    /// The report as one self-contained HTML page (inline style, script and SVG; nothing loaded from elsewhere):
    /// charts, the tables of the text form (sortable and filterable in the page), and no operation timelines.
    package func renderHTML() -> String {
        renderHTML(timelines: OperationTimelines(unavailableReason: "this page was rendered without them."))
    }

    /// The operations whose timelines the HTML report draws: the examples of the first `htmlTimelinePatterns`
    /// patterns and AADSTS codes, the Retry-After violations and the operation storms; in that order, each key once,
    /// with a time within the operation (a key whose operation closed and began again names two operations).
    package var timelineOperations: [(installID: String, operationID: String, at: ReportTime)] {
        var seen = Set<String>()
        var result: [(installID: String, operationID: String, at: ReportTime)] = []
        func add(_ install: String, _ operation: String?, _ time: ReportTime) {
            guard let operation, !operation.isEmpty, seen.insert(OperationTimelines.key(install, operation)).inserted
            else { return }
            result.append((install, operation, time))
        }
        for pattern in patterns.prefix(Self.htmlTimelinePatterns) + stsPatterns.prefix(Self.htmlTimelinePatterns) {
            for example in pattern.examples ?? [] { add(example.installID, example.operationID, example.failedAt) }
        }
        for violation in retries.retryAfter.examples {
            add(violation.installID, violation.operationID, violation.failedAt)
        }
        for storm in retries.operationStorms.examples { add(storm.installID, storm.operationID, storm.start) }
        return result
    }

    /// The report as one self-contained HTML page, with the swimlanes of `timelines` (`timelineOperations`).
    package func renderHTML(timelines: OperationTimelines) -> String {
        let groups = htmlTimelineGroups(timelines)
        let sections = self.sections
        var body = "<a class=\"skip-link\" href=\"#main\">Skip to the report</a>\n<main id=\"main\">\n"
        body += "<h1>AuthTrail report</h1>\n<p class=\"headline\">\(HTMLText.escape(headline))</p>\n"
        if !input.filters.isEmpty {
            body += "<p>Report filters: \(HTMLText.escape(input.filters.joined(separator: "; ")))</p>\n"
        }
        body += htmlContents(sections)
        body += htmlFilterControls()
        body += "<p class=\"print-only note\">Printed in full: the page's filters and sorting do not apply.</p>\n"
        body += htmlCharts(patternTargets: groups.patternTargets)
        body += htmlSections(sections, groups: groups)
        body += "<section id=\"timelines\" aria-labelledby=\"timelines-h\">\n"
        body += "<h2 id=\"timelines-h\">Operation timelines</h2>\n"
        body += "<p>Up to \(ExampleOperations.limit) example operations per failure pattern (the earliest), for the "
        body += "first \(Self.htmlTimelinePatterns) patterns and AADSTS codes, and the operations of each Retry-After "
        body += "violation and operation storm listed above. Each lane is one operation, its time axis starting at its "
        body += "first attempt; lanes of one group share the scale.</p>\n"
        if let reason = timelines.unavailableReason {
            body += "<p class=\"note\" id=\"timelines-unavailable\">Timelines are unavailable: "
            body += "\(HTMLText.escape(reason))</p>\n"
        } else {
            body += HTMLSwimlanes.legend
            body += groups.html.isEmpty ? "<p>No example operations.</p>\n" : groups.html
        }
        body += "</section>\n</main>\n"
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>AuthTrail report</title>
            <style>
            \(HTMLPageAssets.style)
            </style>
            </head>
            <body>
            \(body)<script>
            \(HTMLPageAssets.script)
            </script>
            </body>
            </html>

            """
    }

    private func htmlContents(_ sections: [ReportSection]) -> String {
        var html = "<nav aria-label=\"Contents\"><ul>"
        for (index, section) in sections.enumerated() {
            html += "<li><a href=\"#s\(index)\">\(HTMLText.escape(section.title))</a></li>"
        }
        return html + "<li><a href=\"#timelines\">Operation timelines</a></li></ul></nav>\n"
    }

    /// The filter bar (shown only when scripts run, as only they make it work).
    private func htmlFilterControls() -> String {
        func select(_ key: String, _ label: String, _ all: String, _ options: [(value: String, text: String)]) -> String
        {
            var html = "<label for=\"filter-\(key)\">\(label)<select id=\"filter-\(key)\">"
            html += "<option value=\"\">\(all)</option>"
            for option in options {
                html += "<option value=\"\(HTMLText.escape(option.value))\">\(HTMLText.escape(option.text))</option>"
            }
            return html + "</select></label>"
        }
        let bucketMilliseconds = Int64(timeline.bucketSeconds) * 1000
        let starts = timeline.buckets.map(\.start.description)
        let ends = timeline.buckets.map { $0.start.advanced(by: bucketMilliseconds).description }
        var html = "<form class=\"filters\" role=\"search\" aria-label=\"Filter the tables and timelines\" "
        html += "onsubmit=\"return false\">"
        html += select(
            "pattern", "Failure pattern", "All patterns",
            patterns.filter { $0.foldedValues == nil && $0.domain != nil }.map {
                (Self.patternKeyText($0), Self.patternLabel($0))
            })
        html += select("kind", "Kind", "All kinds", kinds.filter { $0.foldedValues == nil }.map { ($0.kind, $0.kind) })
        let versions =
            breakdowns.first { $0.dimension == "app.version" }?.values.filter { $0.foldedValues == nil } ?? []
        html += select("app", "App version", "All versions", versions.map { ($0.value, $0.value) })
        html += select("from", "From", "The start", starts.map { ($0, $0) })
        html += select("to", "Until", "The end", ends.map { ($0, $0) })
        // "Until" is exclusive (`from < until` in the script), "from" inclusive.
        html += "<button type=\"button\" id=\"filter-reset\">Clear filters</button>"
        html += "<p id=\"filter-summary\" class=\"note\" aria-live=\"polite\"></p>"
        html +=
            "</form>\n<p class=\"note filter-help\">A filter hides the rows and timelines that say what it asks: the pattern, in failure "
        html +=
            "patterns, breakdowns and timelines; the kind, in kinds, latency and timelines; the app version, in the "
        html += "app.version breakdown, patterns and their timelines; the time, in patterns (first to last seen), "
        html += "violations, storms, the failure-rate table and timelines. Other rows stay.</p>\n"
        return html
    }

    /// `PatternKey.text` of a pattern row: what the pattern filter matches.
    static func patternKeyText(domain: String, code: Int?, subcode: Int?) -> String {
        PatternKey(domain: domain, code: code, subcode: subcode).text
    }

    static func patternKeyText(_ pattern: FailurePattern) -> String {
        patternKeyText(domain: pattern.domain ?? "", code: pattern.code, subcode: pattern.subcode)
    }
}

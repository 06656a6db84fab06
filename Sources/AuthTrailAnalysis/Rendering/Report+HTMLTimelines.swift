/// The timeline groups of the HTML report and the ids the tables link to.
struct HTMLTimelineGroups {
    var html = ""
    /// Group ids by row index of `patterns`, `sts_patterns`, Retry-After examples and operation storm examples.
    var patternTargets: [Int: String] = [:]
    var stsTargets: [Int: String] = [:]
    var violationTargets: [Int: String] = [:]
    var stormTargets: [Int: String] = [:]
}

extension Report {
    func htmlTimelineGroups(_ timelines: OperationTimelines) -> HTMLTimelineGroups {
        var groups = HTMLTimelineGroups()
        guard timelines.unavailableReason == nil else { return groups }
        func group(
            id: String, title: String, facets: HTMLRowFacets, operations: [(installID: String, operationID: String)]
        ) {
            let lanes = operations.map { ($0.installID, $0.operationID, timelines[$0.installID, $0.operationID]) }
            groups.html += "<section id=\"\(id)\"" + Self.htmlAttributes(facets, classes: "timeline-group")
            groups.html +=
                " aria-labelledby=\"\(id)-h\">\n<h3 id=\"\(id)-h\" class=\"name\">\(HTMLText.escape(title))</h3>\n"
            groups.html += HTMLSwimlanes(lanes: lanes).render(idPrefix: id) + "</section>\n"
        }
        let appsByPattern = htmlAppVersionsByPattern()
        for (index, pattern) in patterns.prefix(Self.htmlTimelinePatterns).enumerated() {
            guard let examples = pattern.examples, !examples.isEmpty else { continue }
            let id = "tl-p\(index)"
            groups.patternTargets[index] = id
            let key = pattern.foldedValues == nil ? Self.patternKeyText(pattern) : nil
            group(
                id: id,
                title: "Pattern \(Self.patternLabel(pattern)): \(examples.count) of its operations "
                    + "(\(pattern.count) attempt\(pattern.count == 1 ? "" : "s") in all)",
                facets: HTMLRowFacets(patterns: key.map { [$0] }, apps: key.flatMap { appsByPattern[$0] }),
                operations: examples.map { ($0.installID, $0.operationID) })
        }
        for (index, pattern) in stsPatterns.prefix(Self.htmlTimelinePatterns).enumerated() {
            guard let examples = pattern.examples, !examples.isEmpty else { continue }
            let id = "tl-s\(index)"
            groups.stsTargets[index] = id
            group(
                id: id,
                title: "\(pattern.foldedValues == nil ? Self.patternLabel(pattern) : Self.otherLabel): "
                    + "\(examples.count) of its operations (\(pattern.count) attempt\(pattern.count == 1 ? "" : "s") in all)",
                facets: HTMLRowFacets(), operations: examples.map { ($0.installID, $0.operationID) })
        }
        for (index, violation) in retries.retryAfter.examples.enumerated() {
            let id = "tl-v\(index)"
            groups.violationTargets[index] = id
            group(
                id: id,
                title: "Retry-After violation: attempt \(violation.attempt) failed at \(violation.failedAt) with "
                    + "Retry-After \(HTMLSwimlanes.seconds(violation.retryAfterSeconds)); the next attempt started after "
                    + ReportFormatting.milliseconds(violation.waitedMilliseconds),
                facets: HTMLRowFacets(from: violation.failedAt, to: violation.retriedAt),
                operations: [(violation.installID, violation.operationID)])
        }
        for (index, storm) in retries.operationStorms.examples.enumerated() {
            guard let operation = storm.operationID else { continue }
            let id = "tl-o\(index)"
            groups.stormTargets[index] = id
            group(
                id: id,
                title: "Operation storm: \(storm.attempts) attempts from \(storm.start) over "
                    + ReportFormatting.milliseconds(storm.durationMilliseconds),
                facets: HTMLRowFacets(from: storm.start, to: storm.start.advanced(by: storm.durationMilliseconds)),
                operations: [(storm.installID, operation)])
        }
        return groups
    }
}

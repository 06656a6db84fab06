import AuthTrail

extension OperationTimelines {
    /// The timelines of the operations `report` draws (`Report.timelineOperations`), from their stories in `paths`:
    /// a second read of the inputs the report was built from (`OperationStory.collect`). Problems reading them were
    /// already reported by the first read and are not repeated.
    package static func collect(paths: [String], for report: Report) -> OperationTimelines {
        let wanted = report.timelineOperations
        guard !wanted.isEmpty else { return OperationTimelines() }
        var selection = StorySelection()
        selection.keys = Set(wanted.map { OperationKey(installID: $0.installID, operationID: $0.operationID) })
        // A key can name two operations (one closed, then the id seen again): room for both.
        let collection = OperationStory.collect(paths: paths, selection: selection, limit: 2 * wanted.count)
        var stories: [OperationKey: [OperationStory]] = [:]
        for story in collection.stories { stories[story.key, default: []].append(story) }
        let timelines = wanted.compactMap { request -> OperationTimeline? in
            let candidates = stories[OperationKey(installID: request.installID, operationID: request.operationID)] ?? []
            let time = request.at.milliseconds
            let story = candidates.first { ($0.start...$0.end).contains(time) } ?? candidates.first
            return story.map(OperationTimeline.init)
        }
        return OperationTimelines(timelines)
    }
}

extension OperationTimeline {
    /// What a lane shows of `story`: each attempt with its classified error and Retry-After, and the verdict.
    init(_ story: OperationStory) {
        let hints = Dictionary(
            story.waits.compactMap { wait in wait.retryAfterSeconds.map { (wait.afterAttempt, $0) } },
            uniquingKeysWith: { first, _ in first })
        self.init(
            installID: story.installID, operationID: story.operationID ?? "",
            attempts: story.attempts.map { attempt in
                let error = attempt.outcome == .known(.success) ? nil : attempt.error
                var label = error.map {
                    Report.patternLabel(
                        domain: $0.domain, code: $0.code, codeName: $0.codeName, subcode: $0.subcode,
                        subcodeName: $0.subcodeName)
                }
                if let codes = error?.stsCodes, !codes.isEmpty {
                    label = [label, codes.map { "AADSTS\($0)" }.joined(separator: " ")].compactMap { $0 }
                        .filter { !$0.isEmpty }.joined(separator: ", ")
                }
                if let status = error?.httpStatus { label = (label.map { $0 + ", " } ?? "") + "HTTP \(status)" }
                return Attempt(
                    number: attempt.number, kind: attempt.kind, outcome: attempt.outcome, start: attempt.start,
                    end: attempt.end, error: label,
                    pattern: error?.domain.map {
                        Report.patternKeyText(domain: $0, code: error?.code, subcode: error?.subcode)
                    },
                    retryAfterSeconds: error?.retryAfterSeconds ?? hints[attempt.number])
            },
            verdict: story.verdict.summary)
    }
}

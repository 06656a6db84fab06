import AuthTrail

extension OperationTimelines {
    /// The timelines of the operations `report` draws (`Report.timelineOperations`), from their stories in the
    /// inputs the report was built from (`Report.buildWithInputs`): a second read, in the report's shards, of the files
    /// of those operations' installs only (`InputsRead.installsToRead`), on up to `threads` threads (the first read's
    /// unless given). Problems reading them were already reported by the first read and are not repeated.
    package static func collect(_ inputs: InputsRead, for report: Report, threads: Int? = nil) -> OperationTimelines {
        let wanted = report.timelineOperations
        guard !wanted.isEmpty else { return OperationTimelines() }
        let keys = Set(wanted.map { OperationKey(installID: $0.installID, operationID: $0.operationID) })
        let told = OperationStory.collectEarliest(
            inputs, installs: inputs.installsToRead(for: Set(keys.map(\.installID))), keys: keys,
            limit: 2 * wanted.count, threads: threads ?? inputs.threads
        ).stories
        // A key can name two operations (one closed, then the id seen again): room for both.
        var stories: [OperationKey: [OperationStory]] = [:]
        for story in told {
            stories[story.operation.key, default: []].append(story)
        }
        let timelines = wanted.compactMap { request -> OperationTimeline? in
            let candidates = stories[OperationKey(installID: request.installID, operationID: request.operationID)] ?? []
            let time = request.at.milliseconds
            let story = candidates.first { ($0.operation.start...$0.operation.end).contains(time) } ?? candidates.first
            return story.map { OperationTimeline($0.operation, verdict: $0.verdict.summary) }
        }
        return OperationTimelines(timelines)
    }
}

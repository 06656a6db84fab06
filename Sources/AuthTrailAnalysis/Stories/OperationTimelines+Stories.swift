import AuthTrail

extension OperationTimelines {
    /// The timelines of the operations `report` draws (`Report.timelineOperations`), from their stories in the
    /// inputs the report was built from (`Report.buildWithInputs`): a second read, of the files of those operations'
    /// installs only (`InputsRead.installsToRead`), on up to `threads` threads (the first read's unless given) when
    /// the installs can be read apart.
    /// Problems reading them were already reported by the first read and are not repeated.
    package static func collect(_ inputs: InputsRead, for report: Report, threads: Int? = nil) -> OperationTimelines {
        let threads = threads ?? inputs.threads
        let wanted = report.timelineOperations
        guard !wanted.isEmpty else { return OperationTimelines() }
        let keys = Set(wanted.map { OperationKey(installID: $0.installID, operationID: $0.operationID) })
        let installs = inputs.installsToRead(for: Set(keys.map(\.installID)))
        let told: [OperationStory]
        if let installs, threads > 1, inputs.installsReadApart {
            told = OperationStory.collectEarliest(
                inputs, installs: installs, keys: keys, limit: 2 * wanted.count, threads: threads)
        } else {
            var input = InputReader(inputs)
            told = OperationStory.collectEarliest(&input, installs: installs, keys: keys, limit: 2 * wanted.count)
        }
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

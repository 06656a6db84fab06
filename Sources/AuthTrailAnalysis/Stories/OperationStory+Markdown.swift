import AuthTrail
import AuthTrailDoctor

extension StoryCollection {
    /// The stories as Markdown: per operation a heading, the verdict and a timeline table. Text from the inputs is
    /// escaped (`MarkdownText`), so a device field cannot bring raw HTML into the page.
    package func renderMarkdown() -> String {
        let cell = MarkdownText.escaped
        var out = "# Operation stories\n\n"
        for story in stories {
            let operation = story.operation.operationID.map { MarkdownText.code($0) } ?? "(no operation id)"
            out += "## Operation \(operation) on install \(MarkdownText.code(story.operation.installID))\n\n"
            out += "\(ReportTime.string(story.operation.start)) → \(ReportTime.string(story.operation.end))\n\n"
            out += "**Verdict:** \(cell(story.verdict.summary))\n\n"
            for cause in story.causes { out += "**Set-up cause:** \(cell(OperationStory.describe(cause)))\n\n" }
            out += "| time | event | details |\n|---|---|---|\n"
            for entry in story.timeline {
                switch entry {
                case .attempt(let attempt):
                    let details = (attempt.error?.lines ?? []).map(cell).joined(separator: "<br>")
                    let what = cell(OperationStory.describe(attempt))
                    out += "| \(story.clock(attempt.start)) | \(what) | \(details) |\n"
                case .wait(let wait):
                    out += "| \(story.clock(wait.from)) | \(cell(OperationStory.describe(wait))) | |\n"
                case .log(let line, _):
                    let time = line.time.map(story.clock) ?? "(no time)"
                    let label = [line.source ?? "log", line.severity?.text].compactMap { $0 }.joined(separator: " ")
                    out += "| \(time) | \(cell(label)) | \(cell(line.message)) |\n"
                }
            }
            if story.attemptsNotKept > 0 { out += "\n\(story.attemptsNotKept) more attempts not shown.\n" }
            if story.logsNotKept > 0 { out += "\n\(story.logsNotKept) more log lines not shown.\n" }
            out += "\n"
        }
        out += footer + "\n"
        return out
    }
}

import AuthTrail

extension StoryCollection {
    /// The stories as a readable timeline; `colour` adds ANSI colour (only for a terminal): the verdict red when the
    /// app should change something, green when not, failed attempts red, waits that ignored Retry-After red.
    package func renderText(colour: Bool = false) -> String {
        func paint(_ text: String, _ code: String) -> String { colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
        var out = ""
        for story in stories {
            let title =
                "Operation \(story.operation.operationID ?? "(no operation id)") on install \(story.operation.installID)"
            out += paint(title, "1") + "\n"
            out +=
                "  \(ReportTime.string(story.operation.start)) → \(ReportTime.string(story.operation.end)), "
                + "\(story.operation.attempts.count + story.attemptsNotKept) attempt"
                + "\(story.operation.attempts.count + story.attemptsNotKept == 1 ? "" : "s")\n"
            out += "  verdict: " + paint(story.verdict.summary, story.verdict.needsAction ? "1;31" : "32") + "\n"
            for cause in story.causes { out += "  set-up: " + paint(OperationStory.describe(cause), "1;31") + "\n" }
            for entry in story.timeline {
                switch entry {
                case .attempt(let attempt):
                    let line = OperationStory.describe(attempt)
                    out += "  \(story.clock(attempt.start))  " + paint(line, attempt.outcome.terminalColour) + "\n"
                    for line in attempt.error?.lines ?? [] { out += "      \(line)\n" }
                case .wait(let wait):
                    let line = OperationStory.describe(wait)
                    out +=
                        "  \(story.clock(wait.from))  " + paint(line, wait.honoursRetryAfter == false ? "31" : "2")
                        + "\n"
                case .log(let line, _):
                    let time = line.time.map(story.clock) ?? "(no time)"
                    let label = [line.source ?? "log", line.severity?.text].compactMap { $0 }.joined(separator: " ")
                    out += "  \(time)  " + paint("\(label): ", "2") + line.message + "\n"
                }
            }
            if story.attemptsNotKept > 0 { out += "  … \(story.attemptsNotKept) more attempts not shown\n" }
            if story.logsNotKept > 0 { out += "  … \(story.logsNotKept) more log lines not shown\n" }
            out += "\n"
        }
        out += footer + "\n"
        return out
    }

    /// `3 operations matched; showing the earliest 2 (--limit).`
    var footer: String {
        let noun = matched == 1 ? "operation" : "operations"
        if matched == 0 { return "No operation matched." }
        if matched == stories.count { return "\(matched) \(noun) matched." }
        return "\(matched) \(noun) matched; showing the earliest \(stories.count) (\(matched - stories.count) more: "
            + "raise --limit or narrow the selection)."
    }
}

extension StoryVerdict {
    /// Whether the app should change something (the verdict names what).
    package var needsAction: Bool {
        switch finding {
        case .retryAfterIgnored, .retryStorm, .claimsNotPassed, .noInteractiveFallback, .retriedPermanentError, .failed:
            true
        case .userCancelled, .fellBackToInteractive, .recovered, .succeeded, .unknown: false
        }
    }
}

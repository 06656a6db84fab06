import AuthTrail

/// What the text and Markdown renderers show of a story, in time order.
extension OperationStory {
    enum TimelineEntry {
        case attempt(Operation.Attempt)
        case wait(Wait)
        /// A log line, and whether it is the last word of an attempt ending at its time (its correlation id's).
        case log(LogLine, endsAttempt: Bool)

        /// Attempts at their start, waits at their beginning, log lines at their time (none: last).
        var time: Int64 {
            switch self {
            case .attempt(let attempt): attempt.start
            case .wait(let wait): wait.from
            case .log(let line, _): line.time ?? .max
            }
        }

        /// At one time: the lines of the attempt that ends there, the wait that begins, the attempt that starts,
        /// then other lines (MSAL logs whole milliseconds, so one attempt's end is often the next one's start).
        var rank: Int {
            switch self {
            case .log(_, let endsAttempt): endsAttempt ? 0 : 3
            case .wait: 1
            case .attempt: 2
            }
        }
    }

    /// Attempts, waits and log lines interleaved in time (stable: ties keep that order).
    var timeline: [TimelineEntry] {
        var ends: [String: Int64] = [:]
        for attempt in operation.attempts where attempt.start != attempt.end {
            if let id = attempt.correlationID?.lowercased() { ends[id] = attempt.end }
        }
        let lines = logs.map { line in
            let end = line.correlationID.flatMap { ends[$0.lowercased()] }
            return TimelineEntry.log(line, endsAttempt: end != nil && end == line.time)
        }
        let entries = operation.attempts.map(TimelineEntry.attempt) + waits.map(TimelineEntry.wait) + lines
        return entries.enumerated().sorted {
            ($0.element.time, $0.element.rank, $0.offset) < ($1.element.time, $1.element.rank, $1.offset)
        }.map(\.element)
    }

    /// The time of day (`09:14:03.120`) when the story stays within one UTC day, else the full time.
    func clock(_ time: Int64) -> String {
        let full = ReportTime.string(time)
        guard ReportTime.string(operation.start).prefix(10) == ReportTime.string(operation.end).prefix(10),
            let separator = full.firstIndex(of: "T")
        else { return full }
        return String(full[full.index(after: separator)...].dropLast())
    }

    /// `attempt 2  interactive  success  1.2 s` with the correlation id.
    static func describe(_ attempt: Operation.Attempt) -> String {
        var text = "attempt \(attempt.number) \(attempt.kind.rawValue) \(attempt.outcome.rawValue)"
        if let duration = attempt.durationMilliseconds { text += " in \(ReportFormatting.milliseconds(duration))" }
        if let id = attempt.correlationID { text += " (correlation \(id))" }
        return text
    }

    /// `<problem> (2 of its attempts; rule …). Fix: <fix>.`
    static func describe(_ cause: Report.SetupCause) -> String {
        "\(cause.problem) (\(cause.attempts) of its attempts; rule \(cause.rule)). Fix: \(cause.fix)."
    }

    /// `waited 2 s; Retry-After 30 s not honoured; the app announced 2 s (retryAfter)`.
    static func describe(_ wait: Wait) -> String {
        var text = "waited \(ReportFormatting.milliseconds(wait.milliseconds))"
        if let retryAfter = wait.retryAfterSeconds {
            let hint = ReportFormatting.milliseconds(Int64((retryAfter * 1000).rounded()))
            text +=
                wait.honoursRetryAfter == true ? "; honoured Retry-After \(hint)" : "; Retry-After \(hint) NOT honoured"
        }
        if let announced = wait.announcedMilliseconds {
            text += "; the app announced \(ReportFormatting.milliseconds(announced))"
            if let reason = wait.reason { text += " (\(reason))" }
        }
        return text
    }
}

extension AttemptError {
    /// One to four lines: the code, the OAuth and STS side, the recommended action, other facts.
    var lines: [String] {
        var lines: [String] = []
        var code = [domain, code.map(String.init), codeName].compactMap { $0 }.joined(separator: " ")
        if let subcode {
            code += ", sub-code \(subcode)" + (subcodeName.map { " \($0)" } ?? "")
        }
        if !code.isEmpty { lines.append(code) }
        var server: [String] = []
        if let oauthError { server.append("OAuth \(oauthError)" + (oauthSuberror.map { " / \($0)" } ?? "")) }
        if !stsCodes.isEmpty { server.append(stsCodes.map { "AADSTS\($0)" }.joined(separator: ", ")) }
        if let httpStatus { server.append("HTTP \(httpStatus)") }
        if let retryAfterSeconds {
            server.append("Retry-After \(ReportFormatting.milliseconds(Int64((retryAfterSeconds * 1000).rounded())))")
        }
        if !server.isEmpty { lines.append(server.joined(separator: " · ")) }
        if let action { lines.append("action: \(action.summary) (\(action.rawValue))") }
        var facts: [String] = []
        if claimsChallenge { facts.append("claims challenge") }
        if throttled { facts.append("replayed from MSAL's throttling cache") }
        if !underlying.isEmpty { facts.append("underlying " + underlying.joined(separator: " → ")) }
        if !facts.isEmpty { lines.append(facts.joined(separator: " · ")) }
        return lines
    }
}

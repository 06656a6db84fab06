import AuthTrail

extension TailLine {
    /// An operation as one line of text for `authtrail tail --operations`, once it has closed: when it ended, the
    /// install, the operation id's first 8 characters, each attempt (kind, outcome, error), then the judgements of
    /// `Operation` that apply (Retry-After honoured or not, a retry storm, the backoff).
    ///
    /// ```
    /// 2026-11-22T21:57:02.410Z 3f2a9c1e operation 6c1d2e3f 2 attempts: #1 silent failure MSALErrorDomain -50002
    ///   interactionRequired → #2 interactive success
    /// ```
    /// (one line; wrapped here).
    package static func format(_ operation: Operation, colour: Bool) -> String {
        func paint(_ text: String, _ code: String) -> String { colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
        let attempts = operation.attempts
        var parts = [
            paint(ReportTime.string(operation.end), "2"),
            paint(clean(String(operation.installID.prefix(installPrefix))), "36"), paint("operation", "1"),
            operation.operationID.map { clean(String($0.prefix(installPrefix))) } ?? "-",
            "\(attempts.count) attempt\(attempts.count == 1 ? "" : "s"):",
        ]
        let steps = attempts.map { attempt in
            var step = "#\(attempt.number) \(clean(attempt.kind.rawValue)) "
            step += paint(clean(attempt.outcome.rawValue), attempt.outcome.terminalColour)
            if let error = attempt.laneError, !error.isEmpty { step += " " + paint(clean(error), "31") }
            return step
        }
        parts.append(steps.joined(separator: " → "))
        var judgements: [String] = []
        operation.forEachGapAfterFailure { failed, _, gap in
            guard let seconds = failed.retryAfterSeconds else { return }
            judgements.append(
                Operation.honours(retryAfterSeconds: seconds, gap: gap)
                    ? "Retry-After \(ReportFormatting.milliseconds(Int64(seconds * 1000))) honoured"
                    : paint(
                        "Retry-After \(ReportFormatting.milliseconds(Int64(seconds * 1000))) ignored (retried after "
                            + "\(ReportFormatting.milliseconds(gap)))", "31"))
        }
        let limits = ReportBuilder.Limits()
        if let storm = operation.storm(threshold: limits.operationStormAttempts, window: limits.stormWindowMilliseconds)
        {
            judgements.append(
                paint(
                    "retry storm: \(storm.attempts) attempts in \(ReportFormatting.milliseconds(storm.last - storm.first))",
                    "31"))
        }
        if let backoff = operation.backoff { judgements.append("backoff \(backoff)") }
        return ([parts.joined(separator: " ")] + judgements).joined(separator: "; ")
    }
}

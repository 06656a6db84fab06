import AuthTrail

extension StoryVerdict {
    /// Judges `story` by Microsoft's guidance for MSAL errors: the first finding that applies, in the order of
    /// `Finding`'s cases (what the app got wrong before what the service or the user did).
    init(_ story: OperationStory) {
        let attempts = story.operation.attempts
        guard let last = attempts.last else {
            self = .unknown
            return
        }
        let limits = ReportBuilder.Limits()
        let failures = attempts.filter { $0.outcome.countsAsFailure }

        if let wait = story.waits.first(where: { $0.honoursRetryAfter == false }),
            let retryAfter = wait.retryAfterSeconds
        {
            let failure = attempts.first { $0.number == wait.afterAttempt }?.error
            let status = failure?.httpStatus.map { "HTTP \($0) " } ?? "a failure "
            let hint = ReportFormatting.milliseconds(Int64((retryAfter * 1000).rounded()))
            self.init(
                finding: .retryAfterIgnored,
                summary: "\(status)with Retry-After \(hint) was retried after "
                    + "\(ReportFormatting.milliseconds(wait.milliseconds)): should have waited the Retry-After "
                    + "interval before retrying")
            return
        }
        if let storm = story.operation.storm(
            threshold: limits.operationStormAttempts, window: limits.stormWindowMilliseconds)
        {
            self.init(
                finding: .retryStorm,
                summary:
                    "\(storm.attempts) attempts within \(ReportFormatting.milliseconds(storm.last - storm.first)): "
                    + "a retry storm; "
                    + "should back off exponentially with jitter, and not retry errors that need the user")
            return
        }
        if let challenge = attempts.firstIndex(where: {
            $0.outcome != .known(.success)
                && ($0.error?.claimsChallenge == true || $0.error?.action == .interactiveWithClaims)
        }), last.outcome.countsAsFailure {
            let retried = attempts[(challenge + 1)...].contains { $0.kind == .known(.interactive) }
            self.init(
                finding: .claimsNotPassed,
                summary: retried
                    ? "a claims challenge was answered by an interactive request that failed again: should have "
                        + "passed the claims from the challenge to the interactive request"
                    : "a claims challenge was not answered: should have acquired interactively, passing the claims")
            return
        }
        if let silent = attempts.firstIndex(where: {
            $0.kind == .known(.silent) && $0.outcome == .known(.failure) && $0.error?.action == .acquireInteractively
        }), !attempts[(silent + 1)...].contains(where: { $0.kind == .known(.interactive) }) {
            let name = attempts[silent].error.map(Self.name) ?? "interaction required"
            let retriedSilently = attempts[(silent + 1)...].contains { $0.kind == .known(.silent) }
            self.init(
                finding: .noInteractiveFallback,
                summary: "silent acquisition needed the user (\(name))"
                    + (retriedSilently ? " and was retried silently" : " and the app gave up")
                    + ": should have fallen back to an interactive request")
            return
        }
        if let index = failures.firstIndex(where: { $0.error?.action == .doNotRetry }),
            attempts.contains(where: { $0.number > failures[index].number })
        {
            let name = failures[index].error.map(Self.name) ?? "error"
            self.init(
                finding: .retriedPermanentError,
                summary: "\(name) was retried, which cannot help: should not retry; fix the configuration or policy")
            return
        }
        switch last.outcome.known {
        case .success:
            let silentFailed = attempts.dropLast().contains {
                $0.kind == .known(.silent) && $0.outcome == .known(.failure)
            }
            let fellBack = silentFailed && last.kind == .known(.interactive)
            if fellBack, attempts.contains(where: { $0.error?.claimsChallenge == true }) {
                self.init(
                    finding: .fellBackToInteractive,
                    summary: "a claims challenge needed the user; the interactive request succeeded, as MSAL "
                        + "recommends (with the challenge's claims): nothing to fix")
            } else if fellBack {
                self.init(
                    finding: .fellBackToInteractive,
                    summary: "silent acquisition needed the user; the interactive fallback succeeded, as MSAL "
                        + "recommends: nothing to fix")
            } else if attempts.count > 1 {
                self.init(
                    finding: .recovered,
                    summary: "succeeded at attempt \(last.number) of \(attempts.count) after \(failures.count) "
                        + "failure\(failures.count == 1 ? "" : "s"), retried as recommended")
            } else {
                self.init(finding: .succeeded, summary: "succeeded at the first attempt: nothing to fix")
            }
        case .cancelled:
            self.init(
                finding: .userCancelled, summary: "the user cancelled: nothing to fix (optionally offer to try again)")
        default:
            let name = last.error.map(Self.name) ?? "an unclassified error"
            let action = last.error?.action.map { "; MSAL's guidance: \($0.summary)" } ?? ""
            self.init(finding: .failed, summary: "ended in a failure, \(name)\(action)")
        }
    }

    /// `interactionRequired (-50002)`, or the domain and code.
    static func name(_ error: AttemptError) -> String {
        switch (error.codeName, error.code) {
        case let (name?, code?): "\(name) (\(code))"
        case let (name?, nil): name
        default: error.title
        }
    }
}

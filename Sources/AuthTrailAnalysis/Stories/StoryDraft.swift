import AuthTrail
import AuthTrailDoctor

/// An operation's story while its events arrive: attempts, announced waits and log lines, finished into an
/// `OperationStory` at the end.
struct StoryDraft: Sendable {
    /// Attempts and log lines kept per story; more are counted (`attemptsNotKept`, `logsNotKept`).
    static let attemptsKept = 200
    static let logsKept = 500

    var story: OperationStory
    /// `retry.wait` events: when, how long, why.
    var announced: [(time: Int64?, milliseconds: Int64, reason: String?)] = []
    /// Attempts explained by each mistake of the recorded set-up (`attempts` left 0 in the key).
    var causes: [Report.SetupCause: Int] = [:]
    /// Failed attempts that came before the install's first set-up event (stamped when its segment opened, which can
    /// be after them), judged when the install ends (`resolvePendingCauses`).
    var pendingCauses: [LogRecord] = []
    /// The earliest start of all its attempts, those not kept included: the order `StoryFinder` picks stories in.
    private(set) var earliestStart = Int64.max

    init(installID: String, operationID: String?) {
        story = OperationStory(operation: Operation(installID: installID, operationID: operationID, attempts: []))
    }

    mutating func addAttempt(_ record: LogRecord, end: Int64, start: Int64?) {
        earliestStart = min(earliestStart, Operation.Attempt.start(of: record, end: end, start: start))
        guard story.operation.attempts.count < Self.attemptsKept else {
            story.attemptsNotKept += 1
            return
        }
        // Numbered as the report numbers it (an attempt without a number sorts as 1, then by its end), so the waits
        // and their Retry-After verdicts are the report's.
        story.operation.attempts.append(
            Operation.Attempt(ended: record, at: end, start: start, details: record.details))
    }

    mutating func addWait(_ record: LogRecord, time: Int64?) {
        guard announced.count < Self.attemptsKept, let value = record.waitMilliseconds, value >= 0,
            value <= Double(ReportBounds.durationMilliseconds.upperBound)
        else { return }
        announced.append((time, Int64(value.rounded()), record.details?.retryReason))
    }

    /// Counts a failed attempt against the mistakes of `setup` (the install's last recorded set-up) it shows.
    mutating func addCauses(of record: LogRecord, setup: JudgedSetup?) {
        guard record.outcome != .known(.success) else { return }
        guard let setup else {
            if pendingCauses.count < Self.attemptsKept { pendingCauses.append(record) }
            return
        }
        let explained = setup.explained(
            domain: record.errorDomain, code: record.errorCode, subcode: record.errorSubcode,
            stsCodes: record.stsErrorCodes)
        var counted = Set<Report.SetupCause>()
        for (finding, _) in explained {
            let cause = Report.SetupCause(
                rule: finding.rule.rawValue, problem: finding.problem, fix: finding.fix, attempts: 0,
                bundleID: setup.setup.bundleID)
            if counted.insert(cause).inserted { causes[cause, default: 0] += 1 }
        }
    }

    /// Judges the attempts that came before the install's first set-up by that set-up.
    mutating func resolvePendingCauses(with setup: JudgedSetup?) {
        let records = pendingCauses
        pendingCauses = []
        guard let setup else { return }
        for record in records { addCauses(of: record, setup: setup) }
    }

    /// The story: attempts in the report's order (number, then end), the waits after each attempt that did not
    /// succeed, logs in time order, the verdict.
    func finished(logs: [OperationStory.LogLine], logsNotKept: Int) -> OperationStory {
        var story = story
        // Made again to put the attempts in the report's order (number, then end).
        let operation = story.operation
        story.operation = Operation(
            installID: operation.installID, operationID: operation.operationID, attempts: operation.attempts)
        story.operation.forEachGapAfterFailure { failed, next, _ in
            // A `retry.wait` belongs to the gap it was written in: after this attempt's end, before the next start.
            let said = announced.filter { wait in
                guard let time = wait.time else { return false }
                return time >= failed.end && time <= next.start
            }
            story.waits.append(
                OperationStory.Wait(
                    afterAttempt: failed.number, from: failed.end, until: next.start,
                    announcedMilliseconds: said.isEmpty ? nil : said.reduce(0) { $0 + $1.milliseconds },
                    reason: said.compactMap(\.reason).first, retryAfterSeconds: failed.retryAfterSeconds))
        }
        story.logs = logs.enumerated().sorted { left, right in
            switch (left.element.time, right.element.time) {
            case let (leftTime?, rightTime?): (leftTime, left.offset) < (rightTime, right.offset)
            case (.some, nil): true
            case (nil, .some): false
            case (nil, nil): left.offset < right.offset
            }
        }.map(\.element)
        story.logsNotKept = logsNotKept
        story.verdict = StoryVerdict(story)
        story.causes = causes.map { cause, attempts in
            var cause = cause
            cause.attempts = attempts
            return cause
        }.sorted { ($1.attempts, $0.rule, $0.problem) < ($0.attempts, $1.rule, $1.problem) }
        return story
    }
}

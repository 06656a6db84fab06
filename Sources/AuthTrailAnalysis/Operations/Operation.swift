import AuthTrail

/// One operation as every view of it reads it: the report's retry tables, `show`'s story and the HTML report's
/// swimlanes. Its attempts are those `OperationTracker` grouped (docs/REPORT-JSON.md, "operation"), in attempt
/// order; the judgements on them (the gaps after failures, whether a Retry-After was honoured, the backoff shape,
/// the densest burst of starts) are written here once.
package struct Operation: Sendable, Hashable {
    /// One attempt: an `acquisition.end`, with its `acquisition.start` when there was one. Values are checked
    /// against `ReportBounds` (out of range reads as absent).
    package struct Attempt: Sendable, Hashable {
        /// `attempt`, 1 for the first (and for an attempt written without one).
        package var number: Int
        /// `silent` or `interactive`; `unknown` when the attempt did not say.
        package var kind: RecordedKind
        /// `success`, `failure` or `cancelled`; `unknown` when the attempt did not say.
        package var outcome: RecordedOutcome
        /// Its `acquisition.start`, or its end minus its duration (milliseconds since 1970).
        package var start: Int64
        package var end: Int64
        /// `duration_ms`, rounded to whole milliseconds.
        package var durationMilliseconds: Int64?
        /// The Retry-After it carried, in seconds; nil on a success.
        package var retryAfterSeconds: Double?
        /// MSAL's correlation id of the request (`show` and the swimlanes; the report leaves it nil).
        package var correlationID: String?
        /// The classified error; nil on a success without one (`show` and the swimlanes; the report leaves it nil
        /// and reads the pattern from the event).
        package var error: AttemptError? {
            get { errorBox?.error }
            set { errorBox = newValue.map(ErrorBox.init) }
        }
        /// Boxed: the report's tracker copies attempts as they arrive, and an attempt with the error inline was
        /// about four times as large (7 % more CPU per event on large segments).
        private var errorBox: ErrorBox?

        package init(
            number: Int, kind: RecordedKind, outcome: RecordedOutcome, start: Int64, end: Int64,
            durationMilliseconds: Int64? = nil, retryAfterSeconds: Double? = nil, correlationID: String? = nil,
            error: AttemptError? = nil
        ) {
            self.number = number
            self.kind = kind
            self.outcome = outcome
            self.start = start
            self.end = end
            self.durationMilliseconds = durationMilliseconds
            self.retryAfterSeconds = retryAfterSeconds
            self.correlationID = correlationID
            self.errorBox = error.map(ErrorBox.init)
        }

        /// Whole milliseconds of `record`'s `duration_ms` within the report's accepted range, nil otherwise.
        static func checkedDuration(_ record: LogRecord) -> Int64? {
            guard let value = record.durationMilliseconds else { return nil }
            let rounded = value.rounded()
            guard rounded >= 0, rounded <= Double(ReportBounds.durationMilliseconds.upperBound) else { return nil }
            return Int64(rounded)
        }

        /// The attempt an `acquisition.end` `record` ends, as `show` and `tail` keep it: its number as the report
        /// reads it (1 when it has none), its start (`start`, else its end minus its duration), its error classified
        /// from the record and `details`, and a Retry-After only when it did not succeed. The report's builder makes
        /// its own, leaner attempt: it counts what is out of range and leaves the error and correlation id out.
        init(ended record: LogRecord, at end: Int64, start: Int64?, details: EventDetails?) {
            let duration = Self.checkedDuration(record)
            let outcome = record.outcome ?? .missing
            let error = AttemptError(of: record, details: details)
            self.init(
                number: OperationTracker<Never>.checkedAttempt(record.attempt) ?? 1, kind: record.kind ?? .missing,
                outcome: outcome, start: Self.start(of: record, end: end, start: start), end: end,
                durationMilliseconds: duration,
                retryAfterSeconds: outcome == .known(.success) ? nil : error?.retryAfterSeconds,
                correlationID: record.correlationID, error: error)
        }

        /// When the attempt `record` ends at `end` started: its `acquisition.start` (`start`), else its end minus its
        /// duration.
        static func start(of record: LogRecord, end: Int64, start: Int64?) -> Int64 {
            start ?? end - (checkedDuration(record) ?? 0)
        }

        /// The report's order of attempts: by number, then by end.
        static func inOrder(_ left: Self, _ right: Self) -> Bool { (left.number, left.end) < (right.number, right.end) }
    }

    /// An attempt's error, behind one reference.
    private final class ErrorBox: Sendable, Hashable {
        let error: AttemptError

        init(_ error: AttemptError) { self.error = error }

        static func == (left: ErrorBox, right: ErrorBox) -> Bool { left.error == right.error }
        func hash(into hasher: inout Hasher) { hasher.combine(error) }
    }

    /// How the gaps after the failed attempts of an operation retried at least twice grew.
    package enum Backoff: Sendable {
        /// Every gap under 100 ms.
        case immediate
        /// Each gap at least 1.5 times the one before.
        case growing
        /// Every gap within 25 % of the first.
        case constant
        case irregular
    }

    package var installID: String
    /// Nil for an attempt written without an `operation.id` (an operation of one).
    package var operationID: String?
    /// In attempt order (number, then end).
    package var attempts: [Attempt]

    /// - Parameter attempts: in any order; sorted here only when they are not in attempt order already (nearly
    ///   always they are, and checking is cheaper than sorting a copy: about 1 % of a report, perf).
    package init(installID: String, operationID: String?, attempts: [Attempt]) {
        self.installID = installID
        self.operationID = operationID
        let isSorted = attempts.indices.dropFirst().allSatisfy { !Attempt.inOrder(attempts[$0], attempts[$0 - 1]) }
        self.attempts = isSorted ? attempts : attempts.sorted(by: Attempt.inOrder)
    }

    /// Its key: (install id, operation id); the operation id is empty for an operation of one.
    package var key: OperationKey { OperationKey(installID: installID, operationID: operationID ?? "") }
    /// The first attempt's start.
    package var start: Int64 { attempts.map(\.start).min() ?? 0 }
    /// The last attempt's end.
    package var end: Int64 { attempts.map(\.end).max() ?? 0 }

    // MARK: Judgements

    /// Each attempt that did not succeed and was followed by another, with that next attempt and the milliseconds
    /// from its end to the next start (negative when they overlap).
    package func forEachGapAfterFailure(_ body: (_ failed: Attempt, _ next: Attempt, _ gap: Int64) -> Void) {
        // By index: zipping the attempts with their tail copied each pair out (a retain and a release of each
        // reference in them), and most operations have one attempt.
        for index in attempts.indices.dropFirst() where attempts[index - 1].outcome != .known(.success) {
            body(attempts[index - 1], attempts[index], attempts[index].start - attempts[index - 1].end)
        }
    }

    /// Whether waiting `gap` milliseconds honoured a Retry-After of `seconds`.
    package static func honours(retryAfterSeconds seconds: Double, gap: Int64) -> Bool {
        Double(gap) >= seconds * 1000
    }

    /// The Retry-After that applies after an attempt of `number`: the one the first attempt of that number that did
    /// not succeed and was followed by another carried (the swimlanes' hint for an attempt that carried none).
    package func retryAfterSeconds(afterAttempt number: Int) -> Double? {
        var hint: Double?
        forEachGapAfterFailure { failed, _, _ in
            if hint == nil, failed.number == number, let seconds = failed.retryAfterSeconds { hint = seconds }
        }
        return hint
    }

    /// The backoff of an operation of at least three attempts with at least two gaps after failures; nil otherwise.
    package var backoff: Backoff? {
        var gaps: [Int64] = []
        forEachGapAfterFailure { _, _, gap in gaps.append(gap) }
        return Self.backoff(attempts: attempts.count, gaps: gaps)
    }

    /// The backoff of `gaps` (the gaps after failures of an operation of `attempts` attempts).
    static func backoff(attempts: Int, gaps: [Int64]) -> Backoff? {
        guard attempts >= 3 && gaps.count >= 2 else { return nil }
        if gaps.allSatisfy({ $0 < 100 }) { return .immediate }
        if zip(gaps, gaps.dropFirst()).allSatisfy({ Double($1) >= 1.5 * Double(max($0, 1)) }) { return .growing }
        if gaps.allSatisfy({ abs(Double($0 - gaps[0])) <= 0.25 * Double(max(gaps[0], 1)) }) { return .constant }
        return .irregular
    }

    /// The most attempts that started within `window` milliseconds, with the first and last of those starts, when
    /// at least `threshold` did (a retry storm); nil otherwise.
    package func storm(threshold: Int, window: Int64) -> (attempts: Int, first: Int64, last: Int64)? {
        guard attempts.count >= threshold else { return nil }
        let starts = attempts.map(\.start).sorted()
        var best = (attempts: 0, first: Int64(0), last: Int64(0))
        var low = 0
        for high in starts.indices {
            while starts[high] - starts[low] > window { low += 1 }
            if high - low + 1 > best.attempts { best = (high - low + 1, starts[low], starts[high]) }
        }
        return best.attempts >= threshold ? best : nil
    }
}

package import AuthTrail

/// The story of one operation, as `authtrail show` tells it: its attempts, the waits between them, the MSAL and app
/// log lines of its correlation ids, and a verdict.
///
/// An operation is what the report counts as one (docs/REPORT-JSON.md): the attempts sharing (`install.id`,
/// `operation.id`) until it closes, read in its install's time order; an attempt without an `operation.id` is an
/// operation of one. Times are milliseconds since 1970.
package struct OperationStory: Sendable, Hashable {
    package init(operation: Operation) { self.operation = operation }

    /// The time between an attempt that did not succeed and the next one.
    package struct Wait: Sendable, Hashable {
        /// The attempt after which the app waited.
        package var afterAttempt: Int
        /// That attempt's end and the next attempt's start.
        package var from: Int64
        package var until: Int64
        /// What the app said it would wait (`retry.wait` events after that attempt, summed), when it said so.
        package var announcedMilliseconds: Int64?
        /// `retry.reason` of those events.
        package var reason: String?
        /// The Retry-After the failed attempt carried, in seconds.
        package var retryAfterSeconds: Double?

        /// Milliseconds between the attempt's end and the next start (negative when they overlap).
        package var milliseconds: Int64 { until - from }
        /// Whether the wait honoured the attempt's Retry-After; nil when it had none.
        package var honoursRetryAfter: Bool? {
            retryAfterSeconds.map { Operation.honours(retryAfterSeconds: $0, gap: milliseconds) }
        }
    }

    /// A `log` event of one of the operation's correlation ids.
    package struct LogLine: Sendable, Hashable {
        package var time: Int64?
        /// `msal` (MSAL's callback or a raw MSAL log) or `swift-log` (the app's own logs); nil when not stated.
        package var source: String?
        /// Its level (`LogRecord.severity`).
        package var severity: Severity?
        package var correlationID: String?
        /// `body`, redacted as written.
        package var message: String
    }

    /// Its attempts (at most `StoryDraft.attemptsKept`) and their judgements.
    package var operation: Operation
    /// After each attempt that did not succeed and was followed by another.
    package var waits: [Wait] = []
    /// In time order (lines without a time last, in reading order).
    package var logs: [LogLine] = []
    /// Attempts and log lines past `StoryCollector.Limits` that were counted but not kept.
    package var attemptsNotKept = 0
    package var logsNotKept = 0
    package var verdict = StoryVerdict.unknown
    /// The mistakes in the install's recorded set-up (its last `app.configuration` before each attempt) that explain
    /// failed attempts of this operation, most attempts first (`attempts` counts them); empty when none does.
    package var causes: [Report.SetupCause] = []

}

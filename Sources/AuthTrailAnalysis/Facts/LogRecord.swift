package import AuthTrail

/// One decoded event line, with the fields the report, the filters and `cat` read. Unknown fields are ignored.
///
/// Times are milliseconds since 1970 (UTC) so aggregation never allocates a `Date`.
package struct LogRecord: Sendable, Hashable {
    package var eventName: TrailEvent.Name { didSet { event = EventType(eventName) } }
    /// `eventName` as the analysis matches it, set with it (a reader assigns the name only when it changes).
    package private(set) var event: EventType
    package var timestampMilliseconds: Int64?
    package var schema: Int?
    /// The line's level: from `severity_number` when it is one (1-24), else from `severity_text` as the library
    /// spells it; nil when neither names one.
    package var severity: Severity?
    package var installID: String?
    package var operationID: String?
    package var attempt: Int?
    package var kind: RecordedKind?
    package var correlationID: String?
    package var durationMilliseconds: Double?
    package var outcome: RecordedOutcome?
    package var errorDomain: String?
    package var errorCode: Int?
    package var errorCodeName: String?
    package var errorSubcode: Int?
    package var errorSubcodeName: String?
    package var stsErrorCodes: [Int] = []
    package var httpStatus: Int?
    package var retryAfterSeconds: Double?
    package var action: RecordedAction?
    package var waitMilliseconds: Double?
    /// A hashed end-user pseudonym (`enduser.id`), when the app records one.
    package var userID: String?
    /// On `store.dropped`: how many events were lost (`dropped.total`; 1 when absent).
    package var droppedCount: Int?
    /// The app version (`app.version`), on `segment.start` lines.
    package var appVersion: String?
    /// The OS version (`os.version`), on `segment.start` lines.
    package var osVersion: String?
    /// MSAL's version (`msal.version`), on `log` events from MSAL's log callback or a raw MSAL log.
    package var msalVersion: String?
    /// The authority host (`server.address`), on acquisition events.
    package var authorityHost: String?
    /// On `store.dropped`: the sum of its `dropped.<severity>` counts (what the report counts when `dropped.total`
    /// is absent); nil when it has none.
    package var droppedBySeverity: Int?
    /// What a consumer read from the line before the event waited (`InstallOrderedConsumer.annotation`); nil
    /// otherwise.
    package var annotation: LineAnnotation?

    package init(eventName: TrailEvent.Name) {
        self.eventName = eventName
        event = EventType(eventName)
    }

    /// Fields only operation stories read, parsed from the line for the events a `StoryCollector` keeps.
    package var details: EventDetails? { annotation?.details }
    /// On `app.configuration`: the set-up it records, when a consumer read it before the event waited.
    var recordedSetup: RecordedAppConfiguration? { annotation?.setup }
}

extension LogRecord {
    /// The per-severity counts of a `store.dropped` event (`dropped.` and a lowercased `severity_text`).
    static let droppedSeverityKeys = ["trace", "debug", "info", "info2", "warn", "error", "fatal"].map {
        "dropped.\($0)"
    }

    /// Adds one `dropped.<severity>` count to `droppedBySeverity` (a count that is not a whole number is skipped; the
    /// sum saturates, and the report checks its range as it checks `dropped.total`).
    mutating func addDropped(ofSeverity count: Int?) {
        guard let count else { return }
        let (sum, overflow) = (droppedBySeverity ?? 0).addingReportingOverflow(count)
        droppedBySeverity = overflow ? (count < 0 ? .min : .max) : sum
    }

    /// Groups of optional string fields a consumer may not read: the scanner then steps over their values without
    /// making a `String` (the Foundation fallback still fills them).
    package struct StringFields: OptionSet, Sendable {
        package let rawValue: Int
        package init(rawValue: Int) { self.rawValue = rawValue }

        /// `installID`, `operationID`, `userID`.
        package static let identifiers = Self(rawValue: 1)
        /// `kind`, `errorCodeName`, `errorSubcodeName`, `action`, `appVersion`, `osVersion`,
        /// `msalVersion`, `authorityHost`.
        package static let labels = Self(rawValue: 2)
        /// `correlationID`: a UUID on every `acquisition.end`, a `String` made per attempt that the report's tables
        /// never read (only its `--correlation-id` filter does).
        package static let correlation = Self(rawValue: 4)
        package static let all: Self = [.identifiers, .labels, .correlation]
    }
}

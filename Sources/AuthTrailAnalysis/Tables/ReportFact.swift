import AuthTrail

/// One fact of the event stream as every table takes it (`ReportTable.update`). `ReportBuilder` makes the facts: it
/// checks each value once against `ReportBounds` (counting and dropping what is out of range), hashes the install and
/// user once per change, and closes operations (`OperationTracker`), so no table checks, hashes or reads another.
///
/// The event a fact comes from travels beside it (`update(_:record:)`), lent and never copied: a fact holds only what
/// was checked or computed, and a table reads the event's own strings from the record.
enum ReportFact {
    /// Any event, before the filter: the versions it states hold for its install's later events (a `segment.start`
    /// before `--since` still names the app version).
    case read
    /// An `app.configuration` event's set-up, before the filter. (Boxed, as the other rare large payloads: every
    /// fact is as large as the largest unboxed one, and each is copied to every table.)
    indirect case setup(RecordedAppConfiguration)
    /// An event the filter kept.
    case kept(KeptEvent)
    /// An attempt ended (`acquisition.end`).
    case attempt(EndedAttempt)
    /// A `store.dropped` event: the events the writer lost (checked; 1 when it does not say).
    case dropReport(events: Int)
    /// An operation closed, with the attempts it stored.
    case operation(Operation)
    /// Every event of the install being read has been given.
    case installEnded
    /// One input was read.
    indirect case inputRead(InputSummary)
    /// Values out of range among the events read since the last such fact, in `file`.
    indirect case outOfRange(OutOfRangeTally, file: String)
    /// A line for the health section's warnings.
    case warning(String)
    /// Every event has been given: what still waits for a later event is settled (before `merge` and `finish`).
    case ended

    /// Which case a fact is, for `ReportTable.facts`.
    var kind: Kinds {
        switch self {
        case .read: .read
        case .setup: .setup
        case .kept: .kept
        case .attempt: .attempt
        case .dropReport: .dropReport
        case .operation: .operation
        case .installEnded: .installEnded
        case .inputRead: .inputRead
        case .outOfRange: .outOfRange
        case .warning: .warning
        case .ended: .ended
        }
    }

    /// A set of `ReportFact` cases.
    struct Kinds: OptionSet {
        let rawValue: UInt16
        static let read = Self(rawValue: 1 << 0)
        static let setup = Self(rawValue: 1 << 1)
        static let kept = Self(rawValue: 1 << 2)
        static let attempt = Self(rawValue: 1 << 3)
        static let dropReport = Self(rawValue: 1 << 4)
        static let operation = Self(rawValue: 1 << 5)
        static let installEnded = Self(rawValue: 1 << 6)
        static let inputRead = Self(rawValue: 1 << 7)
        static let outOfRange = Self(rawValue: 1 << 8)
        static let warning = Self(rawValue: 1 << 9)
        static let ended = Self(rawValue: 1 << 10)
    }

    /// An event the filter kept: its time (checked) and its install and user, hashed once per change.
    struct KeptEvent {
        /// Milliseconds since 1970; nil when absent or out of `ReportBounds.timestampMilliseconds`.
        var time: Int64?
        /// `DistinctCount.hash` of its `install.id`, set when the install differs from the previous event's.
        var newInstallHash: UInt64?
        /// The same of its `user.id`.
        var newUserHash: UInt64?
    }

    /// An ended attempt's values, checked once. Numbers only, so handing it to every table copies no reference (a
    /// payload with strings and arrays cost 15-20 % more CPU per event in retains and copies); what the record says
    /// as written (kind, outcome, pattern, AADSTS codes) is read from it (`LogRecord+Attempt`).
    struct EndedAttempt {
        /// Milliseconds since 1970, checked.
        var time: Int64?
        /// Neither a success nor a cancellation.
        var failed: Bool
        /// Whole milliseconds, checked.
        var duration: Int64?
        /// Not a success, and carries an `error.domain` or AADSTS codes: counted by the pattern tables.
        var errored: Bool
        /// Checked; set on errored attempts only.
        var httpStatus: Int?
        /// `DistinctCount.hash` of its user and install, nil when it names none.
        var userHash: UInt64?
        var installHash: UInt64?
        /// `PatternKey.fieldsHash` of its failure pattern (`LogRecord.failurePatternHash`), computed once for the tables
        /// that key by it; nil when it has none.
        var patternHash: UInt64?
    }
}

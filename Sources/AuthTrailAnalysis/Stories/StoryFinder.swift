import AuthTrail

/// The first of the two passes of `OperationStory.collect`: delimits every operation as the report does
/// (`OperationTracker`) and keeps the earliest `limit` that match the selection (by their first attempt's start),
/// with the correlation ids their attempts carry, and counts all that match. Memory: what the tracker holds for open
/// operations (the report's bounds) plus `2 × limit` matches.
struct StoryFinder: InstallOrderedConsumer {
    /// An operation the selection matched.
    struct Match: Sendable, Hashable {
        /// Which read delimited it (`OperationStory.collect`: the files of several installs, or a shard), and its
        /// serial in that read.
        var part: Int
        var serial: Int
        var key: OperationKey
        var hasOperationID: Bool
        var start: Int64
        /// Lower case, at most `Probe.correlationIDs`.
        var correlationIDs: [String]

        var place: Place { Place(start: start, key: key, part: part, serial: serial) }

        /// The match among every part's.
        struct ID: Sendable, Hashable {
            var part: Int
            var serial: Int
        }

        var id: ID { ID(part: part, serial: serial) }
    }

    struct Found: Sendable {
        /// Earliest first, at most `limit`.
        var matches: [Match] = []
        var matched = 0
        var events = 0
        var warnings: [String] = []
    }

    /// What pass one keeps per open operation.
    struct Probe {
        /// Correlation ids kept per operation (a storm of requests keeps its first ones).
        static let correlationIDs = 64
        var matched = false
        var start = Int64.max
        var correlationIDs: [String] = []

        mutating func note(correlationID: String?) {
            guard let id = correlationID?.lowercased(), correlationIDs.count < Self.correlationIDs,
                !correlationIDs.contains(id)
            else { return }
            correlationIDs.append(id)
        }
    }

    let filter = EventFilter()
    let selection: StorySelection
    let limit: Int
    let part: Int
    private var tracker: OperationTracker<Probe>
    private var lastKey = LastOperationKey()
    private var found = Found()

    /// - Parameters:
    ///   - part: stamped on its matches (`Match.part`).
    ///   - limits: the report's (tests give smaller ones).
    init(selection: StorySelection, limit: Int, part: Int = 0, limits: OperationLimits = OperationLimits()) {
        self.selection = selection
        self.limit = max(limit, 0)
        self.part = part
        tracker = OperationTracker(limits: limits)
    }

    mutating func event(_ record: LogRecord, line: UnsafeRawBufferPointer) {
        found.events += 1
        let time = OperationTracker<Probe>.checkedTime(record)
        tracker.clock(install: record.installID, time: time)
        switch record.event {
        case .acquisitionStart:
            guard let operation = record.operationID, let time else { return }
            let key = lastKey.key(installID: record.installID, operationID: operation)
            let attempt = OperationTracker<Probe>.checkedAttempt(record.attempt)
            // The id, not the record, goes into the closure: capturing the record copies it.
            let correlationID = record.correlationID
            tracker.start(key, attempt: attempt, time: time, make: { Probe() }) {
                $0.note(correlationID: correlationID)
            }
        case .acquisitionEnd:
            guard let time else { return }
            let key = lastKey.key(installID: record.installID, operationID: record.operationID)
            let hasOperationID = record.operationID != nil
            let matches =
                selection.matches(key, hasOperationID: hasOperationID) && selection.matchesAttempt(record, time: time)
            tracker.end(
                key, hasOperationID: hasOperationID, attempt: OperationTracker<Probe>.checkedAttempt(record.attempt),
                outcome: record.outcome ?? .missing, time: time, make: { Probe() }
            ) { probe, start in
                probe.start = min(probe.start, Operation.Attempt.start(of: record, end: time, start: start))
                probe.note(correlationID: record.correlationID)
                if matches { probe.matched = true }
            }
        default: return
        }
        takeClosed()
    }

    private mutating func takeClosed() {
        guard !tracker.closed.isEmpty else { return }
        for chain in tracker.closed where chain.payload.matched {
            found.matched += 1
            found.matches.append(
                Match(
                    part: part, serial: chain.serial, key: chain.key, hasOperationID: chain.hasOperationID,
                    start: chain.payload.start, correlationIDs: chain.payload.correlationIDs))
        }
        tracker.closed.removeAll()
        if found.matches.count > Self.cutAbove(limit) { keepEarliest() }
    }

    private mutating func keepEarliest() {
        found.matches.sort { $0.place < $1.place }
        found.matches.removeLast(max(found.matches.count - limit, 0))
    }

    /// An operation's place in the order operations are picked in: by their first attempt's start, then key, then
    /// part and serial (a total order, so cutting the list to the earliest at any time keeps the same earliest in the
    /// end). A key names one install, which one part reads (but for an install's events in files of several installs,
    /// past what may wait for its turn), so the part seldom decides.
    struct Place: Comparable, Sendable {
        var start: Int64
        var key: OperationKey
        var part = 0
        var serial: Int

        static func < (left: Self, right: Self) -> Bool {
            (left.start, left.key, left.part, left.serial) < (right.start, right.key, right.part, right.serial)
        }
    }

    /// How many operations are kept before the list is cut to the earliest `limit`.
    static func cutAbove(_ limit: Int) -> Int { max(2 * limit, 64) }

    mutating func endInstall() {
        tracker.closeAll()
        takeClosed()
    }

    mutating func add(_ summary: InputSummary) {
        for warning in summary.warnings { warn(warning) }
    }

    mutating func flushOutOfRange(file: String) {}

    mutating func warn(_ line: String) {
        if found.warnings.count < ReportBounds.warnings { found.warnings.append(line) }
    }

    mutating func finish() -> Found {
        endInstall()
        keepEarliest()
        return found
    }

    /// What it found so far (after `InstallTimeOrder.finishCounting`, every operation closed): another part's, for
    /// `merge`, without its tracker.
    var counted: Found { found }

    /// Adds what another part found (`counted`), as if its events had been given after these.
    mutating func merge(_ other: Found) {
        found.matched += other.matched
        found.events += other.events
        found.matches += other.matches
        if found.matches.count > Self.cutAbove(limit) { keepEarliest() }
        for warning in other.warnings { warn(warning) }
    }
}

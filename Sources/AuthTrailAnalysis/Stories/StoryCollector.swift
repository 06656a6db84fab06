import AuthTrail

/// The second pass of `OperationStory.collect`, one per part: delimits operations again exactly as the first pass did
/// (same events, same order, so the same serials) and drafts the stories of the operations the part found, and keeps
/// the `log` events of the correlation ids of every part's operations (an operation's log lines may lie in another
/// part: a file of several installs holds both, past what may wait). Memory: the tracker's open operations, plus
/// `StoryDraft.attemptsKept` attempts and `StoryDraft.logsKept` log lines per chosen operation.
///
/// Or the only pass, for stories without log lines (`OperationStory.collectEarliest`): every operation of the keys
/// asked for, of which it keeps the earliest, as `StoryFinder` picks them.
struct StoryCollector: InstallOrderedConsumer {
    let filter = EventFilter()
    /// The serials to tell; nil to tell the earliest `earliest` operations of `chosenKeys`.
    private let chosen: Set<Int>?
    private let earliest: Int
    private let chosenKeys: Set<OperationKey>
    /// Lower-cased correlation id → the operations of any part whose attempts carried it.
    private let byCorrelation: [String: [StoryFinder.Match.ID]]
    private var tracker = OperationTracker<StoryDraft?>()
    private var lastKey = LastOperationKey()
    private var drafts: [Int: StoryDraft] = [:]
    private var logs: [StoryFinder.Match.ID: [OperationStory.LogLine]] = [:]
    private var logsNotKept: [StoryFinder.Match.ID: Int] = [:]
    /// The current install's last recorded set-up.
    private var currentSetup: JudgedSetup?
    /// The current install's first recorded set-up, and its stories, whose attempts before it are judged by it.
    private var firstSetup: JudgedSetup?
    private var installSerials: [Int] = []
    /// The set-ups judged so far, at most `ReportBounds.recordedSetups`.
    private var judged: [RecordedAppConfiguration: JudgedSetup] = [:]

    /// The operations a second read tells, with the index of their correlation ids, built once for every part.
    struct Chosen: Sendable {
        let matches: [StoryFinder.Match]
        /// Lower-cased correlation id → the operations whose attempts carried it.
        let byCorrelation: [String: [StoryFinder.Match.ID]]

        init(_ matches: [StoryFinder.Match]) {
            self.matches = matches
            var byCorrelation: [String: [StoryFinder.Match.ID]] = [:]
            for match in matches {
                for id in match.correlationIDs { byCorrelation[id, default: []].append(match.id) }
            }
            self.byCorrelation = byCorrelation
        }
    }

    /// Drafts the stories of the chosen operations `part` found, with the log lines of every chosen operation.
    init(_ chosen: Chosen, part: Int) {
        let own = chosen.matches.filter { $0.part == part }
        self.chosen = Set(own.map(\.serial))
        earliest = own.count
        chosenKeys = Set(own.map(\.key))
        byCorrelation = chosen.byCorrelation
    }

    /// Tells the earliest `limit` operations of `keys` (by their first attempt's start, then key, then serial),
    /// without log lines: a single pass, for the HTML report's timelines.
    init(earliest limit: Int, of keys: Set<OperationKey>) {
        chosen = nil
        earliest = max(limit, 0)
        chosenKeys = keys
        byCorrelation = [:]
    }

    mutating func annotation(of record: LogRecord, line: UnsafeRawBufferPointer) -> LineAnnotation? {
        switch record.event {
        case .log:
            guard operations(correlatedWith: record) != nil else { return nil }
        case .acquisitionEnd, .retryWait:
            guard chosenKeys.contains(key(of: record)) else { return nil }
        case .appConfiguration:
            return LineAnnotation.setup(in: line)
        default: return nil
        }
        return EventDetails(line: line).map { LineAnnotation(details: $0) }
    }

    mutating func event(_ record: LogRecord, line: UnsafeRawBufferPointer) {
        let time = OperationTracker<StoryDraft?>.checkedTime(record)
        tracker.clock(install: record.installID, time: time)
        let attempt = OperationTracker<StoryDraft?>.checkedAttempt(record.attempt)
        switch record.event {
        case .acquisitionStart:
            guard let operationID = record.operationID, let time else { return }
            let key = key(of: record)
            let chosenKeys = chosenKeys
            tracker.start(
                key, attempt: attempt, time: time,
                make: { Self.draft(key, operationID: operationID, chosenKeys: chosenKeys) })
        case .acquisitionEnd:
            guard let time else { return }
            let key = key(of: record)
            let operationID = record.operationID
            let (setup, chosenKeys) = (currentSetup, chosenKeys)
            tracker.end(
                key, hasOperationID: operationID != nil, attempt: attempt, outcome: record.outcome ?? .missing,
                time: time, make: { Self.draft(key, operationID: operationID, chosenKeys: chosenKeys) }
            ) { draft, start in
                draft?.addAttempt(record, end: time, start: start)
                draft?.addCauses(of: record, setup: setup)
            }
        case .appConfiguration:
            guard let setup = record.recordedSetup ?? JudgedSetup.recorded(in: line) else { return }
            let judgement = judged[setup] ?? JudgedSetup(setup)
            if judged.count < ReportBounds.recordedSetups { judged[setup] = judgement }
            currentSetup = judgement
            firstSetup = firstSetup ?? judgement
        case .retryWait:
            let key = key(of: record)
            guard chosenKeys.contains(key) else { return }
            tracker.update(key) { $0?.addWait(record, time: time) }
        case .log:
            guard let operations = operations(correlatedWith: record) else { return }
            let line = OperationStory.LogLine(
                time: time, source: record.details?.logSource, severity: record.severity,
                correlationID: record.correlationID, message: record.details?.body ?? "")
            for operation in operations {
                if logs[operation, default: []].count < StoryDraft.logsKept {
                    logs[operation, default: []].append(line)
                } else {
                    logsNotKept[operation, default: 0] += 1
                }
            }
        default: return
        }
        takeClosed()
    }

    /// The chosen operations whose attempts carried `record`'s correlation id (lower-cased only when some are).
    private func operations(correlatedWith record: LogRecord) -> [StoryFinder.Match.ID]? {
        guard !byCorrelation.isEmpty, let id = record.correlationID?.lowercased() else { return nil }
        return byCorrelation[id]
    }

    private mutating func key(of record: LogRecord) -> OperationKey {
        lastKey.key(installID: record.installID, operationID: record.operationID)
    }

    /// A new operation's draft: only operations of a chosen key may be chosen (the serial says which occurrence), so
    /// others get none. (A closure capturing the record copied it per event: 8 % of this pass's samples.)
    private static func draft(_ key: OperationKey, operationID: String?, chosenKeys: Set<OperationKey>) -> StoryDraft? {
        chosenKeys.contains(key) ? StoryDraft(installID: key.installID, operationID: operationID) : nil
    }

    private mutating func takeClosed() {
        guard !tracker.closed.isEmpty else { return }
        for chain in tracker.closed where chosen?.contains(chain.serial) ?? chain.hasOperationID {
            // Without `chosen`, as `StoryFinder` matches: an operation of a chosen key that has ended an attempt.
            if let draft = chain.payload, chosen != nil || !draft.story.operation.attempts.isEmpty {
                drafts[chain.serial] = draft
                installSerials.append(chain.serial)
            }
        }
        tracker.closed.removeAll()
        if chosen == nil, drafts.count > StoryFinder.cutAbove(earliest) { keepEarliest() }
    }

    /// Keeps the earliest `earliest` drafts, and returns their places in `StoryFinder`'s order, earliest first.
    @discardableResult private mutating func keepEarliest() -> [StoryFinder.Place] {
        let order = drafts.map { StoryFinder.Place(start: $1.earliestStart, key: $1.story.operation.key, serial: $0) }
            .sorted()
        for place in order.dropFirst(earliest) { drafts[place.serial] = nil }
        installSerials.removeAll { drafts[$0] == nil }
        return Array(order.prefix(earliest))
    }

    mutating func endInstall() {
        tracker.closeAll()
        takeClosed()
        for serial in installSerials { drafts[serial]?.resolvePendingCauses(with: firstSetup) }
        installSerials = []
        currentSetup = nil
        firstSetup = nil
    }

    mutating func add(_ summary: InputSummary) {}
    mutating func flushOutOfRange(file: String) {}
    mutating func warn(_ line: String) {}

    /// A story of `init(earliest:of:)` with its place in `StoryFinder`'s order.
    struct Told: Sendable {
        var place: StoryFinder.Place
        var story: OperationStory
    }

    /// The stories of `init(earliest:of:)`, earliest first.
    mutating func finishEarliest() -> [Told] {
        endInstall()
        return keepEarliest().compactMap { place in
            drafts[place.serial].map { Told(place: place, story: $0.finished(logs: [], logsNotKept: 0)) }
        }
    }

    /// The part's drafts and the log lines it read.
    struct Drafted {
        /// The part's stories but for their log lines, by serial.
        var drafts: [Int: StoryDraft]
        /// The log lines of every part's operations, at most `StoryDraft.logsKept` each, in the order read, and how
        /// many more were read.
        var logs: [StoryFinder.Match.ID: [OperationStory.LogLine]]
        var logsNotKept: [StoryFinder.Match.ID: Int]

        /// The story of `match`, with its log lines from `parts` (every part read, by part), in part order: the order
        /// of one read of every part.
        static func story(of match: StoryFinder.Match, in parts: [Int: Self]) -> OperationStory? {
            guard let draft = parts[match.part]?.drafts[match.serial] else { return nil }
            var logs: [OperationStory.LogLine] = []
            var notKept = 0
            for part in parts.keys.sorted() {
                logs += parts[part]?.logs[match.id] ?? []
                notKept += parts[part]?.logsNotKept[match.id] ?? 0
            }
            notKept += max(logs.count - StoryDraft.logsKept, 0)
            return draft.finished(logs: Array(logs.prefix(StoryDraft.logsKept)), logsNotKept: notKept)
        }
    }

    mutating func finish() -> Drafted {
        endInstall()
        return Drafted(drafts: drafts, logs: logs, logsNotKept: logsNotKept)
    }
}

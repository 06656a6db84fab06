import AuthTrail

/// The second pass of `OperationStory.collect`: delimits operations again exactly as the first pass did (same events,
/// same order, so the same serials) and builds the stories of the operations it found, with the `log` events of
/// their correlation ids. Memory: the tracker's open operations, plus `StoryDraft.attemptsKept` attempts and
/// `StoryDraft.logsKept` log lines per chosen operation.
struct StoryCollector: InstallOrderedConsumer {
    let filter = EventFilter()
    private let chosen: Set<Int>
    private let chosenKeys: Set<OperationKey>
    /// Lower-cased correlation id → serials of the chosen operations whose attempts carried it.
    private let byCorrelation: [String: [Int]]
    private var tracker = OperationTracker<StoryDraft?>()
    private var drafts: [Int: StoryDraft] = [:]
    private var logs: [Int: [OperationStory.LogLine]] = [:]
    private var logsNotKept: [Int: Int] = [:]
    /// The current install's last recorded set-up.
    private var currentSetup: JudgedSetup?
    /// The current install's first recorded set-up, and its stories, whose attempts before it are judged by it.
    private var firstSetup: JudgedSetup?
    private var installSerials: [Int] = []
    /// The set-ups judged so far, at most `ReportBounds.recordedSetups`.
    private var judged: [RecordedAppConfiguration: JudgedSetup] = [:]

    init(matches: [StoryFinder.Match]) {
        chosen = Set(matches.map(\.serial))
        chosenKeys = Set(matches.map(\.key))
        var byCorrelation: [String: [Int]] = [:]
        for match in matches {
            for id in match.correlationIDs { byCorrelation[id, default: []].append(match.serial) }
        }
        self.byCorrelation = byCorrelation
    }

    func annotation(of record: LogRecord, line: UnsafeRawBufferPointer) -> LineAnnotation? {
        switch record.eventName {
        case .log:
            guard let id = record.correlationID?.lowercased(), byCorrelation[id] != nil else { return nil }
        case .acquisitionEnd, .retryWait:
            let key = OperationKey(installID: record.installID ?? "", operationID: record.operationID ?? "")
            guard chosenKeys.contains(key) else { return nil }
        case .appConfiguration:
            return LineAnnotation.setup(in: line)
        default: return nil
        }
        return EventDetails(line: line).map { LineAnnotation(details: $0) }
    }

    mutating func event(_ record: LogRecord, line: UnsafeRawBufferPointer) {
        let time = OperationTracker<StoryDraft?>.checkedTime(record)
        tracker.clock(install: record.installID, time: time)
        let key = OperationKey(installID: record.installID ?? "", operationID: record.operationID ?? "")
        let make = { [chosenKeys] () -> StoryDraft? in
            // Only operations of a chosen key may be chosen (the serial says which occurrence): no draft for others.
            chosenKeys.contains(key) ? StoryDraft(installID: key.installID, operationID: record.operationID) : nil
        }
        let attempt = OperationTracker<StoryDraft?>.checkedAttempt(record.attempt)
        switch record.eventName {
        case .acquisitionStart:
            guard record.operationID != nil, let time else { return }
            tracker.start(key, attempt: attempt, time: time, make: make)
        case .acquisitionEnd:
            guard let time else { return }
            let setup = currentSetup
            tracker.end(
                key, hasOperationID: record.operationID != nil, attempt: attempt,
                outcome: record.outcome ?? .missing, time: time, make: make
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
            guard chosenKeys.contains(key) else { return }
            tracker.update(key) { $0?.addWait(record, time: time) }
        case .log:
            guard let id = record.correlationID?.lowercased(), let serials = byCorrelation[id] else { return }
            let line = OperationStory.LogLine(
                time: time, source: record.details?.logSource, severity: record.severity,
                correlationID: record.correlationID, message: record.details?.body ?? "")
            for serial in serials {
                if logs[serial, default: []].count < StoryDraft.logsKept {
                    logs[serial, default: []].append(line)
                } else {
                    logsNotKept[serial, default: 0] += 1
                }
            }
        default: return
        }
        takeClosed()
    }

    private mutating func takeClosed() {
        guard !tracker.closed.isEmpty else { return }
        for chain in tracker.closed where chosen.contains(chain.serial) {
            if let draft = chain.payload {
                drafts[chain.serial] = draft
                installSerials.append(chain.serial)
            }
        }
        tracker.closed.removeAll()
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

    /// The stories, by serial.
    mutating func finish() -> [Int: OperationStory] {
        endInstall()
        var stories: [Int: OperationStory] = [:]
        for (serial, draft) in drafts {
            stories[serial] = draft.finished(logs: logs[serial] ?? [], logsNotKept: logsNotKept[serial] ?? 0)
        }
        return stories
    }
}

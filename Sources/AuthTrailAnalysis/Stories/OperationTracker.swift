/// Delimits operations in one pass over events in install time order, by the same rules as the report
/// (docs/REPORT-JSON.md, "operation"; `ReportBuilder`): attempts sharing (`install.id`, `operation.id`) form an
/// operation until a success or a cancellation with no attempt still started, the end of its install, an idle
/// sweep (more than `Limits.idleSweepOperations` open, nothing for `Limits.idleOperation` while its device went on
/// logging) or the memory bounds (more than `Limits.openOperations` open, or more than
/// `ReportBounds.storedAttemptsInOpenOperations` attempts and pending starts held: the least recently seen half).
/// An attempt without an `operation.id` is an operation of one; attempts and starts without a time belong to none.
///
/// `ReportBuilder` keeps these rules inline with its counters (and may not be edited by the stories work); a test
/// checks that both delimit the same operations (`StoryReportAgreementTests`).
///
/// Each operation gets a `serial` when it opens: two trackers fed the same events give the same operations the same
/// serials, which is how `StoryCollector` finds again the operations a first pass selected.
struct OperationTracker<Payload> {
    struct Chain {
        var key: OperationKey
        var hasOperationID: Bool
        var serial: Int
        var payload: Payload
        /// Attempts stored (up to `storedAttemptsPerOperation`, as the report stores them) and pending starts.
        var storedAttempts = 0
        var pendingStarts: [(attempt: Int, time: Int64)] = []
        var lastSeen: Int64 = 0
        var storedItems: Int { storedAttempts + pendingStarts.count }
    }

    let limits: ReportBuilder.Limits
    /// Closed operations, for the owner to take after each call.
    var closed: [Chain] = []
    private var chains: [OperationKey: Chain] = [:]
    private var storedItems = 0
    private var sweepThreshold: Int
    private var nextSerial = 0
    private var latestByInstall: [String: Int64] = [:]
    private var installClockThreshold = ReportBounds.installClocks
    private var latestInstall = ""
    private var latestTime: Int64 = .min

    /// As `OperationChain.storedAttempts`.
    private static var storedAttemptsPerOperation: Int { 10_000 }

    init(limits: ReportBuilder.Limits = ReportBuilder.Limits()) {
        self.limits = limits
        sweepThreshold = limits.idleSweepOperations
    }

    /// The time of an event within range, nil otherwise (as the report ignores it).
    static func checkedTime(_ record: LogRecord) -> Int64? {
        record.timestampMilliseconds.flatMap { ReportBounds.timestampMilliseconds.contains($0) ? $0 : nil }
    }

    static func checkedAttempt(_ value: Int?) -> Int? {
        value.flatMap { ReportBounds.attempt.contains($0) ? $0 : nil }
    }

    /// Advances the install's clock (every event with a time and an install id does).
    mutating func clock(install: String?, time: Int64?) {
        guard let time, let install else { return }
        if install != latestInstall {
            if !latestInstall.isEmpty { storeInstallClock() }
            latestInstall = install
            latestTime = latestByInstall[install] ?? .min
        }
        if time > latestTime { latestTime = time }
    }

    /// An `acquisition.start` of `key` (which has an operation id).
    mutating func start(_ key: OperationKey, attempt: Int?, time: Int64, make: () -> Payload) {
        var isNew = false
        modify(key, make: make) { chain in
            isNew = chain.storedAttempts == 0 && chain.pendingStarts.isEmpty
            let number = attempt ?? (chain.storedAttempts + 1)
            if let index = chain.pendingStarts.firstIndex(where: { $0.attempt == number }) {
                chain.pendingStarts[index].time = time
            } else {
                if chain.pendingStarts.count >= ReportBounds.pendingStartsPerOperation {
                    chain.pendingStarts.removeFirst()
                }
                chain.pendingStarts.append((number, time))
            }
            chain.lastSeen = time
        }
        if isNew { trimChains() }
        if storedItems > ReportBounds.storedAttemptsInOpenOperations { closeLeastRecentHalf() }
    }

    /// An `acquisition.end` of `key`; `body` updates the operation's payload with the attempt's start (nil when it
    /// had no `acquisition.start`) before the operation may close.
    mutating func end(
        _ key: OperationKey, hasOperationID: Bool, attempt: Int?, outcome: String, time: Int64,
        make: () -> Payload, _ body: (inout Payload, _ start: Int64?) -> Void
    ) {
        guard hasOperationID else {
            var chain = Chain(key: key, hasOperationID: false, serial: nextSerial, payload: make())
            nextSerial += 1
            body(&chain.payload, nil)
            closed.append(chain)
            return
        }
        var isNew = false
        var finished = false
        modify(key, make: make) { chain in
            isNew = chain.storedAttempts == 0 && chain.pendingStarts.isEmpty
            let number = attempt ?? (chain.storedAttempts + 1)
            var start: Int64?
            if let index = chain.pendingStarts.firstIndex(where: { $0.attempt == number }) {
                start = chain.pendingStarts.remove(at: index).time
            }
            if chain.storedAttempts < Self.storedAttemptsPerOperation { chain.storedAttempts += 1 }
            body(&chain.payload, start)
            chain.lastSeen = time
            finished = chain.pendingStarts.isEmpty && (outcome == "success" || outcome == "cancelled")
        }
        if finished, let chain = remove(key) {
            closed.append(chain)
        } else if isNew {
            trimChains()
        }
        if storedItems > ReportBounds.storedAttemptsInOpenOperations { closeLeastRecentHalf() }
    }

    /// Updates the payload of `key`'s open operation, if one is open.
    mutating func update(_ key: OperationKey, _ body: (inout Payload) -> Void) {
        guard chains[key] != nil else { return }
        body(&chains[key]!.payload)
    }

    /// Closes every open operation (the end of an install, or of the input).
    mutating func closeAll() {
        let open = chains.values.sorted { ($0.lastSeen, $0.key.operationID) < ($1.lastSeen, $1.key.operationID) }
        chains.removeAll(keepingCapacity: true)
        storedItems = 0
        closed += open
    }

    private mutating func modify(
        _ key: OperationKey, make: () -> Payload, _ body: (inout Chain) -> Void
    ) {
        if chains[key] == nil {
            chains[key] = Chain(key: key, hasOperationID: true, serial: nextSerial, payload: make())
            nextSerial += 1
        }
        let before = chains[key]!.storedItems
        body(&chains[key]!)
        storedItems += chains[key]!.storedItems - before
    }

    private mutating func remove(_ key: OperationKey) -> Chain? {
        guard let chain = chains.removeValue(forKey: key) else { return nil }
        storedItems -= chain.storedItems
        return chain
    }

    private mutating func storeInstallClock() {
        latestByInstall[latestInstall] = latestTime
        guard latestByInstall.count > installClockThreshold else { return }
        let open = Set(chains.keys.map(\.installID))
        latestByInstall = latestByInstall.filter { open.contains($0.key) }
        installClockThreshold = max(ReportBounds.installClocks, latestByInstall.count * 2)
    }

    private mutating func trimChains() {
        if chains.count > sweepThreshold {
            closeIdle()
            sweepThreshold = max(limits.idleSweepOperations, chains.count * 2)
        }
        guard chains.count > limits.openOperations else { return }
        closeLeastRecentHalf()
    }

    private mutating func closeLeastRecentHalf() {
        var open = chains.map { (key: $0.key, lastSeen: $0.value.lastSeen) }
        open.sort {
            ($0.lastSeen, $0.key.operationID, $0.key.installID) < ($1.lastSeen, $1.key.operationID, $1.key.installID)
        }
        for (key, _) in open.prefix(max(open.count / 2, 1)) {
            if let chain = remove(key) { closed.append(chain) }
        }
    }

    private mutating func closeIdle() {
        var idle: [(key: OperationKey, lastSeen: Int64)] = []
        for (key, chain) in chains {
            guard let latest = key.installID == latestInstall ? latestTime : latestByInstall[key.installID] else {
                continue
            }
            let (threshold, overflow) = latest.subtractingReportingOverflow(limits.idleOperation)
            if !overflow, chain.lastSeen < threshold { idle.append((key, chain.lastSeen)) }
        }
        idle.sort { ($0.lastSeen, $0.key.operationID) < ($1.lastSeen, $1.key.operationID) }
        for (key, _) in idle {
            if let chain = remove(key) { closed.append(chain) }
        }
    }
}

/// The one definition of an operation (docs/REPORT-JSON.md, "operation"), shared by the report, `show` and the HTML
/// swimlanes, fed each install's events in time order: attempts sharing (`install.id`, `operation.id`) form an
/// operation until a success or a cancellation with no attempt still started, the end of its install (`closeAll`),
/// an idle sweep (more than `OperationLimits.idleSweepOperations` open: those with nothing for
/// `OperationLimits.idleOperationMilliseconds` while their device went on logging) or the memory bounds (more than
/// `OperationLimits.openOperations` open, or more than `ReportBounds.storedAttemptsInOpenOperations` attempts and
/// pending starts held: the least recently seen half). An attempt without an `operation.id` is an operation of one;
/// attempts and starts without a time belong to none.
///
/// Each owner keeps what it needs per operation in `Payload` (the report: its attempts; `show`: a draft story) and
/// takes the operations as they close from `closed`, in the order they closed. Each operation gets a `serial` when it
/// opens: two trackers fed the same events give the same operations the same serials, which is how `show`'s second
/// pass finds again the operations its first pass selected.
struct OperationTracker<Payload> {
    /// An operation as `closed` hands it over.
    struct Tracked {
        let key: OperationKey
        let hasOperationID: Bool
        let serial: Int
        var payload: Payload
        /// When it last had an event (milliseconds since 1970).
        let lastSeen: Int64

        fileprivate init(key: OperationKey, hasOperationID: Bool, serial: Int, payload: Payload, lastSeen: Int64) {
            self.key = key
            self.hasOperationID = hasOperationID
            self.serial = serial
            self.payload = payload
            self.lastSeen = lastSeen
        }

        /// `operation`, closed, under `key` (which has an operation id).
        fileprivate init(_ operation: consuming Open, key: OperationKey) {
            self.init(
                key: key, hasOperationID: true, serial: operation.serial, payload: operation.payload,
                lastSeen: operation.lastSeen)
        }
    }

    /// An operation while it is open: the value of `open`, whose key is its key, kept small as the memory bounds
    /// allow tens of thousands of them (`OperationLimits.openOperations`). An open operation always has an operation
    /// id: one without is an operation of one attempt, closed at once. With the key and that flag in each value, the
    /// dictionary took 128 bytes a slot instead of 80 (16.8 MB for 96,000 open operations; heaptrack,
    /// `authtrail-bench hostile`, open-operations). `openOperationBytes` is its size, which a test keeps.
    fileprivate struct Open {
        let serial: Int
        var payload: Payload
        /// Start times from `acquisition.start` events, by attempt number, for attempts not yet ended. Nearly always
        /// zero or one entry, so an array (no hashing, no allocation when empty) rather than a dictionary.
        var pendingStarts: [(attempt: Int, time: Int64)] = []
        var lastSeen: Int64 = 0
        /// Attempts counted, up to `OperationTracker.storedAttemptsPerOperation`: what payloads store at most.
        var storedAttempts: Int32 = 0

        init(serial: Int, payload: Payload) {
            self.serial = serial
            self.payload = payload
        }

        /// Attempts and pending starts held, bounded over all open operations.
        var storedItems: Int { Int(storedAttempts) + pendingStarts.count }

        /// Remembers when `attempt` started. Past `ReportBounds.pendingStartsPerOperation` starts without an end,
        /// the oldest is forgotten (its attempt, if it ends, starts `duration_ms` before its end): a loop of starts
        /// without ends costs neither memory nor a search through thousands of entries.
        mutating func setStart(_ time: Int64, attempt: Int) {
            if let index = pendingStarts.firstIndex(where: { $0.attempt == attempt }) {
                pendingStarts[index].time = time
            } else {
                if pendingStarts.count >= ReportBounds.pendingStartsPerOperation { pendingStarts.removeFirst() }
                pendingStarts.append((attempt, time))
            }
        }

        mutating func takeStart(attempt: Int) -> Int64? {
            guard let index = pendingStarts.firstIndex(where: { $0.attempt == attempt }) else { return nil }
            return pendingStarts.remove(at: index).time
        }
    }

    /// Operations longer than this keep counting without storing more attempts, so a runaway loop cannot exhaust
    /// memory.
    static var storedAttemptsPerOperation: Int { 10_000 }

    let limits: OperationLimits
    /// Closed operations, in the order they closed, for the owner to take after each call (`takeClosed`).
    var closed: [Tracked] = []
    private var open: [OperationKey: Open] = [:]
    /// Attempts and pending starts stored over all open operations.
    private(set) var storedItems = 0
    private var sweepThreshold: Int
    private var nextSerial = 0
    /// The latest event time per install, the clock idle operations are measured against; the current install's
    /// lives apart (`latestInstall`, `latestTime`): a dictionary write per event would cost a hash.
    private var latestByInstall: [String: Int64] = [:]
    private var installClockThreshold = ReportBounds.installClocks
    private var latestInstall = ""
    private var latestTime: Int64 = .min

    init(limits: OperationLimits = OperationLimits()) {
        self.limits = limits
        sweepThreshold = limits.idleSweepOperations
    }

    /// Operations not yet closed.
    var openOperations: Int { open.count }
    /// The bytes an open operation takes in the dictionary's slot, beside its key.
    static var openOperationBytes: Int { MemoryLayout<Open>.stride }
    /// Install clocks kept for the idle sweep.
    var storedInstallClocks: Int { latestByInstall.count }

    /// The time of an event within range, nil otherwise (as the report ignores it).
    static func checkedTime(_ record: LogRecord) -> Int64? {
        record.timestampMilliseconds.flatMap { ReportBounds.timestampMilliseconds.contains($0) ? $0 : nil }
    }

    static func checkedAttempt(_ value: Int?) -> Int? {
        value.flatMap { ReportBounds.attempt.contains($0) ? $0 : nil }
    }

    /// Advances the install's clock: every event with a (checked) time and an install id does.
    mutating func clock(install: String?, time: Int64?) {
        guard let time, let install else { return }
        if install != latestInstall {
            if !latestInstall.isEmpty { storeInstallClock() }
            latestInstall = install
            latestTime = latestByInstall[install] ?? .min
        }
        if time > latestTime { latestTime = time }
    }

    /// Moves the closed operations into `buffer` (which must be empty) and leaves `closed` empty: swapping keeps
    /// both arrays' capacity, so closing costs no allocation.
    mutating func takeClosed(into buffer: inout [Tracked]) {
        swap(&buffer, &closed)
    }

    /// An `acquisition.start` of `key` (which has an operation id), at a checked time; `body` updates the operation's
    /// payload in the same lookup.
    mutating func start(
        _ key: OperationKey, attempt: Int?, time: Int64, make: () -> Payload, _ body: (inout Payload) -> Void = { _ in }
    ) {
        // One lookup, in place through the default subscript: an operation in `open` always holds an attempt or a
        // start, so one holding neither was just made.
        var isNew = false
        var change = 0
        func apply(_ operation: inout Open) {
            let before = operation.storedItems
            isNew = before == 0
            operation.setStart(time, attempt: attempt ?? (Int(operation.storedAttempts) + 1))
            operation.lastSeen = time
            change = operation.storedItems - before
            body(&operation.payload)
        }
        let serial = nextSerial
        apply(&open[key, default: Open(serial: serial, payload: make())])
        storedItems += change
        if isNew {
            nextSerial += 1
            trimOpen()
        }
        if storedItems > ReportBounds.storedAttemptsInOpenOperations { closeLeastRecentHalf() }
    }

    /// An `acquisition.end` of `key` at a checked time; `body` updates the operation's payload with the attempt's
    /// start (nil when it had no `acquisition.start`) before the operation may close.
    mutating func end(
        _ key: OperationKey, hasOperationID: Bool, attempt: Int?, outcome: RecordedOutcome, time: Int64,
        make: () -> Payload, _ body: (inout Payload, _ start: Int64?) -> Void
    ) {
        guard hasOperationID else {
            var payload = make()
            body(&payload, nil)
            closed.append(
                Tracked(key: key, hasOperationID: false, serial: nextSerial, payload: payload, lastSeen: time))
            nextSerial += 1
            return
        }
        // Whether the attempt ends the operation: a success or a cancellation with no other attempt started.
        func add(to operation: inout Open) -> Bool {
            let start = operation.takeStart(attempt: attempt ?? (Int(operation.storedAttempts) + 1))
            body(&operation.payload, start)
            if operation.storedAttempts < Self.storedAttemptsPerOperation { operation.storedAttempts += 1 }
            operation.lastSeen = time
            return operation.pendingStarts.isEmpty && !outcome.countsAsFailure
        }
        // One lookup of the key for the update and the removal (hashing it twice cost about 1 % of a report; perf).
        if let index = open.index(forKey: key) {
            // In place: reading `open.values[index]` copies the operation (a retain and a release of each field).
            var finished = false
            var change = 0
            func apply(_ operation: inout Open) {
                let before = operation.storedItems
                finished = add(to: &operation)
                change = operation.storedItems - before
            }
            apply(&open.values[index])
            storedItems += change
            if finished {
                // The key moves out of the dictionary into the operation.
                let (key, operation) = open.remove(at: index)
                storedItems -= operation.storedItems
                closed.append(Tracked(operation, key: key))
            }
        } else {
            var operation = Open(serial: nextSerial, payload: make())
            nextSerial += 1
            if add(to: &operation) {
                closed.append(Tracked(operation, key: key))
            } else {
                open[key] = operation
                storedItems += operation.storedItems
                trimOpen()
            }
        }
        if storedItems > ReportBounds.storedAttemptsInOpenOperations { closeLeastRecentHalf() }
    }

    /// Updates the payload of `key`'s open operation, if one is open.
    mutating func update(_ key: OperationKey, _ body: (inout Payload) -> Void) {
        guard let index = open.index(forKey: key) else { return }
        body(&open.values[index].payload)
    }

    /// Closes every open operation (the end of an install, or of the input).
    mutating func closeAll() {
        var all: [Tracked] = []
        all.reserveCapacity(open.count)
        for index in open.indices { all.append(Tracked(open.values[index], key: open.keys[index])) }
        all.sort { ($0.lastSeen, $0.key.operationID) < ($1.lastSeen, $1.key.operationID) }
        open.removeAll(keepingCapacity: true)
        storedItems = 0
        // Moved when nothing else waits: appending copied every operation into a second buffer (memory bounds).
        if closed.isEmpty { closed = all } else { closed += all }
    }

    private mutating func remove(_ key: OperationKey) -> Tracked? {
        guard let operation = open.removeValue(forKey: key) else { return nil }
        storedItems -= operation.storedItems
        return Tracked(operation, key: key)
    }

    /// Stores the current install's latest event time. Past `ReportBounds.installClocks` installs, only those with
    /// open operations (the only ones the idle sweep asks about) keep theirs.
    private mutating func storeInstallClock() {
        latestByInstall[latestInstall] = latestTime
        guard latestByInstall.count > installClockThreshold else { return }
        var installs = Set<String>()
        for key in open.keys { installs.insert(key.installID) }
        latestByInstall = latestByInstall.filter { installs.contains($0.key) }
        installClockThreshold = max(ReportBounds.installClocks, latestByInstall.count * 2)
    }

    private mutating func trimOpen() {
        if open.count > sweepThreshold {
            closeIdle()
            sweepThreshold = max(limits.idleSweepOperations, open.count * 2)
        }
        guard open.count > limits.openOperations else { return }
        closeLeastRecentHalf()
    }

    /// Closes the least recently seen half of the open operations: when too many are open, or they store too many
    /// attempts.
    private mutating func closeLeastRecentHalf() {
        // Keys and times only, read by index: sorting or iterating the operations themselves copied every one.
        var candidates: [(key: OperationKey, lastSeen: Int64)] = []
        candidates.reserveCapacity(open.count)
        for index in open.indices { candidates.append((open.keys[index], open.values[index].lastSeen)) }
        candidates.sort {
            ($0.lastSeen, $0.key.operationID, $0.key.installID) < ($1.lastSeen, $1.key.operationID, $1.key.installID)
        }
        let closing = candidates.prefix(max(candidates.count / 2, 1))
        // One allocation of the size needed: grown by doubling, the old and new buffers of tens of thousands of
        // operations were held at once.
        closed.reserveCapacity(closed.count + closing.count)
        for (key, _) in closing {
            if let operation = remove(key) { closed.append(operation) }
        }
    }

    /// Closes operations that saw nothing for `OperationLimits.idleOperationMilliseconds` while their device went on
    /// logging: operations that ended in a failure the app gave up on. This keeps memory bounded by recent
    /// activity, not input size.
    private mutating func closeIdle() {
        // Keys only: filtering the dictionary copied every idle operation into a new one, a tenth of a report's time.
        // By index: iterating the dictionary's pairs copied each open operation too (about 3 % of a report; perf).
        var idle: [(key: OperationKey, lastSeen: Int64)] = []
        for index in open.indices {
            let key = open.keys[index]
            let lastSeen = open.values[index].lastSeen
            // No clock yet for the install (its events so far had no time or no install id): not idle. The
            // subtraction is checked as the clock starts at Int64.min.
            guard let latest = key.installID == latestInstall ? latestTime : latestByInstall[key.installID] else {
                continue
            }
            let (threshold, overflow) = latest.subtractingReportingOverflow(limits.idleOperationMilliseconds)
            if !overflow, lastSeen < threshold { idle.append((key, lastSeen)) }
        }
        idle.sort { ($0.lastSeen, $0.key.operationID) < ($1.lastSeen, $1.key.operationID) }
        for (key, _) in idle {
            if let operation = remove(key) { closed.append(operation) }
        }
    }
}

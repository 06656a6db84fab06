import AuthTrail

/// Turns an install's attempts, in time order, into `Operation` values: each `acquisition.start` and
/// `acquisition.end` goes to the tracker (`OperationTracker`, which decides when an operation closes), and each
/// operation it closes comes out as one `Operation` with its attempts in attempt order. The report and `tail
/// --operations` read their operations from it.
struct OperationAssembler {
    private var tracker: OperationTracker<[Operation.Attempt]>
    /// The operations the tracker closed, taken after each call (the buffer is kept to spare an allocation).
    private var closing: [OperationTracker<[Operation.Attempt]>.Tracked] = []
    private var lastKey = LastOperationKey()

    init(limits: OperationLimits = OperationLimits()) { tracker = OperationTracker(limits: limits) }

    /// Advances the install's clock: every event with a (checked) time and an install id does.
    mutating func clock(install: String?, time: Int64?) { tracker.clock(install: install, time: time) }

    /// An `acquisition.start` of operation `operationID` at a checked time; `attempt` is its checked number.
    mutating func start(installID: String?, operationID: String, attempt: Int?, time: Int64) {
        let key = lastKey.key(installID: installID, operationID: operationID)
        tracker.start(key, attempt: attempt, time: time, make: { [] })
    }

    /// An `acquisition.end`: `attempt` as it ended (its start is replaced by its `acquisition.start`'s time when
    /// there was one); `writtenNumber` is its checked `attempt` field, nil when absent.
    mutating func end(_ attempt: Operation.Attempt, installID: String?, operationID: String?, writtenNumber: Int?) {
        tracker.end(
            lastKey.key(installID: installID, operationID: operationID), hasOperationID: operationID != nil,
            attempt: writtenNumber, outcome: attempt.outcome,
            time: attempt.end, make: { [] }
        ) { attempts, start in
            guard attempts.count < OperationTracker<[Operation.Attempt]>.storedAttemptsPerOperation else { return }
            var attempt = attempt
            if let start { attempt.start = start }
            attempts.append(attempt)
        }
    }

    /// Closes every open operation (the end of an install, or of what there is to read).
    mutating func closeAll() { tracker.closeAll() }

    /// Hands over the operations closed since the last call, in the order they closed.
    mutating func takeClosed(_ body: (Operation) -> Void) {
        guard !tracker.closed.isEmpty else { return }
        tracker.takeClosed(into: &closing)
        // By index: copying each operation out of the array cost a retain and a release of each of its fields.
        for index in closing.indices where !closing[index].payload.isEmpty {
            body(
                Operation(
                    installID: closing[index].key.installID,
                    operationID: closing[index].hasOperationID ? closing[index].key.operationID : nil,
                    attempts: closing[index].payload))
        }
        // A buffer that took a mass close (the memory bounds close tens of thousands at once) is let go: kept, it
        // would sit beside the tracker's next one through the next mass close.
        closing.removeAll(keepingCapacity: closing.count <= Self.keptClosingCapacity)
    }

    /// Closed operations a buffer may have held and still be kept for the next call.
    private static var keptClosingCapacity: Int { 1_024 }

    // MARK: Memory bounds (for tests)

    /// Operations not yet closed.
    var openOperations: Int { tracker.openOperations }
    /// Attempts and pending starts stored in open operations.
    var storedAttempts: Int { tracker.storedItems }
    /// Install clocks kept for the idle sweep.
    var storedInstallClocks: Int { tracker.storedInstallClocks }
}

/// The attempts of one operation (`operation.id` on one install), collected until the chain is closed.
struct OperationChain: Sendable {
    struct Attempt: Sendable {
        var number: Int
        var kind: String
        var outcome: String
        var start: Int64
        var end: Int64
        var retryAfterSeconds: Double?
    }

    let installID: String
    let operationID: String
    var attempts: [Attempt] = []
    /// Start times from `acquisition.start` events, by attempt number, for attempts not yet ended. Nearly always
    /// zero or one entry, so an array (no hashing, no allocation when empty) rather than a dictionary.
    var pendingStarts: [(attempt: Int, time: Int64)] = []

    /// Remembers when `attempt` started. Past `ReportBounds.pendingStartsPerOperation` starts without an end, the
    /// oldest is forgotten (its attempt, if it ends, starts `duration_ms` before its end): a loop of starts without
    /// ends costs neither memory nor a search through thousands of entries.
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
    var lastSeen: Int64 = 0

    /// Attempts and pending starts held, which `ReportBuilder` bounds over all open chains.
    var storedItems: Int { attempts.count + pendingStarts.count }

    /// Chains longer than this keep counting without storing more attempts, so a runaway loop cannot exhaust memory.
    static let storedAttempts = 10_000
}

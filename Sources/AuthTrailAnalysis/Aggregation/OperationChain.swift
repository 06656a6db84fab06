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
    /// Start times from `acquisition.start` events, by attempt number, for attempts not yet ended.
    var pendingStarts: [Int: Int64] = [:]
    var lastSeen: Int64 = 0

    /// Chains longer than this keep counting without storing more attempts, so a runaway loop cannot exhaust memory.
    static let storedAttempts = 10_000
}

package import Foundation

/// The bounded hand-off between any number of recording threads and the one writer thread.
///
/// `enqueue` takes a lock, appends to an array and returns: no I/O, no allocation in the steady state (the writer hands
/// back its drained array, capacity kept), no waiting. When the memory cap is reached the event is dropped and counted;
/// lower severities hit their share of the cap first, so an error still gets in when debug chatter fills the queue.
///
/// The lock is an `NSCondition` so the writer can sleep on it; a recording thread signals it only when the writer has
/// something urgent (an error event, a full batch, a flush request) or is parked with nothing to do.
package final class EventQueue: @unchecked Sendable {
    // @unchecked: every stored property is only touched with `condition` held.
    private let condition = NSCondition()
    private var events: [TrailEvent] = []
    private var queuedBytes = 0
    private var unreportedDrops: [Severity: Int] = [:]
    private var flushRequested = 0
    private var flushCompleted = 0
    private var closeRequested = 0
    private var closeCompleted = 0
    private var stopping = false
    private var writerParked = false
    private var health = TrailHealth()

    private let memoryLimitBytes: Int
    private let wakeBytes: Int

    /// What the writer takes in one go.
    package struct Batch {
        package var events: [TrailEvent]
        package var drops: [Severity: Int]
        /// Flush requests up to this number are answered once the batch is flushed.
        package var flushGeneration: Int
        package var closeGeneration: Int
        package var stopping: Bool
        /// True when a flush or a close was asked for and not yet answered.
        package var flushPending: Bool
        package var closePending: Bool
        /// Flush and close requests made so far, all together.
        package var requests: Int { flushGeneration + closeGeneration }
    }

    package init(memoryLimitBytes: Int, wakeBytes: Int) {
        self.memoryLimitBytes = max(memoryLimitBytes, 4096)
        self.wakeBytes = max(1, min(wakeBytes, memoryLimitBytes / 4))
        events.reserveCapacity(1024)
    }

    // MARK: Recording threads

    /// Queues `event`, or drops and counts it when its severity's share of the memory cap is used up.
    /// - Returns: whether the event was queued.
    @discardableResult
    package func enqueue(_ event: TrailEvent) -> Bool {
        let size = Self.estimatedBytes(event)
        let limit = Self.share(of: memoryLimitBytes, for: event.severity)
        condition.lock()
        defer { condition.unlock() }
        if stopping || queuedBytes + size > limit {
            unreportedDrops[event.severity, default: 0] += 1
            health.droppedBySeverity[event.severity, default: 0] += 1
            return false
        }
        events.append(event)
        queuedBytes += size
        if writerParked || event.severity >= .error || (queuedBytes >= wakeBytes && queuedBytes - size < wakeBytes) {
            writerParked = false
            condition.signal()
        }
        return true
    }

    /// Asks the writer to flush everything queued so far and waits until it has, or until `timeout`.
    package func flush(timeout: Duration) -> Bool { request(\.flushRequested, answeredBy: \.flushCompleted, timeout: timeout) }

    /// Asks the writer to flush and close the active segment and waits until it has, or until `timeout`.
    package func close(timeout: Duration) -> Bool { request(\.closeRequested, answeredBy: \.closeCompleted, timeout: timeout) }

    /// `flush(timeout:)` without blocking the caller's thread: the wait happens on a short-lived thread of its own, so
    /// neither the main thread nor a shared pool (Swift's cooperative threads, Dispatch's) waits, and the timeout
    /// holds however busy those are.
    package func flush(timeout: Duration) async -> Bool { await waitOnOwnThread { $0.flush(timeout: timeout) } }

    /// `close(timeout:)` without blocking the caller's thread.
    package func close(timeout: Duration) async -> Bool { await waitOnOwnThread { $0.close(timeout: timeout) } }

    private func waitOnOwnThread(_ wait: @escaping @Sendable (EventQueue) -> Bool) async -> Bool {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: wait(self)) }
            thread.name = "AuthTrail flush"
            thread.start()
        }
    }

    private func request(
        _ requested: ReferenceWritableKeyPath<EventQueue, Int>, answeredBy completed: KeyPath<EventQueue, Int>,
        timeout: Duration
    ) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout.seconds)
        condition.lock()
        defer { condition.unlock() }
        self[keyPath: requested] += 1
        let generation = self[keyPath: requested]
        writerParked = false
        condition.broadcast()
        while self[keyPath: completed] < generation {
            if stopping || !condition.wait(until: deadline) { return self[keyPath: completed] >= generation }
        }
        return true
    }

    /// Tells the writer to close its segment and end; later events are dropped.
    package func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        condition.unlock()
    }

    package var currentHealth: TrailHealth {
        condition.lock()
        defer { condition.unlock() }
        return health
    }

    // MARK: The writer thread

    /// Waits until there is work (events, drops to report, a flush or close request) or `deadline` passes (nil: until
    /// there is work), then takes the queued events. With `take` false (the writer is backing off) it waits only for
    /// `deadline`, `stop()`, or more than `requestsAfter` flush and close requests, and leaves the events queued.
    package func next(deadline: Date?, take: Bool, requestsAfter: Int? = nil, returning spare: inout [TrailEvent]) -> Batch {
        condition.lock()
        defer { condition.unlock() }
        while !stopping
            && (!take
                ? requestsAfter.map { flushRequested + closeRequested <= $0 } ?? true
                : (flushRequested == flushCompleted && closeRequested == closeCompleted && events.isEmpty
                    && unreportedDrops.isEmpty))
        {
            if let deadline {
                if !condition.wait(until: deadline) { break }
            } else {
                writerParked = true
                condition.wait()
            }
        }
        writerParked = false
        var batch = Batch(
            events: [], drops: [:], flushGeneration: flushRequested, closeGeneration: closeRequested, stopping: stopping,
            flushPending: flushRequested != flushCompleted, closePending: closeRequested != closeCompleted)
        if take {
            spare.removeAll(keepingCapacity: true)
            swap(&events, &spare)
            batch.events = spare
            spare = []
            batch.drops = unreportedDrops
            unreportedDrops = [:]
            queuedBytes = 0
        }
        return batch
    }

    /// Records what the writer did and wakes threads waiting in `flush` or `close`.
    package func report(flushed: Int? = nil, closed: Int? = nil, update: (inout TrailHealth) -> Void) {
        condition.lock()
        defer { condition.unlock() }
        update(&health)
        if let flushed, flushed > flushCompleted { flushCompleted = flushed }
        if let closed, closed > closeCompleted { closeCompleted = closed }
        condition.broadcast()
    }

    // MARK: Sizes

    /// Events of `severity` may fill this much of the cap: lower severities are dropped first.
    package static func share(of limit: Int, for severity: Severity) -> Int {
        switch severity {
        case .trace, .debug: limit / 2
        case .info, .notice: limit / 4 * 3
        case .warning: limit / 10 * 9
        case .error, .critical: limit
        }
    }

    /// A cheap upper estimate of what `event` holds in memory: the struct and its strings' bytes (`utf8.count` is
    /// constant time for native strings).
    package static func estimatedBytes(_ event: TrailEvent) -> Int {
        var bytes = 512 + (event.message?.utf8.count ?? 0)
        for scope in event.scopes { bytes += 16 + scope.utf8.count }
        for (key, value) in event.attributes { bytes += 32 + key.utf8.count + value.utf8.count }
        if let failure = event.failure {
            bytes += 256 + (failure.message?.utf8.count ?? 0) + failure.underlying.count * 64
        }
        return bytes
    }
}

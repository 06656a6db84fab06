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
    /// Between `enterBackground()` and `enterForeground()`: the writer touches no file unless a caller waits in
    /// `flush` or `close`.
    private var inBackground = false
    /// Callers blocked in `flush` or `close` right now. In the background the writer works for them only, and pauses
    /// again once they have returned, answered or timed out.
    private var waitingCallers = 0
    /// `retryNow()` and `enterForeground()` calls: each cuts a backoff short.
    private var retryRequested = 0
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
        /// Flush, close and retry requests made so far, all together.
        package var requests: Int
    }

    /// Why the writer woke (`wait`).
    package struct Wake {
        package var stopping: Bool
        /// Flush, close and retry requests made so far, all together.
        package var requests: Int
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
    package func flush(timeout: Duration) -> Bool {
        request(\.flushRequested, answeredBy: \.flushCompleted, timeout: timeout)
    }

    /// Asks the writer to flush and close the active segment and waits until it has, or until `timeout`.
    package func close(timeout: Duration) -> Bool {
        request(\.closeRequested, answeredBy: \.closeCompleted, timeout: timeout)
    }

    /// `flush(timeout:)` without blocking the caller's thread: the wait happens on a short-lived thread of its own, so
    /// neither the main thread nor a shared pool (Swift's cooperative threads, Dispatch's) waits, and the timeout
    /// holds however busy those are.
    package func flush(timeout: Duration) async -> Bool { await waitOnOwnThread { $0.flush(timeout: timeout) } }

    /// `close(timeout:)` without blocking the caller's thread.
    package func close(timeout: Duration) async -> Bool { await waitOnOwnThread { $0.close(timeout: timeout) } }

    private func waitOnOwnThread(_ wait: @escaping @Sendable (EventQueue) -> Bool) async -> Bool {
        await OwnThread.run(named: "AuthTrail flush") { wait(self) }
    }

    private func request(
        _ requested: ReferenceWritableKeyPath<EventQueue, Int>, answeredBy completed: KeyPath<EventQueue, Int>,
        timeout: Duration
    ) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout.seconds)
        condition.lock()
        waitingCallers += 1
        defer {
            waitingCallers -= 1
            condition.unlock()
        }
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

    /// From now on the writer does no file I/O except for callers waiting in `flush` or `close`.
    package func enterBackground() {
        condition.withLock { inBackground = true }
    }

    /// Lets the writer do what is due (write what was queued meanwhile, seal, rotate) and cuts its backoff short.
    package func enterForeground() {
        condition.lock()
        inBackground = false
        retryRequested += 1
        writerParked = false
        condition.broadcast()
        condition.unlock()
    }

    /// Cuts the writer's backoff short: the next attempt happens now (in the background, once the app is back).
    package func retryNow() {
        condition.lock()
        retryRequested += 1
        writerParked = false
        condition.broadcast()
        condition.unlock()
    }

    /// True in the background when no caller waits for a flush or a close: the writer must stop touching files.
    package var isPaused: Bool {
        condition.withLock { inBackground && waitingCallers == 0 && !stopping }
    }

    package var currentHealth: TrailHealth {
        condition.lock()
        defer { condition.unlock() }
        return health
    }

    // MARK: The writer thread

    /// Waits until the writer may act, then returns without taking anything (`take` does). With `forWork` it waits
    /// for work (events, drops to report, a flush or close request) or `deadline` (nil: for work only); without it
    /// (the writer is backing off) for `deadline` or more than `requestsAfter` flush, close and retry requests.
    /// Paused (`isPaused`), it waits for `enterForeground()`, a waiting `flush` or `close`, or `stop()`, whatever the
    /// deadline: no interval flush, no retry.
    package func wait(deadline: Date?, forWork: Bool, requestsAfter: Int? = nil) -> Wake {
        condition.lock()
        defer { condition.unlock() }
        while !stopping {
            if !(inBackground && waitingCallers == 0) {
                if let deadline, Date() >= deadline { break }
                let due =
                    forWork
                    ? flushRequested != flushCompleted || closeRequested != closeCompleted || !events.isEmpty
                        || !unreportedDrops.isEmpty
                    : requestsAfter.map { requestCount > $0 } ?? false
                if due { break }
                if let deadline {
                    _ = condition.wait(until: deadline)
                    continue
                }
                writerParked = true
            }
            condition.wait()
        }
        writerParked = false
        return Wake(stopping: stopping, requests: requestCount)
    }

    /// Takes the queued events and drops to report, with the requests they answer.
    package func take(returning spare: inout [TrailEvent]) -> Batch {
        condition.lock()
        defer { condition.unlock() }
        var batch = makeBatch()
        spare.removeAll(keepingCapacity: true)
        swap(&events, &spare)
        batch.events = spare
        spare = []
        batch.drops = unreportedDrops
        unreportedDrops = [:]
        queuedBytes = 0
        return batch
    }

    /// `wait` then, with `take`, `take`; without it, the requests only.
    package func next(
        deadline: Date?, take: Bool, requestsAfter: Int? = nil, returning spare: inout [TrailEvent]
    ) -> Batch {
        _ = wait(deadline: deadline, forWork: take, requestsAfter: requestsAfter)
        if take { return self.take(returning: &spare) }
        return condition.withLock { makeBatch() }
    }

    private var requestCount: Int { flushRequested + closeRequested + retryRequested }

    private func makeBatch() -> Batch {
        Batch(
            events: [], drops: [:], flushGeneration: flushRequested, closeGeneration: closeRequested,
            stopping: stopping, flushPending: flushRequested != flushCompleted,
            closePending: closeRequested != closeCompleted,
            requests: requestCount)
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

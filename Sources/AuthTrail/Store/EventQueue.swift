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
    /// Outside the foreground of a process the system may suspend (`ProcessLifecycle`): the writer touches files only
    /// under a background-execution assertion (`leaseHeld`) or for a caller waiting in `flush` or `close`.
    private var inBackground: Bool
    /// The writer may use a background-execution assertion now; `leaseGeneration` tells one from the next, and
    /// `endLeaseCall` ends the one held.
    private var leaseHeld = false
    private var leaseGeneration = 0
    private var endLeaseCall: (@Sendable () -> Void)?
    private let backgroundExecution: BackgroundExecution
    /// The writer is between two `wait`s, working. An assertion the system takes back waits for it to stop, unless it
    /// is taken back on the writer's own thread (`writerThread`), which is then between two steps.
    private var writerBusy = false
    private var writerThread: Thread?
    /// False once the system refused an assertion, until new work arrives: a refused writer does not ask again and
    /// again for the same work.
    private var workSinceRefusal = true
    /// Callers blocked in `flush` or `close` right now. In the background the writer works for them too (the app
    /// holds its own assertion while it waits), and pauses again once they have returned, answered or timed out.
    private var waitingCallers = 0
    /// Whether the writer was paused at the last state change (for `TrailHealth.lastPause`).
    private var wasPaused = false
    /// `enterForeground()` and `protectedData(available: true)` calls: each cuts a backoff short.
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
        /// Paused with work to do: the writer must hold a background-execution assertion before it touches a file.
        package var needsLease = false
    }

    /// - Parameters:
    ///   - startsInBackground: a process that may be suspended starts paused, until the system says it is in the
    ///     foreground (`ProcessLifecycle.startsInBackground`).
    ///   - backgroundExecution: how to ask the system for background time.
    package init(
        memoryLimitBytes: Int, wakeBytes: Int, startsInBackground: Bool = false,
        backgroundExecution: BackgroundExecution = .unlimited
    ) {
        self.backgroundExecution = backgroundExecution
        self.memoryLimitBytes = max(memoryLimitBytes, 4096)
        self.wakeBytes = max(1, min(wakeBytes, memoryLimitBytes / 4))
        inBackground = startsInBackground
        events.reserveCapacity(1024)
        notePause()
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
        if !workSinceRefusal {
            // Refused background time earlier: this is new work, worth asking again (once).
            workSinceRefusal = true
            condition.signal()
        }
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
        notePause()
        defer {
            waitingCallers -= 1
            notePause()
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

    /// The process left the foreground: from now on the writer touches files only under a background-execution
    /// assertion. What was recorded so far is flushed under one at once. Synchronous and idempotent.
    ///
    /// The background time for that flush is asked for here, on the caller's thread, so it exists before a lifecycle
    /// notification returns and the system could suspend the process.
    package func enterBackground() {
        let entered = condition.withLock {
            guard !inBackground else { return false }
            inBackground = true
            // A flush nobody waits for: everything recorded so far becomes decodable before the process can be
            // suspended.
            flushRequested += 1
            workSinceRefusal = true
            writerParked = false
            condition.broadcast()
            notePause()
            return true
        }
        if entered { beginLease(whileWorkIsPending: true) }
    }

    /// The process is in the foreground: the writer does what is due (writes what waited, seals, rotates) without an
    /// assertion, and a backoff is cut short. Synchronous and idempotent.
    package func enterForeground() {
        condition.withLock {
            inBackground = false
            retryRequested += 1
            writerParked = false
            condition.broadcast()
            notePause()
        }
    }

    /// Protected data is about to become unavailable (the device locks; `.complete` files refuse writes within
    /// seconds): what was recorded is flushed now, while it can be. Available again: a refused write is retried at once.
    package func protectedData(available: Bool) {
        condition.withLock {
            if available { retryRequested += 1 } else { flushRequested += 1 }
            workSinceRefusal = true
            writerParked = false
            condition.broadcast()
        }
    }

    /// True when the writer must not touch a file: outside the foreground, with no assertion and no caller waiting.
    package var isPaused: Bool { condition.withLock { isPausedLocked } }

    /// True outside the foreground (paused, or writing under an assertion).
    package var isInBackground: Bool { condition.withLock { inBackground } }

    private var isPausedLocked: Bool { inBackground && !leaseHeld && waitingCallers == 0 && !stopping }

    /// Records the moment the writer pauses, for `TrailHealth`; called after every change of the pause's inputs.
    private func notePause() {
        let paused = isPausedLocked
        if paused && !wasPaused { health.lastPause = Date() }
        wasPaused = paused
    }

    package var currentHealth: TrailHealth {
        condition.lock()
        defer { condition.unlock() }
        var current = health
        current.activity = isPausedLocked ? .paused : .active
        return current
    }

    // MARK: Background-execution assertions

    /// Asks the system for background time without waiting, unless the writer has some: it may touch files until the
    /// time is refused, taken back (`expireLease`) or let go (`endLease`).
    /// - Parameter whileWorkIsPending: only if the writer still has work. The writer lets its time go only after work
    ///   (`StoreWriter.settleBackgroundTime`), so time asked for on another thread after the writer already did the
    ///   work would never end.
    package func beginLease(whileWorkIsPending: Bool = false) {
        let generation: Int? = condition.withLock {
            guard !leaseHeld, !whileWorkIsPending || hasWorkLocked else { return nil }
            leaseGeneration += 1
            leaseHeld = true
            notePause()
            return leaseGeneration
        }
        guard let generation else { return }
        // Outside the lock: a refusal may call back on this very thread.
        let end = backgroundExecution.begin { [weak self] in self?.expireLease(generation: generation) }
        let current = condition.withLock {
            guard leaseHeld, leaseGeneration == generation else { return false }
            endLeaseCall = end
            return true
        }
        if !current { end() }
    }

    /// True while the writer may use background time.
    package var holdsLease: Bool { condition.withLock { leaseHeld } }

    /// The writer is done (it touches no file now): the background time ends.
    package func endLease() {
        let end = condition.withLock {
            leaseHeld = false
            notePause()
            defer { endLeaseCall = nil }
            return endLeaseCall
        }
        end?()
    }

    /// The system refused or takes back assertion `generation`: the writer pauses until new work, a request or the
    /// foreground, and this returns once its file step is over (at most `timeout`), so the assertion never ends with
    /// a lock held.
    package func expireLease(generation: Int, timeout: Duration = .seconds(2)) {
        let deadline = Date(timeIntervalSinceNow: timeout.seconds)
        condition.withLock {
            guard generation == leaseGeneration, leaseHeld else { return }
            leaseHeld = false
            endLeaseCall = nil
            workSinceRefusal = false
            notePause()
            condition.broadcast()
            let onWriterThread = Thread.current === writerThread
            while writerBusy && !onWriterThread, condition.wait(until: deadline) {}
        }
    }

    // MARK: The writer thread

    /// Waits until the writer may act, then returns without taking anything (`take` does). With `forWork` it waits
    /// for work (events, drops to report, a flush or close request) or `deadline` (nil: for work only); without it
    /// (the writer is backing off) for `deadline` or more than `requestsAfter` flush, close and retry requests.
    /// Paused (`isPaused`), it waits for `enterForeground()`, a waiting `flush` or `close`, or `stop()`, whatever the
    /// deadline: no interval flush, no retry.
    ///
    /// Paused, it returns for work (or, backing off, for a new request) with `needsLease` set, unless the system
    /// refused an assertion since the last new work: the writer then asks for background time before it touches a
    /// file. Between two calls the writer counts as busy (`expireLease` waits for it).
    package func wait(deadline: Date?, forWork: Bool, requestsAfter: Int? = nil) -> Wake {
        condition.lock()
        defer { condition.unlock() }
        writerBusy = false
        if writerThread == nil { writerThread = Thread.current }
        condition.broadcast()
        var needsLease = false
        while !stopping {
            let due = forWork ? hasWorkLocked : requestsAfter.map { requestCount > $0 } ?? false
            if isPausedLocked {
                if due && workSinceRefusal {
                    needsLease = true
                    break
                }
                // New work may make it worth asking for background time: `enqueue` wakes a parked writer.
                writerParked = true
            } else {
                if let deadline, Date() >= deadline { break }
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
        writerBusy = !stopping
        return Wake(stopping: stopping, requests: requestCount, needsLease: needsLease)
    }

    /// True when the writer has something to do: events, drops to report, or an unanswered flush or close.
    package var hasWork: Bool { condition.withLock { hasWorkLocked } }

    private var hasWorkLocked: Bool {
        flushRequested != flushCompleted || closeRequested != closeCompleted || !events.isEmpty
            || !unreportedDrops.isEmpty
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

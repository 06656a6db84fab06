import Foundation

/// The writer thread: loads the install identity, takes batches from the `EventQueue`, redacts, serializes, compresses
/// and writes them, flushes by policy, rotates segments, applies retention, seals torn segments, and backs off and
/// retries when writing fails.
///
/// Until the identity can be read (before the first unlock, the key store or the folder may refuse), events stay in
/// the queue within its cap and the writer retries with backoff: `Trail.init` never waits for the disk.
///
/// Everything here runs on one thread, so it needs no lock; what other threads see goes through `queue.report` and
/// `published`.
package final class StoreWriter {
    let queue: EventQueue
    let configuration: TrailConfiguration
    var identity: InstallIdentity?
    var redactor: Redactor?
    /// For events whose source flagged PII: the strictest level.
    private var strictRedactor: Redactor?
    private let published: Locked<InstallIdentity?>
    private let directory: SegmentDirectory
    var segment: SegmentWriter?
    private var encoder = JSONLineWriter()
    private var sequence = 0
    var segmentSequence = 0
    /// When the active segment was opened (its rotation age counts from here).
    private var segmentOpenedAt = Date()
    /// The active segment's `segment.created_at`: no event it holds is earlier (see `openSegment`).
    private var segmentStart = Date()
    /// The time in the last segment's file name: the next is named no earlier, so names sort in creation order
    /// (retention deletes the first names first) even when a segment starts earlier than the one before it.
    private var lastNamedAt: Date?
    private var lastFlush = Date()
    var retryAt: Date?
    private var backoff: Double = 0
    var droppedToReport: [Severity: Int] = [:]
    private var spare: [TrailEvent] = []
    /// Events taken from the queue that could not be written yet (no segment could be opened).
    var held: [TrailEvent] = []
    /// Flush and close requests seen while backing off; a new one cuts the backoff short.
    private var requestsSeen = 0
    private var sealedAtStart = false
    /// Tries to load the identity that the Keychain refused: unknown statuses (and -34018 in the background) fall
    /// back to the file store after a few. An install id the locked device refused is not one of them.
    private var keychainRefusals = 0
    private let mirror: UnifiedLogMirror?
    /// The app's set-up, read for the first segment (`.some(nil)`: nothing to record).
    var observedConfiguration: RecordedAppConfiguration??
    /// The lines of events a segment taken from this writer had not made durable: written first into the next one.
    private var carried: [(lines: [UInt8], events: Int)] = []
    /// How long an extension's writer keeps its background time when it has nothing left to write, waiting for more,
    /// before it seals its segment and lets the process be suspended.
    static let extensionLinger = 0.5

    /// Uncompressed bytes serialized before they are handed to the compressor: zstd's block size, or the rotation
    /// size when that is smaller (a segment overshoots its rotation size by at most one chunk's output). Against
    /// 32 KiB, a quarter of the hand-offs and wake-ups between the two threads lifted writer throughput from 0.78-0.96
    /// to 0.89-1.20 of `zstd -3` (docs/BENCHMARKS.md), for about half a MiB of buffers.
    private let chunkBytes: Int
    static let firstBackoff = 0.05
    static let longestBackoff = 30.0

    /// - Parameters:
    ///   - identity: the install identity when the caller already has it (benchmarks); nil to load it on the thread.
    ///   - published: where the identity is published for other threads once loaded.
    package init(
        queue: EventQueue, configuration: TrailConfiguration, identity: InstallIdentity? = nil,
        published: Locked<InstallIdentity?> = Locked(nil)
    ) {
        self.queue = queue
        self.configuration = configuration
        self.published = published
        directory = SegmentDirectory(path: configuration.directory.path, protection: configuration.fileProtection)
        chunkBytes = min(128 << 10, max(4 << 10, configuration.rotation.maxSegmentBytes))
        mirror = configuration.mirrorsToUnifiedLog ? UnifiedLogMirror() : nil
        if let identity { adopt(identity) }
    }

    // Internal only so `start` (StoreWriter+Thread.swift) can hand it to the thread; nothing else calls it.
    func run() {
        while true {
            settleBackgroundTime()
            let backingOff = retryAt.map { Date() < $0 } ?? false
            // In the background (`EventQueue.isPaused`) this waits until the app is back or a caller waits for a flush
            // or a shutdown: nothing below touches a file before it returns.
            let wake = queue.wait(
                deadline: nextDeadline(backingOff: backingOff), forWork: !backingOff,
                requestsAfter: backingOff ? requestsSeen : nil)
            if wake.stopping {
                finish(queue.take(returning: &spare))
                return
            }
            // Outside the foreground nothing below touches a file without background time.
            if wake.needsLease {
                queue.beginLease()
                if queue.isPaused { continue }
            }
            if backingOff {
                // A flush, shutdown or retry asked for during a backoff is tried at once, not when the backoff ends.
                if wake.requests > requestsSeen {
                    requestsSeen = wake.requests
                    retryAt = Date()
                }
                continue
            }
            // This attempt serves every request made so far; one that fails waits for a newer request or its backoff.
            requestsSeen = wake.requests
            guard identity != nil || loadIdentity() else { continue }
            if !sealedAtStart {
                // A crashed process's torn segments are sealed at start, off the app's thread, before anything is
                // written.
                sealedAtStart = true
                announceSealed(directory.sealTornSegments(active: nil, while: { !queue.isPaused }))
            }
            // Bytes a refused write left are written before more events are taken: meanwhile events wait in the queue,
            // within its cap.
            guard retryUnwritten() else { continue }
            let batch = queue.take(returning: &spare)
            requestsSeen = batch.requests
            process(consume batch)
        }
    }

    /// Creates the folder and reads (or creates) the install id and key. On failure, schedules a retry.
    private func loadIdentity() -> Bool {
        do {
            let path = configuration.directory.path
            try SystemCalls.makeDirectory(path, mode: 0o700)
            try? SystemCalls.setMode(path, 0o700)
            SystemCalls.applyProtection(configuration.fileProtection, to: path)
            adopt(
                try InstallIdentity.loadOrCreate(
                    in: path, keyStore: configuration.keyStore, protection: configuration.fileProtection,
                    attempt: keychainRefusals + 1, inBackground: queue.isInBackground))
            resumeWriting()
            return true
        } catch {
            if error is KeychainFailure { keychainRefusals += 1 }
            fail(error)
            return false
        }
    }

    private func adopt(_ identity: InstallIdentity) {
        self.identity = identity
        let redactor = Redactor(
            level: configuration.redactionLevel, key: identity.key, rules: configuration.redactionRules)
        self.redactor = redactor
        var strict = redactor
        strict.level = .maskAllPII
        strictRedactor = strict
        published.withLock { $0 = identity }
        queue.report {
            $0.keyStore = identity.keySource
            $0.recordedKeyID = identity.recordedKeyID
        }
    }

    /// Tells the app (`TrailConfiguration.onSegmentSealed`) about segments that will not change again.
    private func announceSealed(_ names: [String]) {
        guard let onSegmentSealed = configuration.onSegmentSealed else { return }
        for name in names { onSegmentSealed(configuration.directory.appendingPathComponent(name)) }
    }

    /// When the writer must wake without being asked: the end of a backoff, or an interval flush.
    private func nextDeadline(backingOff: Bool) -> Date? {
        if backingOff { return retryAt }
        // A retry is due: go at once (events may be held from the failed attempt).
        if retryAt != nil { return Date() }
        guard let segment, segment.hasUnflushed else { return nil }
        return lastFlush.addingTimeInterval(configuration.flushInterval.seconds)
    }

    private func process(_ batch: consuming EventQueue.Batch) {
        for (severity, count) in batch.drops { droppedToReport[severity, default: 0] += count }
        // Taken out of the batch, so redacting in place does not copy the array.
        var events = batch.events
        batch.events = []
        if !held.isEmpty {
            events.insert(contentsOf: held, at: 0)
            held = []
        }
        defer {
            events.removeAll(keepingCapacity: true)
            spare = events
        }
        // A due retry reopens at once, so health says `writing` again as soon as the disk allows.
        if retryAt != nil && segment == nil { _ = ensureSegment() }
        // Outside the foreground every batch is made durable at once: the process may be suspended (and ended) as soon
        // as the writer lets its background time go.
        var flushNow = batch.flushPending || batch.closePending || queue.isInBackground
        var appended = 0
        var failed = false
        var paused = false
        do {
            // An event recorded before the active segment opened but queued after (a thread stamped it, then lost the
            // processor; or the app passed an earlier time) would be earlier than the segment's start, which readers
            // rely on (docs/REPORT-JSON.md, "Order"): it starts a new segment instead, stamped no later than it.
            if segment != nil, !queue.isPaused, let earliest = Self.earliestWrittenTime(of: events[...]),
                earliest < Self.writtenMilliseconds(segmentStart)
            {
                try closeSegment()
            }
            // Events are serialized into chunks of about `chunkBytes` and each chunk is compressed in one call:
            // libzstd's per-call cost is then paid per chunk instead of per event.
            while appended < events.count {
                // A background flush whose caller gave up: stop at this chunk, keep the rest for later.
                if queue.isPaused {
                    paused = true
                    break
                }
                guard let segment = ensureSegment(holding: events[appended...]) else { break }
                encoder.removeAll()
                let next = serializeChunk(of: &events, from: appended, flushNow: &flushNow)
                try encoder.withBytes { lines throws(ZstdError) in
                    try segment.append(lines: lines, count: next - appended)
                }
                appended = next
                let written = try segment.writeFlushed()
                if written > 0 { queue.report { $0.eventsWritten += written } }
                if segment.compressedSize >= configuration.rotation.maxSegmentBytes { try closeSegment() }
            }
            if !paused, !droppedToReport.isEmpty, let segment = ensureSegment() {
                try append(droppedEvent(), to: segment)
                droppedToReport = [:]
            }
            if !paused, segment != nil {
                let intervalDue = Date().timeIntervalSince(lastFlush) >= configuration.flushInterval.seconds
                if flushNow || intervalDue { try flush() }
                // `shutdown()` makes the closed segment durable whatever `synchronizeOnFlush` says.
                if batch.closePending { try closeSegment(durable: true) }
            }
        } catch let taken as SegmentTaken {
            failed = true
            segmentTaken(taken)
        } catch {
            failed = true
            fail(error)
        }
        failed = failed || paused || retryAt != nil
        hold(events[appended...])
        queue.report(
            flushed: !failed && flushNow ? batch.flushGeneration : nil,
            closed: !failed && batch.closePending ? batch.closeGeneration : nil
        ) { _ in }
    }

    /// Redacts and serializes `events[start...]` into `encoder` until about `chunkBytes` are written; returns the index
    /// after the last event serialized.
    private func serializeChunk(of events: inout [TrailEvent], from start: Int, flushNow: inout Bool) -> Int {
        // Only called once the identity is loaded (`run` takes no batch before).
        guard let installID = identity?.installID, let redactor, let strictRedactor else { return start }
        return events.withUnsafeMutableBufferPointer { events in
            var next = start
            repeat {
                sequence += 1
                // A held event may be redacted again on retry, which changes nothing.
                let event = events.baseAddress! + next
                let context = EventContext(installID: installID, sequence: sequence)
                Self.serialize(
                    &event.pointee, redactor: event.pointee.redactsStrictly ? strictRedactor : redactor,
                    into: &encoder, context: context)
                mirror?.log(event.pointee)
                if event.pointee.severity >= .error { flushNow = true }
                next += 1
            } while next < events.count && encoder.count < chunkBytes
            return next
        }
    }

    /// Through an `inout` parameter the event is known not to change during `encode`; borrowed straight from the
    /// array, the compiler copied it with a retain and a release of every field (a tenth of the writer thread's time).
    private static func serialize(
        _ event: inout TrailEvent, redactor: Redactor, into encoder: inout JSONLineWriter, context: EventContext
    ) {
        redactor.redact(&event)
        event.encode(into: &encoder, context: context)
    }

    /// The active segment, opening one if needed for `pending`, the events about to be written; nil when that failed (a
    /// retry is scheduled).
    private func ensureSegment(holding pending: ArraySlice<TrailEvent> = []) -> SegmentWriter? {
        if let segment {
            let age = configuration.clock.now().timeIntervalSince(segmentOpenedAt)
            // A close a refused write interrupted is finished before anything else.
            guard segment.isClosing || age >= configuration.rotation.maxSegmentAge.seconds else { return segment }
            do { try closeSegment() } catch {
                fail(error)
                return nil
            }
        }
        guard retryAt.map({ Date() >= $0 }) ?? true else { return nil }
        return openSegment(holding: pending) ? segment : nil
    }

    /// Appends one of the store's own events (not counted as an app event).
    private func append(_ event: TrailEvent, to segment: SegmentWriter) throws {
        sequence += 1
        encoder.removeAll()
        event.encode(into: &encoder, context: EventContext(installID: identity?.installID ?? "", sequence: sequence))
        try encoder.withBytes { lines throws(ZstdError) in try segment.append(lines: lines, count: 0) }
    }

    private func flush() throws {
        guard let segment else { return }
        let written = try segment.flush(durable: configuration.synchronizeOnFlush)
        lastFlush = Date()
        if segment.isReplaced, (try? SystemCalls.status(path: segment.path)) == nil {
            // Someone deleted the file (or the folder): what it held is gone.
            self.segment = nil
            let gone = segment.eventCount
            _ = segment.abandon()
            queue.report {
                $0.eventsWritten += written - gone
                $0.eventsLost += gone
                $0.lastError = "\(segment.path): deleted while open"
                $0.failures += 1
            }
            return
        }
        queue.report { $0.eventsWritten += written }
    }

    /// Ends the active segment cleanly (frame end and seal); the next event opens a new one.
    func closeSegment(durable: Bool? = nil) throws {
        guard let current = segment else { return }
        let written = try current.close(durable: durable ?? configuration.synchronizeOnFlush)
        segment = nil
        lastFlush = Date()
        queue.report { $0.eventsWritten += written }
        announceSealed([(current.path as NSString).lastPathComponent])
    }

    /// The active segment was deleted, or sealed or held by another process, between two writes. What was not yet
    /// durable is still in memory and is written again into the next segment, which opens at once; what was flushed
    /// is lost only if the file was deleted, else it is in the file that remains.
    private func segmentTaken(_ taken: SegmentTaken) {
        guard let segment else { return }
        let unflushed = segment.abandon()
        let retained = segment.takeRetained()
        carried += retained
        let flushed = segment.eventCount - unflushed
        self.segment = nil
        retryAt = Date()
        queue.report {
            if taken.deleted {
                $0.eventsWritten -= flushed
                $0.eventsLost += flushed
            }
            $0.eventsLost += unflushed - retained.reduce(0) { $0 + $1.events }
            $0.failures += 1
            $0.lastError = taken.description
        }
    }

    /// Opens the next segment for `pending` after sealing torn ones and applying retention. On failure, schedules a
    /// retry.
    ///
    /// `segment.created_at` (and the `segment.start` line, which carries it) is the earliest of the opening time and
    /// `pending`'s times, so no event in the segment is earlier than its start. The file name carries the same time,
    /// or the previous segment's when that is later (a clock set back): names stay in creation order.
    @discardableResult
    private func openSegment(holding pending: ArraySlice<TrailEvent>) -> Bool {
        do {
            let path = configuration.directory.path
            // Paused (background time taken back), no file is created: the events wait for the next attempt.
            guard !queue.isPaused else { return false }
            try SystemCalls.makeDirectory(path, mode: 0o700)
            announceSealed(directory.sealTornSegments(active: nil, while: { !queue.isPaused }))
            guard !queue.isPaused else { return false }
            let now = configuration.clock.now()
            let start = Self.start(now: now, holding: pending)
            let metadata = nextMetadata(createdAt: start)
            SystemCalls.applyProtection(configuration.fileProtection, to: path)
            let namedAt = max(start, lastNamedAt ?? start)
            let writer = try SegmentWriter(
                directory: path, metadata: metadata, compressionLevel: Int32(clamping: configuration.compressionLevel),
                flushBytes: configuration.flushBufferBytes, protection: configuration.fileProtection,
                namedAt: Timestamp.string(namedAt))
            lastNamedAt = namedAt
            segment = writer
            segmentOpenedAt = now
            segmentStart = start
            lastFlush = Date()
            try append(metadata.startEvent(at: start), to: writer)
            if let setup = appConfigurationEvent(at: start) { try append(setup, to: writer) }
            for chunk in carried { try writer.append(lines: chunk.lines, count: chunk.events) }
            carried = []
            if !queue.isPaused {
                _ = try? directory.applyRetention(
                    configuration.retention, active: writer.path, now: now, while: { !queue.isPaused })
            }
            resumeWriting()
            return true
        } catch {
            fail(error)
            return false
        }
    }

    /// A step that had failed went through: no retry is pending, and health says `writing` again.
    private func resumeWriting() {
        retryAt = nil
        backoff = 0
        queue.report { $0.status = .writing }
    }

    /// Writes what a refused write left in the active segment (finishing its close if one was under way). False when
    /// that failed again (a retry is scheduled) or the segment had to be given up.
    private func retryUnwritten() -> Bool {
        guard let segment, segment.hasUnwritten else { return true }
        do {
            if segment.isClosing { try closeSegment() } else { try flush() }
            resumeWriting()
            return true
        } catch let taken as SegmentTaken {
            segmentTaken(taken)
        } catch {
            fail(error)
        }
        return false
    }

    /// Schedules a retry with exponential backoff. A write the data protection refused (a locked device: EPERM,
    /// EACCES, or EIO on a protected file, as some devices answer) keeps the active segment and its unwritten bytes:
    /// the file is as the last good write left it and takes them once the device unlocks, so nothing is lost and no
    /// new segment opens per lock. Any other failure (full disk, size limit, I/O error on an unprotected file) may
    /// not lift for this file: the segment is given up and its unflushed events lost.
    func fail(_ error: any Error) {
        var lost = 0
        if let segment, !(isRefused(error) && segment.canRetry) {
            lost = segment.abandon()
            self.segment = nil
        }
        backoff = backoff == 0 ? Self.firstBackoff : min(backoff * 2, Self.longestBackoff)
        retryAt = Date().addingTimeInterval(backoff)
        queue.report {
            $0.status = .retrying
            $0.failures += 1
            $0.eventsLost += lost
            $0.lastError = String(describing: error)
        }
    }

    private func isRefused(_ error: any Error) -> Bool {
        guard let error = error as? SystemError else { return false }
        return Self.isRefusedWrite(errno: error.errno, protection: configuration.fileProtection)
    }

    /// Whether a write that failed with `errno` is the data protection refusing it (a locked device), which passes:
    /// EPERM and EACCES, and EIO on a protected file, as some devices answer.
    package static func isRefusedWrite(errno: Int32, protection: FileProtection) -> Bool {
        errno == EPERM || errno == EACCES || (errno == EIO && protection != .none)
    }

    /// Keeps events that could not be written yet for the next attempt, up to the memory cap; the rest are lost.
    private func hold(_ events: ArraySlice<TrailEvent>) {
        var bytes = 0
        var kept = 0
        for event in events {
            bytes += EventQueue.estimatedBytes(event)
            if bytes > configuration.memoryLimitBytes { break }
            kept += 1
        }
        held = Array(events.prefix(kept))
        lose(events.count - kept)
    }

    private func lose(_ count: Int) {
        guard count > 0 else { return }
        queue.report { $0.eventsLost += count }
    }

    /// Stop: write what is queued, close the segment, answer waiting callers. Outside the foreground, under background
    /// time if the system grants it.
    private func finish(_ batch: EventQueue.Batch) {
        if queue.isInBackground { queue.beginLease() }
        defer { queue.endLease() }
        var closing = batch
        closing.closePending = true
        if identity != nil && (retryAt.map({ Date() >= $0 }) ?? true) {
            process(closing)
        } else {
            lose(batch.events.count)
        }
        lose(held.count)
        held = []
        if let segment {
            if (try? segment.close(durable: true)) != nil {
                announceSealed([(segment.path as NSString).lastPathComponent])
            } else {
                lose(segment.abandon())
            }
            self.segment = nil
        }
        queue.report(flushed: batch.flushGeneration, closed: batch.closeGeneration) { _ in }
    }
}

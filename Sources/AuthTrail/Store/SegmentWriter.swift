import Foundation

/// Writes one segment file: a skippable metadata frame, then NDJSON events in long zstd frames, then (on a clean
/// close) a seal.
///
/// Files are named `authtrail-<UTC time>-<pid>-<sequence>.jsonl.zst` and created with mode 0600. The file is first
/// created under a hidden temporary name, locked (`flock`) and given its metadata frame, then linked to its final name.
///
/// The lock is held only while bytes are written, never between writes: iOS kills a suspended app that holds a file
/// lock in an App Group container (`0xdead10cc`), and an app can be suspended at any moment. Other processes tell a
/// live segment by its writer's process id and last write (`SegmentDirectory`); should one of them still seal or
/// delete it, the next write sees that the path no longer names this file and throws `SegmentTaken`, and the writer
/// opens a new segment.
package final class SegmentWriter {
    /// The segments this process's writers have open: another `Trail` of the same process on the same folder must
    /// not take them for abandoned ones.
    package static let openInThisProcess = Locked<Set<String>>([])

    package let path: String
    package let metadata: SegmentMetadata
    private let descriptor: Int32
    /// The file this writer created: a path that names another file (or none) means someone replaced it.
    private let identity: FileIdentity
    private let compressor: CompressionWorker
    private var closed = false
    /// Compressed bytes on disk that decode completely (the file is cut back to this after a failed write).
    package private(set) var bytesWritten = 0
    /// App events appended so far (the store's own lines not counted).
    package private(set) var eventCount = 0
    /// App events appended and not yet written as decodable bytes: lost if the next write fails.
    package private(set) var unflushedEventCount = 0
    /// Compressed bytes a refused write could not put in the file, written first by the next write. Kept rather than
    /// re-serializing the events: the compressor's stream already moved past them, and this costs no more memory than
    /// one flush's output (the writer takes no new events while some are waiting).
    private var unwritten: [UInt8] = []
    /// The lines of the app events appended and not yet durable, with their counts, oldest first: what the writer
    /// writes again into its next segment when this file is taken from it (`takeRetained`). The compressor reports
    /// durable events a whole chunk at a time, so whole chunks are released. At most one flush's worth of input.
    private var retained: [(lines: [UInt8], events: Int)] = []
    /// True when `close` produced the frame end and seal but could not write them yet: `close` again finishes it.
    package private(set) var isClosing = false
    /// False once a failed write may have left bytes past `bytesWritten` that could not be cut off: appending after
    /// them would corrupt the file, so it must not be retried.
    package private(set) var isIntact = true
    /// True when the next write starts with bytes a failed write left.
    package var hasUnwritten: Bool { !unwritten.isEmpty }
    /// Whether a failed write can be retried on this file.
    package var canRetry: Bool { !closed && isIntact }
    /// True when something was appended since the last flush.
    package var hasUnflushed: Bool { unflushedEventCount > 0 || !unwritten.isEmpty || compressor.hasUnflushedInput }
    /// Compressed bytes written plus those waiting for the next flush: what rotation compares with its limit (the
    /// chunk being compressed is not counted yet).
    package var compressedSize: Int { bytesWritten + unwritten.count + compressor.outputCount }

    /// Creates the file and writes the metadata frame.
    /// - Parameters:
    ///   - frameContentLimit: a frame ends after this many uncompressed bytes, bounding what a reader holds back for
    ///     checksum verification.
    ///   - flushBytes: the compressor flushes on its own after this many uncompressed bytes (`writeFlushed` writes
    ///     what it produced).
    ///   - namedAt: the time in the file name (`metadata.createdAt` when nil). Names sort in creation order, which
    ///     retention relies on; a segment that starts earlier than one made before it is named no earlier than that.
    package init(
        directory: String, metadata: SegmentMetadata, compressionLevel: Int32, frameContentLimit: Int = 1 << 20,
        flushBytes: Int = 256 << 10, protection: FileProtection = .none, namedAt: String? = nil
    ) throws {
        let name = Self.fileName(
            createdAt: namedAt ?? metadata.createdAt, processID: metadata.processID, sequence: metadata.segmentSequence)
        path = "\(directory)/\(name)"
        self.metadata = metadata
        let temporary = "\(directory)/.\(name).\(UUID().uuidString).tmp"
        descriptor = try SystemCalls.open(
            temporary, write: true, create: true, exclusive: true, append: true, mode: 0o600)
        SystemCalls.applyProtection(protection, to: temporary)
        do {
            defer { SystemCalls.unlink(temporary) }
            compressor = try CompressionWorker(
                level: compressionLevel, frameContentLimit: frameContentLimit, flushBytes: flushBytes)
            _ = try SystemCalls.tryLockExclusive(descriptor)
            let header = SkippableFrame.encode(metadata.jsonBytes())
            try SystemCalls.writeAll(descriptor, header)
            bytesWritten = header.count
            try SystemCalls.link(temporary, to: path)
            identity = try SystemCalls.status(descriptor).identity
            Self.openInThisProcess.withLock { _ = $0.insert(path) }
            SystemCalls.unlock(descriptor)
        } catch {
            SystemCalls.close(descriptor)
            throw error
        }
    }

    deinit {
        compressor.stop()
        if !closed {
            SystemCalls.close(descriptor)
            Self.openInThisProcess.withLock { _ = $0.remove(path) }
        }
    }

    /// `authtrail-20261122T215658.123Z-4711-000001.jsonl.zst`: sorts by time, then process, then sequence.
    package static func fileName(createdAt: String, processID: Int, sequence: Int) -> String {
        let compact = createdAt.replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: "")
        let paddedSequence = String(repeating: "0", count: max(0, 6 - String(sequence).count)) + String(sequence)
        return "authtrail-\(compact)-\(processID)-\(paddedSequence).jsonl.zst"
    }

    /// Hands serialized event lines to the compressor thread; nothing reaches the file until `flush`.
    /// - Parameter count: how many of the lines are app events (the store's own lines are not counted).
    package func append(lines: UnsafeRawBufferPointer, count: Int) throws(ZstdError) {
        try compressor.submit(lines, events: count)
        eventCount += count
        unflushedEventCount += count
        if count > 0 { retained.append((Array(lines), count)) }
    }

    /// Writes what the compressor has flushed on its own so far, without waiting for it.
    /// - Returns: the app events this made durable.
    package func writeFlushed() throws -> Int {
        let (bytes, events) = try compressor.takeFlushed()
        try writePending(bytes)
        unflushedEventCount -= events
        release(events)
        return events
    }

    /// The lines of the events that never became durable in this file, once it was given up (`abandon`), oldest
    /// first, with their counts.
    package func takeRetained() -> [(lines: [UInt8], events: Int)] {
        defer { retained = [] }
        return retained
    }

    private func release(_ events: Int) {
        var left = events
        while let first = retained.first, first.events <= left {
            left -= first.events
            retained.removeFirst()
        }
    }

    /// `append(lines:count:)` for lines held in an array.
    package func append(lines: [UInt8], count: Int) throws(ZstdError) {
        let result = lines.withUnsafeBytes { buffer in
            Result { () throws(ZstdError) in try append(lines: buffer, count: count) }
        }
        try result.get()
    }

    /// Makes every appended event decodable from the file alone, without ending the frame.
    /// - Parameter durable: also fsync, so the events survive a power loss, not only a crash.
    /// - Returns: the app events this flush made durable.
    @discardableResult
    package func flush(durable: Bool) throws -> Int {
        if isClosing {
            try writePending([], durable: durable)
            return releaseAll()
        }
        try writePending(
            compressor.drain { compressor, output throws(ZstdError) in try compressor.flush(into: &output) },
            durable: durable)
        return releaseAll()
    }

    /// Ends the frame, writes it and the seal, and closes the file.
    /// - Returns: the app events this close made durable.
    @discardableResult
    package func close(durable: Bool) throws -> Int {
        guard !closed else { return 0 }
        var pending: [UInt8] = []
        if !isClosing {
            pending = try compressor.drain { compressor, output throws(ZstdError) in
                try compressor.endFrame(into: &output)
            }
            pending += SegmentSeal.clean
            isClosing = true
        }
        try writePending(pending, durable: durable)
        markClosed()
        SystemCalls.close(descriptor)
        compressor.stop()
        return releaseAll()
    }

    /// Gives up on the file after a failed write: cuts it back to its last decodable byte and closes it; no longer open
    /// in this process, it is sealed by the next segment opening. Returns the app events that were not flushed.
    package func abandon() -> Int {
        guard !closed else { return 0 }
        if (try? lockForWriting()) != nil {
            try? SystemCalls.truncate(descriptor, to: bytesWritten)
            SystemCalls.unlock(descriptor)
        }
        markClosed()
        SystemCalls.close(descriptor)
        compressor.stop()
        return takeUnflushed()
    }

    /// True when the path no longer names this file: it was deleted, or replaced (sealed by another process).
    package var isReplaced: Bool {
        guard let status = try? SystemCalls.status(descriptor), status.links > 0,
            let current = try? SystemCalls.status(path: path)
        else { return true }
        return current.identity != identity
    }

    private func markClosed() {
        closed = true
        Self.openInThisProcess.withLock { _ = $0.remove(path) }
    }

    private func takeUnflushed() -> Int {
        defer { unflushedEventCount = 0 }
        return unflushedEventCount
    }

    /// Everything appended is durable now.
    private func releaseAll() -> Int {
        retained.removeAll()
        return takeUnflushed()
    }

    /// Writes what an earlier write left, then `pending`, under the file's lock, taken for this write only. On failure
    /// the bytes are kept for the next write.
    private func writePending(_ pending: [UInt8], durable: Bool = false) throws {
        // In the steady state nothing is left over and `pending` is written as it is, without a copy.
        if unwritten.isEmpty { unwritten = pending } else { unwritten += pending }
        guard !unwritten.isEmpty || durable else { return }
        try lockForWriting()
        do {
            defer { SystemCalls.unlock(descriptor) }
            do {
                try SystemCalls.writeAll(descriptor, unwritten)
            } catch {
                // A short write left part of a block in the file: cut it off so the file ends at a decodable point.
                try? SystemCalls.truncate(descriptor, to: bytesWritten)
                isIntact = (try? SystemCalls.status(descriptor).size) == bytesWritten
                throw error
            }
        }
        bytesWritten += unwritten.count
        unwritten.removeAll()
        // After the unlock: a sync (`F_FULLFSYNC` on Apple platforms) can take long, and needs no lock.
        if durable { try SystemCalls.synchronize(descriptor) }
    }

    /// Takes the file's lock, waiting up to a second for another process's sealing or retention pass to let go (a
    /// pass takes milliseconds, but its process may not be scheduled while it holds the lock), and checks that the
    /// path still names this file. Only the writer thread waits, never the app's.
    private func lockForWriting() throws {
        let deadline = ContinuousClock.now + .seconds(1)
        while try !SystemCalls.tryLockExclusive(descriptor) {
            guard ContinuousClock.now < deadline else { throw SegmentTaken(path: path, deleted: false) }
            Thread.sleep(forTimeInterval: 0.002)
        }
        if isReplaced {
            SystemCalls.unlock(descriptor)
            let deleted = (try? SystemCalls.status(path: path)) == nil
            throw SegmentTaken(path: path, deleted: deleted)
        }
    }
}

/// The active segment was deleted, or sealed or held by another process, while this one was not writing to it: the
/// writer starts a new segment. Unless the file was deleted, the events it had flushed are in the file that remains.
package struct SegmentTaken: Error, CustomStringConvertible {
    package var path: String
    /// The path names no file any more: what the segment held is gone.
    package var deleted: Bool
    package var description: String {
        "\(path): " + (deleted ? "deleted while open" : "sealed or locked by another process")
    }
}

import Foundation

/// Writes one segment file: a skippable metadata frame, then NDJSON events in long zstd frames, then (on a clean
/// close) a seal.
///
/// Files are named `authtrail-<UTC time>-<pid>-<sequence>.jsonl.zst` and created with mode 0600. The file is first
/// created under a hidden temporary name, locked (`flock`) and given its metadata frame, then linked to its final name,
/// so another process never sees an active segment that is not locked. The lock lives as long as the descriptor: it
/// tells other processes (retention, torn-segment sealing) that this segment is live, and vanishes with the process
/// on `kill -9`.
package final class SegmentWriter {
    package let path: String
    package let metadata: SegmentMetadata
    private let descriptor: Int32
    private let compressor: CompressionWorker
    private var closed = false
    /// Compressed bytes on disk that decode completely (the file is cut back to this after a failed write).
    package private(set) var bytesWritten = 0
    /// App events appended so far (the store's own lines not counted).
    package private(set) var eventCount = 0
    /// App events appended and not yet written as decodable bytes: lost if the next write fails.
    package private(set) var unflushedEventCount = 0
    /// True when something was appended since the last flush.
    package var hasUnflushed: Bool { unflushedEventCount > 0 || compressor.hasUnflushedInput }
    /// Compressed bytes written plus those waiting for the next flush: what rotation compares with its limit (the
    /// chunk being compressed is not counted yet).
    package var compressedSize: Int { bytesWritten + compressor.outputCount }

    /// Creates the file and writes the metadata frame.
    /// - Parameters:
    ///   - frameContentLimit: a frame ends after this many uncompressed bytes, bounding what a reader holds back for
    ///     checksum verification.
    ///   - flushBytes: the compressor flushes on its own after this many uncompressed bytes (`writeFlushed` writes
    ///     what it produced).
    package init(
        directory: String, metadata: SegmentMetadata, compressionLevel: Int32, frameContentLimit: Int = 1 << 20,
        flushBytes: Int = 256 << 10
    ) throws {
        let name = Self.fileName(createdAt: metadata.createdAt, processID: metadata.processID, sequence: metadata.segmentSequence)
        path = "\(directory)/\(name)"
        self.metadata = metadata
        let temporary = "\(directory)/.\(name).\(UUID().uuidString).tmp"
        descriptor = try SystemCalls.open(temporary, write: true, create: true, exclusive: true, append: true, mode: 0o600)
        do {
            defer { SystemCalls.unlink(temporary) }
            compressor = try CompressionWorker(
                level: compressionLevel, frameContentLimit: frameContentLimit, flushBytes: flushBytes)
            _ = try SystemCalls.tryLockExclusive(descriptor)
            let header = SkippableFrame.encode(metadata.jsonBytes())
            try SystemCalls.writeAll(descriptor, header)
            bytesWritten = header.count
            try SystemCalls.link(temporary, to: path)
        } catch {
            SystemCalls.close(descriptor)
            throw error
        }
    }

    deinit {
        compressor.stop()
        if !closed { SystemCalls.close(descriptor) }
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
    }

    /// Writes what the compressor has flushed on its own so far, without waiting for it.
    /// - Returns: the app events this made durable.
    package func writeFlushed() throws -> Int {
        let (bytes, events) = try compressor.takeFlushed()
        try writePending(bytes)
        unflushedEventCount -= events
        return events
    }

    /// `append(lines:count:)` for lines held in an array.
    package func append(lines: [UInt8], count: Int) throws(ZstdError) {
        let result = lines.withUnsafeBytes { buffer in Result { () throws(ZstdError) in try append(lines: buffer, count: count) } }
        try result.get()
    }

    /// Makes every appended event decodable from the file alone, without ending the frame.
    /// - Parameter durable: also fsync, so the events survive a power loss, not only a crash.
    /// - Returns: the app events this flush made durable.
    @discardableResult
    package func flush(durable: Bool) throws -> Int {
        try writePending(compressor.drain { compressor, output throws(ZstdError) in try compressor.flush(into: &output) })
        if durable { try SystemCalls.synchronize(descriptor) }
        return takeUnflushed()
    }

    /// Ends the frame, writes it and the seal, and closes the file.
    /// - Returns: the app events this close made durable.
    @discardableResult
    package func close(durable: Bool) throws -> Int {
        guard !closed else { return 0 }
        var pending = try compressor.drain { compressor, output throws(ZstdError) in try compressor.endFrame(into: &output) }
        pending += SegmentSeal.clean
        try writePending(pending)
        if durable { try SystemCalls.synchronize(descriptor) }
        closed = true
        SystemCalls.close(descriptor)
        compressor.stop()
        return takeUnflushed()
    }

    /// Gives up on the file after a failed write: cuts it back to its last decodable byte and closes it (which
    /// releases the lock, so the next segment opening seals it). Returns the app events that were not flushed.
    package func abandon() -> Int {
        guard !closed else { return 0 }
        try? SystemCalls.truncate(descriptor, to: bytesWritten)
        closed = true
        SystemCalls.close(descriptor)
        compressor.stop()
        return takeUnflushed()
    }

    /// True when the file was deleted or renamed away while open: what is written to it can no longer be read.
    package var isUnlinked: Bool {
        guard let status = try? SystemCalls.status(descriptor) else { return true }
        return status.links == 0
    }

    private func takeUnflushed() -> Int {
        defer { unflushedEventCount = 0 }
        return unflushedEventCount
    }

    private func writePending(_ pending: [UInt8]) throws {
        guard !pending.isEmpty else { return }
        do {
            try SystemCalls.writeAll(descriptor, pending)
        } catch {
            // A short write left part of a block in the file: cut it off so the file ends at a decodable point.
            try? SystemCalls.truncate(descriptor, to: bytesWritten)
            throw error
        }
        bytesWritten += pending.count
    }
}

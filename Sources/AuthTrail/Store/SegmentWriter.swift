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
    private let compressor: ZstdCompressor
    private let frameContentLimit: Int
    private var pending: [UInt8] = []
    private var closed = false
    /// Compressed bytes on disk that decode completely (the file is cut back to this after a failed write).
    package private(set) var bytesWritten = 0
    /// App events appended so far (the store's own lines not counted).
    package private(set) var eventCount = 0
    /// App events appended since the last successful flush: lost if the next write fails.
    package private(set) var unflushedEventCount = 0
    /// Uncompressed bytes appended since the last flush.
    package private(set) var unflushedBytes = 0
    /// Compressed bytes written plus those waiting for the next flush: what rotation compares with its limit.
    package var compressedSize: Int { bytesWritten + pending.count }

    /// Creates the file and writes the metadata frame.
    /// - Parameter frameContentLimit: a frame ends after this many uncompressed bytes, bounding what a reader holds
    ///   back for checksum verification.
    package init(
        directory: String, metadata: SegmentMetadata, compressionLevel: Int32, frameContentLimit: Int = 1 << 20
    ) throws {
        let name = Self.fileName(createdAt: metadata.createdAt, processID: metadata.processID, sequence: metadata.segmentSequence)
        path = "\(directory)/\(name)"
        self.metadata = metadata
        self.frameContentLimit = frameContentLimit
        compressor = try ZstdCompressor(level: compressionLevel, checksum: true)
        let temporary = "\(directory)/.\(name).\(UUID().uuidString).tmp"
        descriptor = try SystemCalls.open(temporary, write: true, create: true, exclusive: true, append: true, mode: 0o600)
        do {
            defer { SystemCalls.unlink(temporary) }
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

    deinit { if !closed { SystemCalls.close(descriptor) } }

    /// `authtrail-20261122T215658.123Z-4711-000001.jsonl.zst`: sorts by time, then process, then sequence.
    package static func fileName(createdAt: String, processID: Int, sequence: Int) -> String {
        let compact = createdAt.replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: "")
        let paddedSequence = String(repeating: "0", count: max(0, 6 - String(sequence).count)) + String(sequence)
        return "authtrail-\(compact)-\(processID)-\(paddedSequence).jsonl.zst"
    }

    /// Compresses serialized event lines; nothing reaches the file until `flush`.
    /// - Parameter count: how many of the lines are app events (the store's own lines are not counted).
    package func append(lines: [UInt8], count: Int) throws {
        try compressor.write(lines, into: &pending)
        eventCount += count
        unflushedEventCount += count
        unflushedBytes += lines.count
        if compressor.frameContentBytes >= frameContentLimit { try compressor.endFrame(into: &pending) }
    }

    /// Makes every appended event decodable from the file alone, without ending the frame.
    /// - Parameter durable: also fsync, so the events survive a power loss, not only a crash.
    /// - Returns: the app events this flush made durable.
    @discardableResult
    package func flush(durable: Bool) throws -> Int {
        try compressor.flush(into: &pending)
        try writePending()
        if durable { try SystemCalls.synchronize(descriptor) }
        return takeUnflushed()
    }

    /// Ends the frame, writes it and the seal, and closes the file.
    /// - Returns: the app events this close made durable.
    @discardableResult
    package func close(durable: Bool) throws -> Int {
        guard !closed else { return 0 }
        try compressor.endFrame(into: &pending)
        pending += SegmentSeal.clean
        try writePending()
        if durable { try SystemCalls.synchronize(descriptor) }
        closed = true
        SystemCalls.close(descriptor)
        return takeUnflushed()
    }

    /// Gives up on the file after a failed write: cuts it back to its last decodable byte and closes it (which
    /// releases the lock, so the next segment opening seals it). Returns the app events that were not flushed.
    package func abandon() -> Int {
        guard !closed else { return 0 }
        try? SystemCalls.truncate(descriptor, to: bytesWritten)
        closed = true
        SystemCalls.close(descriptor)
        pending.removeAll()
        return takeUnflushed()
    }

    /// True when the file was deleted or renamed away while open: what is written to it can no longer be read.
    package var isUnlinked: Bool {
        guard let status = try? SystemCalls.status(descriptor) else { return true }
        return status.links == 0
    }

    private func takeUnflushed() -> Int {
        defer {
            unflushedEventCount = 0
            unflushedBytes = 0
        }
        return unflushedEventCount
    }

    private func writePending() throws {
        guard !pending.isEmpty else { return }
        do {
            try SystemCalls.writeAll(descriptor, pending)
        } catch {
            // A short write left part of a block in the file: cut it off so the file ends at a decodable point.
            try? SystemCalls.truncate(descriptor, to: bytesWritten)
            throw error
        }
        bytesWritten += pending.count
        pending.removeAll(keepingCapacity: true)
    }
}

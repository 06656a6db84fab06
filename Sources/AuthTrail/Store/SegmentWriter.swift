import Foundation

/// Writes one segment file: a skippable metadata frame, then NDJSON events in long zstd frames.
///
/// Files are named `authtrail-<UTC time>-<pid>-<sequence>.jsonl.zst`, created exclusively with mode 0600, so several
/// processes can share a directory without touching each other's files.
package final class SegmentWriter {
    package let path: String
    package let metadata: SegmentMetadata
    private let descriptor: Int32
    private let compressor: ZstdCompressor
    private let frameContentLimit: Int
    private var pending: [UInt8] = []
    /// Compressed bytes written to the file so far.
    package private(set) var bytesWritten = 0
    /// Events appended so far.
    package private(set) var eventCount = 0
    private var closed = false

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
        descriptor = try SystemCalls.open(path, write: true, create: true, exclusive: true, append: true, mode: 0o600)
        do {
            try SystemCalls.writeAll(descriptor, SkippableFrame.encode(metadata.jsonBytes()))
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
    package func append(lines: [UInt8], count: Int) throws {
        try compressor.write(lines, into: &pending)
        eventCount += count
        if compressor.frameContentBytes >= frameContentLimit { try compressor.endFrame(into: &pending) }
    }

    /// Makes every appended event decodable from the file alone, without ending the frame.
    /// - Parameter durable: also fsync, so the events survive a power loss, not only a crash.
    package func flush(durable: Bool) throws {
        try compressor.flush(into: &pending)
        try writePending()
        if durable { try SystemCalls.synchronize(descriptor) }
    }

    /// Ends the frame, writes it, and closes the file.
    package func close(durable: Bool) throws {
        guard !closed else { return }
        defer {
            closed = true
            SystemCalls.close(descriptor)
        }
        try compressor.endFrame(into: &pending)
        try writePending()
        if durable { try SystemCalls.synchronize(descriptor) }
    }

    private func writePending() throws {
        guard !pending.isEmpty else { return }
        try SystemCalls.writeAll(descriptor, pending)
        bytesWritten += pending.count
        pending.removeAll(keepingCapacity: true)
    }
}

package import Foundation

/// The segment files in a log folder, shared by every process that logs there: retention and torn-segment sealing.
///
/// Every decision respects the `flock` each writer holds on its active segment, so one process never deletes or
/// rewrites a segment another live process is writing.
package struct SegmentDirectory: Sendable {
    package let path: String

    package init(path: String) { self.path = path }

    /// A segment file and what `stat` said about it.
    package struct Entry: Sendable, Hashable {
        package var name: String
        package var size: Int
        package var modified: Double
    }

    package static func isSegmentName(_ name: String) -> Bool {
        name.hasPrefix("authtrail-") && name.hasSuffix(".jsonl.zst")
    }

    /// Segments in name order, which is creation-time order.
    package func segments() throws(SystemError) -> [Entry] {
        try SystemCalls.listDirectory(path).filter(Self.isSegmentName).sorted().compactMap { name in
            guard let status = try? SystemCalls.status(path: "\(path)/\(name)") else { return nil }
            return Entry(name: name, size: status.size, modified: status.modified)
        }
    }

    // MARK: Retention

    /// Deletes segments, oldest first, until at most `retention.maxSegmentCount` remain, they use at most
    /// `maxTotalBytes`, and none is older than `maxAge`. Skips `active` and every segment another process holds
    /// locked. Returns the names deleted.
    @discardableResult
    package func applyRetention(
        _ retention: TrailConfiguration.Retention, active: String?, now: Date
    ) throws(SystemError) -> [String] {
        let entries = try segments()
        var count = entries.count
        var total = entries.reduce(0) { $0 + $1.size }
        var deleted = [String]()
        let oldestKept = now.timeIntervalSince1970 - retention.maxAge.seconds
        for entry in entries {
            let tooMany = count > retention.maxSegmentCount
            let tooBig = total > retention.maxTotalBytes
            let tooOld = entry.modified < oldestKept
            guard tooMany || tooBig || tooOld else { continue }
            let file = "\(path)/\(entry.name)"
            guard file != active, deleteIfUnlocked(file) else { continue }
            count -= 1
            total -= entry.size
            deleted.append(entry.name)
        }
        return deleted
    }

    private func deleteIfUnlocked(_ file: String) -> Bool {
        guard let descriptor = try? SystemCalls.open(file, write: false) else { return false }
        defer { SystemCalls.close(descriptor) }
        guard (try? SystemCalls.tryLockExclusive(descriptor)) == true else { return false }
        SystemCalls.unlink(file)
        return true
    }

    // MARK: Torn segments

    /// Seals every segment that is neither sealed nor locked (its writer died or gave up on it): rewrites it with
    /// every event that decodes, through a temporary file and a rename, and removes stale temporary files. Returns
    /// the names sealed.
    @discardableResult
    package func sealTornSegments(active: String?) -> [String] {
        var sealed = [String]()
        guard let names = try? SystemCalls.listDirectory(path) else { return sealed }
        for name in names.sorted() {
            let file = "\(path)/\(name)"
            if name.hasPrefix(".authtrail-") && name.hasSuffix(".tmp") {
                removeIfUnlocked(file)
                continue
            }
            guard Self.isSegmentName(name), file != active else { continue }
            guard let descriptor = try? SystemCalls.open(file, write: false) else { continue }
            defer { SystemCalls.close(descriptor) }
            guard let status = try? SystemCalls.status(descriptor) else { continue }
            let tail = (try? SystemCalls.read(descriptor, count: 16, at: max(0, status.size - 16))) ?? []
            if SegmentSeal.isSeal(tail) { continue }
            guard (try? SystemCalls.tryLockExclusive(descriptor)) == true else { continue }
            // Re-check under the lock: another process may have sealed it in between.
            if let again = try? SystemCalls.status(path: file), again.size != status.size { continue }
            if (try? rewrite(file, from: descriptor)) != nil { sealed.append(name) }
        }
        return sealed
    }

    private func removeIfUnlocked(_ file: String) {
        guard let descriptor = try? SystemCalls.open(file, write: false) else { return }
        defer { SystemCalls.close(descriptor) }
        if (try? SystemCalls.tryLockExclusive(descriptor)) == true { SystemCalls.unlink(file) }
    }

    /// Writes every decodable frame and line of the torn file into a new sealed file and renames it over the old one.
    private func rewrite(_ file: String, from descriptor: Int32) throws {
        let reader = try ZstdStreamReader()
        var source = FileDescriptorSource(descriptor: descriptor)
        var sink = RecoverySink()
        reader.read(from: &source, into: &sink)
        let temporary = "\(path)/.authtrail-recover-\(SystemCalls.processID)-\(UUID().uuidString).tmp"
        let output = try SystemCalls.open(temporary, write: true, create: true, exclusive: true, append: true, mode: 0o600)
        defer { SystemCalls.close(output) }
        do {
            _ = try SystemCalls.tryLockExclusive(output)
            var bytes = [UInt8]()
            for (variant, payload) in sink.skippableFrames { bytes += SkippableFrame.encode(payload, variant: variant) }
            let compressor = try ZstdCompressor(level: 3, checksum: true)
            for line in sink.lines {
                try compressor.write(line, into: &bytes)
                if compressor.frameContentBytes >= 1 << 20 { try compressor.endFrame(into: &bytes) }
            }
            if compressor.frameContentBytes > 0 { try compressor.endFrame(into: &bytes) }
            bytes += SegmentSeal.recovered
            try SystemCalls.writeAll(output, bytes)
            try SystemCalls.synchronize(output)
            try SystemCalls.rename(temporary, to: file)
        } catch {
            SystemCalls.unlink(temporary)
            throw error
        }
    }

    /// Keeps the metadata frame and every complete line (with its newline) of a torn segment.
    private struct RecoverySink: DecodedStreamSink {
        var skippableFrames: [(UInt8, [UInt8])] = []
        var lines: [[UInt8]] = []

        mutating func skippableFrame(variant: UInt8, payload: UnsafeRawBufferPointer, offset: Int) {
            if variant != SegmentSeal.variant { skippableFrames.append((variant, Array(payload))) }
        }

        mutating func line(_ bytes: UnsafeRawBufferPointer) {
            var line = Array(bytes)
            line.append(UInt8(ascii: "\n"))
            lines.append(line)
        }

        mutating func issue(_ issue: DecodeIssue) {}
    }
}

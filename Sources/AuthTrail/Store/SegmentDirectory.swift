package import Foundation

/// The segment files in a log folder, shared by every process that logs there: retention and torn-segment sealing.
///
/// Writers hold a segment's `flock` only while they write to it (a suspended iOS app must hold none), so a lock says
/// "being written right now", not "live". A segment is live while it has no seal and its writer, named by the process
/// id in its file name, still runs, however long it sleeps. Live and locked segments are never rewritten or deleted.
/// Should a segment still be sealed or deleted under its writer (a reused process id, a person's hand), that writer
/// notices at its next write and moves to a new segment (`SegmentTaken`), writing again there what it had not made
/// durable: what it had flushed is in the sealed copy.
package struct SegmentDirectory: Sendable {
    package let path: String
    /// The data-protection class given to the files sealing writes.
    package let protection: FileProtection

    package init(path: String, protection: FileProtection = .none) {
        self.path = path
        self.protection = protection
    }

    /// A segment file and what `stat` said about it.
    package struct Entry: Sendable, Hashable {
        package var name: String
        package var size: Int
        package var modified: Double
    }

    package static func isSegmentName(_ name: String) -> Bool {
        name.hasPrefix("authtrail-") && name.hasSuffix(".jsonl.zst")
    }

    /// The writer's process id, from `authtrail-<time>-<pid>-<sequence>.jsonl.zst`.
    package static func processID(inName name: String) -> Int32? {
        let parts = name.dropLast(".jsonl.zst".count).split(separator: "-")
        guard parts.count >= 4 else { return nil }
        return Int32(parts[parts.count - 2])
    }

    /// The segment a temporary file (`.<segment name>.<UUID>.tmp`, `SegmentWriter`) was creating.
    package static func segmentName(ofTemporary name: String) -> String? {
        guard name.hasPrefix("."), let end = name.range(of: ".jsonl.zst.") else { return nil }
        return String(name[name.index(after: name.startIndex)..<end.lowerBound]) + ".jsonl.zst"
    }

    /// The process that made a temporary file: a segment's writer (`SegmentWriter`), or a sealing pass
    /// (`.authtrail-recover-<pid>-<UUID>.tmp`).
    package static func processID(ofTemporary name: String) -> Int32? {
        let recover = ".authtrail-recover-"
        if name.hasPrefix(recover) {
            return name.dropFirst(recover.count).split(separator: "-").first.flatMap { Int32($0) }
        }
        return segmentName(ofTemporary: name).flatMap(processID(inName:))
    }

    /// Whether the unsealed segment `name` may still be written by a running process: `active`, a segment a writer of
    /// this process has open, or another running process's segment, however long ago it was last written (a
    /// suspended app may sleep for days and still hold its events in memory).
    package func mayBeLive(_ name: String, active: String?) -> Bool {
        let file = "\(path)/\(name)"
        if file == active || SegmentWriter.openInThisProcess.withLock({ $0.contains(file) }) { return true }
        guard let writer = Self.processID(inName: name), writer != SystemCalls.processID else { return false }
        return SystemCalls.isProcessAlive(writer)
    }

    /// Whether the file ends with a seal.
    package static func isSealed(_ descriptor: Int32, size: Int) -> Bool {
        let tail = (try? SystemCalls.read(descriptor, count: 16, at: max(0, size - 16))) ?? []
        return SegmentSeal.isSeal(tail)
    }

    /// Names of the segments that end with a seal, in name order.
    package func sealedSegmentNames() -> [String] {
        ((try? segments()) ?? []).filter { entry in
            guard let descriptor = try? SystemCalls.open("\(path)/\(entry.name)", write: false) else { return false }
            defer { SystemCalls.close(descriptor) }
            return Self.isSealed(descriptor, size: entry.size)
        }.map(\.name)
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
    /// `maxTotalBytes`, and none is older than `maxAge`. Skips `active`, every live segment and every segment another
    /// process holds locked. Returns the names deleted.
    ///
    /// Fair between the apps and extensions sharing the folder (told apart by the `app.id` of each segment's metadata
    /// frame): over a limit, only the segments of a writer over its share (the limit divided by the writers present)
    /// are deleted, so fifty launches of an extension cannot push the app's history out.
    /// - Parameter keepGoing: asked before each deletion; false ends the pass (the app went to the background).
    @discardableResult
    package func applyRetention(
        _ retention: TrailConfiguration.Retention, active: String?, now: Date, while keepGoing: () -> Bool = { true }
    ) throws(SystemError) -> [String] {
        let entries = try segments()
        let writers = entries.map { writerID(of: $0.name) }
        var count = [String: Int]()
        var bytes = [String: Int]()
        for (entry, writer) in zip(entries, writers) {
            count[writer, default: 0] += 1
            bytes[writer, default: 0] += entry.size
        }
        var totalCount = entries.count
        var totalBytes = entries.reduce(0) { $0 + $1.size }
        let shareCount = max(1, retention.maxSegmentCount / max(1, count.count))
        let shareBytes = retention.maxTotalBytes / max(1, count.count)
        var deleted = [String]()
        let oldestKept = now.timeIntervalSince1970 - retention.maxAge.seconds
        for (entry, writer) in zip(entries, writers) {
            let overLimit = totalCount > retention.maxSegmentCount || totalBytes > retention.maxTotalBytes
            let overShare = count[writer, default: 0] > shareCount || bytes[writer, default: 0] > shareBytes
            guard entry.modified < oldestKept || (overLimit && overShare) else { continue }
            guard keepGoing() else { break }
            let file = "\(path)/\(entry.name)"
            guard file != active, deleteIfUnlocked(file, active: active) else { continue }
            totalCount -= 1
            totalBytes -= entry.size
            count[writer, default: 0] -= 1
            bytes[writer, default: 0] -= entry.size
            deleted.append(entry.name)
        }
        return deleted
    }

    /// Which app or extension wrote segment `name`: the `app.id` of its metadata frame ("" when unreadable).
    func writerID(of name: String) -> String {
        SegmentHeader(file: "\(path)/\(name)")?.appID ?? ""
    }

    /// Deletes a segment that is neither being written nor live.
    private func deleteIfUnlocked(_ file: String, active: String?) -> Bool {
        guard let descriptor = try? SystemCalls.open(file, write: false),
            let status = try? SystemCalls.status(descriptor)
        else { return false }
        defer { SystemCalls.close(descriptor) }
        let name = (file as NSString).lastPathComponent
        if !Self.isSealed(descriptor, size: status.size), mayBeLive(name, active: active) {
            return false
        }
        guard (try? SystemCalls.tryLockExclusive(descriptor)) == true else { return false }
        SystemCalls.unlink(file)
        return true
    }

    // MARK: Torn segments

    /// Seals every segment that is neither sealed nor live (its writer died or gave up on it): rewrites it with every
    /// event that decodes, through a temporary file and a rename, and removes stale temporary files. Returns the names
    /// sealed.
    ///
    /// The decode, re-encode and fsync hold no lock (they take as long as the segment is large, and a suspended app
    /// must hold none); the segment's lock is taken only to check that it did not change meanwhile and to rename.
    /// - Parameter keepGoing: asked before each segment; false ends the pass (the app went to the background).
    @discardableResult
    package func sealTornSegments(active: String?, while keepGoing: () -> Bool = { true }) -> [String] {
        var sealed = [String]()
        guard let names = try? SystemCalls.listDirectory(path) else { return sealed }
        for name in names.sorted() {
            guard keepGoing() else { break }
            let file = "\(path)/\(name)"
            if name.hasPrefix(".authtrail-") && name.hasSuffix(".tmp") {
                // A running process's temporary file is a segment being created, not yet locked by its writer, which
                // links and removes it itself: removing it failed that writer's segment opening (found under TSan).
                // A running sealing pass's is unlocked while it decodes. Only a dead process's is left over.
                if Self.processID(ofTemporary: name).map(SystemCalls.isProcessAlive) != true { removeIfUnlocked(file) }
                continue
            }
            guard Self.isSegmentName(name), file != active else { continue }
            guard let descriptor = try? SystemCalls.open(file, write: false) else { continue }
            defer { SystemCalls.close(descriptor) }
            guard let status = try? SystemCalls.status(descriptor) else { continue }
            if Self.isSealed(descriptor, size: status.size) { continue }
            if mayBeLive(name, active: active) { continue }
            if (try? rewrite(file, from: descriptor, as: status)) == true { sealed.append(name) }
        }
        return sealed
    }

    private func removeIfUnlocked(_ file: String) {
        guard let descriptor = try? SystemCalls.open(file, write: false) else { return }
        defer { SystemCalls.close(descriptor) }
        if (try? SystemCalls.tryLockExclusive(descriptor)) == true { SystemCalls.unlink(file) }
    }
}

import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// iOS kills a suspended app that holds a file lock in an App Group container (`0xdead10cc`): once `flush()` or
/// `enterBackground()` returns, the trail holds no lock, and sharing one folder between processes stays correct.
@Suite("no lock is held while an app could be suspended")
struct SuspensionTests {
    /// Whether another process can take an exclusive `flock` on `file` right now.
    static func canLock(_ file: String) -> Bool {
        let descriptor = open(file, O_RDONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return flock(descriptor, LOCK_EX | LOCK_NB) == 0
    }

    @Test("after enterBackground() and after every flush, another process can lock every segment at once")
    func noLockAfterFlush() throws {
        let directory = try TemporaryDirectory("authtrail-suspend")
        defer { directory.remove() }
        let child = try LiveChild(directory: directory.path, eventsPerRound: 500)
        var lastFlushed = try #require(child.waitForFlush(), "enterBackground() returned true")
        for round in 0..<5 {
            let segments = try directory.files(withSuffix: ".jsonl.zst")
            #expect(!segments.isEmpty)
            for segment in segments {
                #expect(Self.canLock(segment), "round \(round): \(segment) is locked while the app idles")
            }
            child.requestRound()
            lastFlushed = try #require(child.waitForFlush())
        }
        let health = StressChild.health(in: child.finish())
        #expect(health["lost"] == "0" && health["failures"] == "0", "\(health)")
        let contents = try FolderContents(directory.path)
        let attempts = contents.attemptsByOperation["\(child.processID)-t0"] ?? []
        #expect(FolderContents.gap(in: attempts, expectedCount: lastFlushed + 1) == nil)
        #expect(attempts.count == lastFlushed + 1)
    }

    @Test(
        "a trail opening in the folder never rewrites the idle segment of a live process, and seals it once that process is killed"
    )
    func liveSegmentsAreNeverSealed() throws {
        let directory = try TemporaryDirectory("authtrail-live")
        defer { directory.remove() }
        let child = try LiveChild(directory: directory.path, eventsPerRound: 300)
        _ = try #require(child.waitForFlush())
        let childSegments = try directory.files(withSuffix: ".jsonl.zst")
        #expect(childSegments.count == 1)
        let before = try Data(contentsOf: URL(fileURLWithPath: childSegments[0]))
        let inodeBefore = try FileManager.default.attributesOfItem(atPath: childSegments[0])[.systemFileNumber] as? Int

        // Another process's trail starts in the same folder: its writer seals torn segments at start and at every
        // segment it opens. The child's segment is unsealed and unlocked, but its writer lives.
        let trail = try Trail(configuration: TrailConfiguration(directory: directory.url))
        trail.record(TrailEvent(name: .log, message: "the second process"))
        #expect(trail.flush(timeout: .testWait))
        #expect(try Data(contentsOf: URL(fileURLWithPath: childSegments[0])) == before, "the live segment is untouched")
        #expect(
            try FileManager.default.attributesOfItem(atPath: childSegments[0])[.systemFileNumber] as? Int == inodeBefore
        )

        // The child keeps writing into the same file.
        child.requestRound()
        let lastFlushed = try #require(child.waitForFlush())
        #expect(try Data(contentsOf: URL(fileURLWithPath: childSegments[0])).count > before.count)
        let childID = child.processID
        child.kill()

        // Its writer gone, the next segment opening seals its torn segment with every flushed event.
        #expect(trail.shutdown(timeout: .testWait))
        trail.record(TrailEvent(name: .log, message: "a new segment"))
        #expect(trail.flush(timeout: .testWait))
        let sealed = try Data(contentsOf: URL(fileURLWithPath: childSegments[0]))
        #expect(Array(sealed.suffix(16)) == Array(SkippableFrame.encode(Array("RECOVER1".utf8), variant: 0xB)))
        let contents = try FolderContents(directory.path)
        let attempts = contents.attemptsByOperation["\(childID)-t0"] ?? []
        #expect(
            attempts.count == lastFlushed + 1 && FolderContents.gap(in: attempts, expectedCount: lastFlushed + 1) == nil
        )
        #expect(trail.health.failures == 0)
    }

    @Test(
        "two processes alternating write, flush and pause in one folder leave valid segments and lose no flushed event")
    func alternatingProcesses() throws {
        let directory = try TemporaryDirectory("authtrail-alternate")
        defer { directory.remove() }
        let outputs = Locked<[ProcessOutput]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            if let output = try? StressChild.run(["cycles", directory.path, "40", "150", "15"]) {
                outputs.withLock { $0.append(output) }
            }
        }
        let results = outputs.withLock { $0 }
        #expect(results.count == 2)
        let contents = try FolderContents(directory.path)
        #expect(contents.files.count > 4, "small segments rotate: \(contents.files.count) files")
        #expect(contents.issues.isEmpty, "\(contents.issues.map { $0.issue.message(file: $0.file) })")
        #expect(try StressChild.zstdAccepts(contents.files), "zstd -t accepts every segment")
        let byOperation = contents.attemptsByOperation
        #expect(byOperation.count == 2)
        for result in results {
            #expect(result.status == 0, "child failed: \(result.standardError)")
            let health = StressChild.health(in: result.text)
            #expect(health["written"] == "6000" && health["lost"] == "0" && health["failures"] == "0", "\(health)")
            let flushed = result.text.split(separator: "\n").compactMap { Int($0) }
            #expect(flushed.count == 40, "every flush returned in time")
        }
        for (operation, attempts) in byOperation {
            #expect(
                attempts.count == 6000 && FolderContents.gap(in: attempts, expectedCount: 6000) == nil, "\(operation)")
        }
    }
}

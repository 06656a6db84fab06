import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A device locked under file protection `.complete`: the open segment refuses writes and the folder refuses new files
/// (EPERM), until the unlock. Here `chattr +i` (a real child process, as root) makes the folder and every file in it
/// immutable, which refuses writes on descriptors already open too, as data protection does.
enum ImmutableFiles {
    /// Whether `chattr +i` works here (root, and a file system with the immutable flag).
    static let isAvailable: Bool = {
        guard getuid() == 0, let probe = try? TemporaryDirectory("authtrail-immutable-probe") else { return false }
        defer {
            _ = try? ProcessRunner.run("chattr", ["-i", probe.path])
            probe.remove()
        }
        return (try? ProcessRunner.run("chattr", ["+i", probe.path]).status) == 0
    }()

    /// Locks (`true`) or unlocks the folder and every file in it, hidden ones included.
    static func set(_ locked: Bool, _ folder: String) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        let run = try ProcessRunner.run("chattr", [locked ? "+i" : "-i", folder] + names.map { "\(folder)/\($0)" })
        #expect(run.status == 0, "chattr: \(run.standardError)")
    }
}

@Suite(
    "a locked device loses nothing the trail holds",
    .enabled(if: ImmutableFiles.isAvailable, "chattr +i needs root and a file system with the immutable flag"))
struct LockedDeviceTests {
    /// The `attempt` numbers of the `log` events in `folder`, in file order.
    static func attempts(in folder: String) throws -> [Int] {
        try FolderContents(folder).events(named: "log").compactMap {
            FolderContents.value(of: "attempt", in: $0, quoted: false).flatMap { Int($0) }
        }
    }

    @Test("events recorded before and during each lock are all written after the unlock, in the same segment")
    func nothingLostAcrossLocks() throws {
        let directory = try TemporaryDirectory("authtrail-locked")
        defer {
            try? ImmutableFiles.set(false, directory.path)
            directory.remove()
        }
        let trail = try Trail(configuration: TrailConfiguration(directory: directory.url, memoryLimitBytes: 64 << 20))
        var recorded = 0
        func record(_ count: Int) {
            for _ in 0..<count {
                recorded += 1
                trail.record(TrailEvent(name: .log, attempt: recorded))
            }
        }
        record(100)
        #expect(trail.flush(timeout: .testWait))
        let segments = try directory.files(withSuffix: ".jsonl.zst")
        #expect(segments.count == 1)

        for cycle in 1...3 {
            try ImmutableFiles.set(true, directory.path)
            // Taken by the writer, compressed, and refused on write: these used to be counted lost.
            record(50)
            #expect(!trail.flush(timeout: .milliseconds(300)), "cycle \(cycle): nothing can be written while locked")
            // Recorded while locked: they wait in the queue.
            record(50)
            // The refused write may come after the flush above gave up on a loaded or sanitized machine: wait for it.
            let refusedBy = Date().addingTimeInterval(60)
            while trail.health.failures < cycle && Date() < refusedBy { usleep(20_000) }
            let locked = trail.health
            #expect(locked.status == .retrying && locked.failures >= cycle, "cycle \(cycle): \(locked)")
            #expect(locked.eventsLost == 0, "cycle \(cycle): \(locked)")

            try ImmutableFiles.set(false, directory.path)
            trail.protectedDataDidBecomeAvailable()
            #expect(trail.flush(timeout: .testWait), "cycle \(cycle): written after the unlock")
            #expect(try directory.files(withSuffix: ".jsonl.zst") == segments, "cycle \(cycle): no new segment")
        }
        #expect(trail.shutdown(timeout: .testWait))
        let health = trail.health
        #expect(health.eventsLost == 0 && health.eventsDropped == 0, "\(health)")
        #expect(health.eventsWritten == recorded && health.status == .writing, "\(health)")
        #expect(try Self.attempts(in: directory.path) == Array(1...recorded), "every event once, in order")
        #expect(try directory.files(withSuffix: ".jsonl.zst") == segments, "one segment through three locks")
        #expect(try FolderContents(directory.path).issues.isEmpty)
        #expect(try StressChild.zstdAccepts(segments))
    }

    @Test("protectedDataDidBecomeAvailable() retries at once, though the backoff had grown to 30 s")
    func unlockCutsTheBackoffShort() throws {
        let directory = try TemporaryDirectory("authtrail-unlock")
        defer {
            try? ImmutableFiles.set(false, directory.path)
            directory.remove()
        }
        let trail = try Trail(configuration: TrailConfiguration(directory: directory.url))
        for attempt in 1...10 { trail.record(TrailEvent(name: .log, attempt: attempt)) }
        #expect(trail.flush(timeout: .testWait))

        try ImmutableFiles.set(true, directory.path)
        for attempt in 11...30 { trail.record(TrailEvent(name: .log, attempt: attempt)) }
        // Each flush is tried at once, refused, and doubles the backoff: twelve of them reach its 30 s cap.
        for _ in 0..<12 {
            let failuresBefore = trail.health.failures
            #expect(!trail.flush(timeout: .milliseconds(100)))
            // On a loaded or sanitized machine the refusal may come after the flush gave up: wait for it.
            let refusedBy = Date().addingTimeInterval(60)
            while trail.health.failures == failuresBefore && Date() < refusedBy { usleep(10_000) }
        }
        #expect(trail.health.failures >= 12 && trail.health.eventsLost == 0, "\(trail.health)")

        try ImmutableFiles.set(false, directory.path)
        let unlocked = Date()
        trail.protectedDataDidBecomeAvailable()
        // No flush is asked for: only the seam can make the writer try before its 30 s backoff ends.
        while trail.health.eventsWritten < 30 && Date().timeIntervalSince(unlocked) < 5 { usleep(20_000) }
        #expect(trail.health.eventsWritten == 30, "written within 5 s of the unlock: \(trail.health)")
        #expect(trail.health.status == .writing)
        #expect(trail.shutdown(timeout: .testWait))
        #expect(try Self.attempts(in: directory.path) == Array(1...30))
        #expect(trail.health.eventsLost == 0)
    }
}

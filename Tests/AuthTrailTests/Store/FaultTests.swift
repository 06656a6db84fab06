import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

@Suite("the store when the disk fails")
struct FaultTests {
    @Test("a full disk (RLIMIT_FSIZE in a child) neither crashes nor corrupts, losses are counted, and writing resumes")
    func fullDiskNeitherCrashesNorCorrupts() throws {
        let directory = try TemporaryDirectory("authtrail-full")
        defer { directory.remove() }
        let run = try StressChild.run(["full-disk", directory.path, "8192", "3000"])
        #expect(run.status == 0, "the child survived: \(run.standardError)")
        let limited = run.text.split(separator: "\n").first { $0.hasPrefix("limited ") }.map(String.init) ?? ""
        #expect(!limited.contains("failures=0"), "the limit was hit: \(limited)")
        #expect(run.text.contains("resumed closed=true"))
        let health = StressChild.health(in: run.text)
        let written = Int(health["written"] ?? "") ?? -1
        let lost = Int(health["lost"] ?? "") ?? -1
        #expect(lost > 0)
        #expect(written + lost == 6000, "every event is either written or counted lost: \(health)")
        #expect(health["dropped"] == "0")
        #expect(health["status"] == "writing")

        let contents = try FolderContents(directory.path)
        #expect(contents.issues.isEmpty, "\(contents.issues.map { $0.issue.message(file: $0.file) })")
        #expect(try StressChild.zstdAccepts(contents.files))
        let byOperation = contents.attemptsByOperation
        let readable = byOperation.values.reduce(0) { $0 + $1.count }
        #expect(readable == written, "what health calls written is exactly what can be read")
        let afterSpaceReturned = byOperation.first { $0.key.hasSuffix("-t1") }?.value ?? []
        #expect(afterSpaceReturned == Array(3001...6000), "every event after the space returned was written")
        for file in contents.files {
            let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
            #expect(mode == 0o600, "\(file)")
        }
    }

    @Test("a log folder replaced by a file: the app keeps running, the store retries, and resumes with what it queued")
    func unusableFolderRetriesAndResumes() throws {
        let parent = try TemporaryDirectory("authtrail-gone")
        defer { parent.remove() }
        let folder = parent.url.appendingPathComponent("logs")
        let trail = try Trail(configuration: TrailConfiguration(directory: folder))
        trail.record(TrailEvent(name: .log, attempt: 1))
        #expect(trail.flush(timeout: .testWait))
        #expect(trail.shutdown(timeout: .testWait))

        try FileManager.default.removeItem(at: folder)
        try Data("not a folder".utf8).write(to: folder)
        for attempt in 2...11 { trail.record(TrailEvent(name: .log, attempt: attempt)) }
        #expect(!trail.flush(timeout: .milliseconds(300)), "nothing can be flushed into a file")
        let failing = trail.health
        #expect(failing.status == .retrying)
        #expect(failing.failures >= 1)
        #expect(
            failing.lastError?.contains("mkdir") == true || failing.lastError?.contains("open") == true,
            "\(failing.lastError ?? "")")

        try FileManager.default.removeItem(at: folder)
        // The writer retries with backoff (50 ms, doubling); the queued events were kept meanwhile.
        var flushed = false
        for _ in 0..<50 where !flushed { flushed = trail.flush(timeout: .milliseconds(200)) }
        #expect(flushed)
        #expect(trail.shutdown(timeout: .testWait))
        let health = trail.health
        #expect(health.status == .writing)
        #expect(health.eventsWritten == 11)
        #expect(health.eventsLost == 0)
        let mode = try FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions] as? Int
        #expect(mode == 0o700, "the folder is recreated with mode 0700")
        let attempts = try FolderContents(folder.path).attemptsByOperation
        #expect(attempts.isEmpty, "these events have no operation id")
        let lines = try FolderContents(folder.path).events(named: "log")
        #expect(lines.count == 10, "the events queued while the folder was unusable")
    }

    @Test(
        "a segment deleted while open: the events it had made durable are counted lost, those still in memory go to a new segment with the next"
    )
    func deletedSegmentIsCountedLost() throws {
        let directory = try TemporaryDirectory("authtrail-deleted")
        defer { directory.remove() }
        let trail = try Trail(configuration: TrailConfiguration(directory: directory.url))
        for attempt in 1...5 { trail.record(TrailEvent(name: .log, attempt: attempt)) }
        #expect(trail.flush(timeout: .testWait))
        for file in try directory.files(withSuffix: ".jsonl.zst") { try FileManager.default.removeItem(atPath: file) }
        for attempt in 6...8 { trail.record(TrailEvent(name: .log, attempt: attempt)) }
        #expect(trail.flush(timeout: .testWait))
        // 1-5 were flushed into the deleted file; 6-8 were still in memory when the flush found it gone.
        #expect(trail.health.eventsLost == 5, "the deleted segment held 5 durable events")
        for attempt in 9...10 { trail.record(TrailEvent(name: .log, attempt: attempt)) }
        #expect(trail.shutdown(timeout: .testWait))
        let health = trail.health
        #expect(health.eventsWritten == 5)
        #expect(health.lastError?.contains("deleted while open") == true)
        let attempts = try FolderContents(directory.path).events(named: "log").compactMap {
            FolderContents.value(of: "attempt", in: $0, quoted: false).flatMap { Int($0) }
        }
        #expect(attempts == Array(6...10))
    }
}

import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

/// Real file-system faults: a tiny tmpfs that fills up (ENOSPC) and one remounted read-only mid-run (EROFS).
/// Needs `mount` (root with CAP_SYS_ADMIN, as on the CI machine); elsewhere the suite is skipped, saying why. CI fails
/// on any skip it does not expect (Tools/test.sh), so CI never skips it.
@Suite(
    "the store on a real file system that fills up or turns read-only",
    .enabled(if: ScratchFileSystem.isAvailable, "mounting a tmpfs needs root with CAP_SYS_ADMIN")
)
struct MountedFileSystemTests {
    @Test(
        "a full disk: the app keeps running, losses are counted, nothing written is corrupt, and space coming back resumes writing"
    )
    func fullDisk() throws {
        let disk = try ScratchFileSystem(kilobytes: 512)
        defer { disk.remove() }
        let folder = disk.url.appendingPathComponent("logs")
        let trail = try Trail(configuration: TrailConfiguration(directory: folder))
        // Fill the disk to its last few kilobytes, so the writer meets ENOSPC soon.
        try disk.fill(leavingKilobytes: 16)
        let events = SampleEvents.make(count: 3_000)
        for event in events { trail.record(event) }
        _ = trail.flush(timeout: .seconds(1))
        let failing = trail.health
        #expect(failing.failures >= 1, "ENOSPC is a counted failure")
        #expect(failing.lastError?.contains("No space left") == true, "\(failing.lastError ?? "no error")")

        try disk.removeFiller()
        for event in SampleEvents.make(count: 100) { trail.record(event) }
        // The writer retries with exponential backoff (up to 30 s between attempts), so allow for one long wait.
        var flushed = false
        for _ in 0..<200 where !flushed { flushed = trail.flush(timeout: .milliseconds(200)) }
        #expect(flushed, "writing resumes once space returns")
        #expect(trail.shutdown(timeout: .testWait))
        let health = trail.health
        #expect(health.status == .writing)
        #expect(
            health.eventsWritten + health.eventsLost + health.eventsDropped == 3_100,
            "every event is written or counted")
        #expect(health.eventsLost > 0, "a 512 KiB disk cannot hold 3,000 events")

        let contents = try FolderContents(folder.path)
        #expect(try StressChild.zstdAccepts(contents.files), "zstd accepts every segment")
        #expect(contents.issues.isEmpty, "\(contents.issues.map { $0.issue.message(file: $0.file) })")
        #expect(contents.lines.count >= health.eventsWritten, "every event counted written is readable")
    }

    @Test(
        "a folder whose file system turns read-only mid-run: the app keeps running, the store retries, and resumes with what it queued"
    )
    func readOnlyMidRun() throws {
        let disk = try ScratchFileSystem(kilobytes: 4096)
        defer { disk.remove() }
        let folder = disk.url.appendingPathComponent("logs")
        let trail = try Trail(configuration: TrailConfiguration(directory: folder))
        for attempt in 1...10 { trail.record(TrailEvent(name: .log, attempt: attempt)) }
        #expect(trail.flush(timeout: .testWait))
        #expect(
            trail.shutdown(timeout: .testWait), "the first segment is closed before the file system turns read-only")

        try disk.remount(readOnly: true)
        for attempt in 11...20 { trail.record(TrailEvent(name: .log, attempt: attempt)) }
        #expect(!trail.flush(timeout: .milliseconds(300)), "nothing can be flushed to a read-only file system")
        let failing = trail.health
        #expect(failing.status == .retrying)
        #expect(failing.lastError?.contains("Read-only file system") == true, "\(failing.lastError ?? "no error")")

        try disk.remount(readOnly: false)
        var flushed = false
        for _ in 0..<50 where !flushed { flushed = trail.flush(timeout: .milliseconds(200)) }
        #expect(flushed, "writing resumes once the file system is writable")
        #expect(trail.shutdown(timeout: .testWait))
        let health = trail.health
        #expect(health.eventsWritten == 20)
        #expect(health.eventsLost == 0, "the queue kept the events while it retried")
        let contents = try FolderContents(folder.path)
        #expect(contents.events(named: "log").count == 20)
        #expect(contents.issues.isEmpty)
    }
}

/// A small tmpfs mounted for one test.
struct ScratchFileSystem {
    let url: URL
    private let mountPoint: TemporaryDirectory

    /// True when this process may mount a tmpfs (tried once).
    static let isAvailable: Bool = {
        guard let probe = try? ScratchFileSystem(kilobytes: 64) else { return false }
        probe.remove()
        return true
    }()

    init(kilobytes: Int) throws {
        mountPoint = try TemporaryDirectory("authtrail-fs")
        let result = try ProcessRunner.run(
            "mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", mountPoint.path])
        guard result.status == 0 else {
            mountPoint.remove()
            throw MountError(message: result.standardError)
        }
        url = mountPoint.url
    }

    /// Writes a filler file until only `kilobytes` are left.
    func fill(leavingKilobytes kilobytes: Int) throws {
        let result = try ProcessRunner.run("sh", ["-c", "df -k --output=avail \(url.path) | tail -1"])
        let available = Int(result.text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        let filler = Data(count: max(0, available - kilobytes) * 1024)
        try filler.write(to: url.appendingPathComponent("filler"))
    }

    func removeFiller() throws { try FileManager.default.removeItem(at: url.appendingPathComponent("filler")) }

    func remount(readOnly: Bool) throws {
        let result = try ProcessRunner.run("mount", ["-o", readOnly ? "remount,ro" : "remount,rw", url.path])
        guard result.status == 0 else { throw MountError(message: result.standardError) }
    }

    func remove() {
        _ = try? ProcessRunner.run("umount", ["-l", url.path])
        mountPoint.remove()
    }

    struct MountError: Error { var message: String }
}

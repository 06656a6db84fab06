import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The shapes in which iOS runs an app, each played by a child process (`authtrail-stress lifecycle`) whose trail
/// follows the lifecycle by itself: no call in the child pauses or resumes it; the test only posts the notifications
/// UIKit and Foundation post. Where iOS would suspend the process (outside the foreground, once it holds no
/// background-execution assertion) the test stops it with SIGSTOP, and a second child looks for a lock on every file
/// about a thousand times a second, as iOS does before it ends a suspended app for one (`0xdead10cc`). Every event
/// recorded must then be on disk, decodable while the process is still stopped, and, once sealed, read back by the
/// `zstd` tool.
@Suite("the trail follows every shape of app lifecycle by itself", .serialized)
struct AppShapeTests {
    /// Stops `child` where iOS would suspend it, samples the folder's locks while it is stopped, and checks that
    /// every one of the `recorded` events (operation `<pid>-t0`) is on disk; then resumes it.
    static func expectSafelySuspended(
        _ child: AppShapeChild, in directory: TemporaryDirectory, recorded: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(child.waitUntilSuspendable(), "an assertion stayed open", sourceLocation: sourceLocation)
        child.suspend()
        defer { child.resume() }
        let sampler = try LockSamplerChild(directory: directory.path)
        Thread.sleep(forTimeInterval: 1)
        let seen = try #require(sampler.stop(), sourceLocation: sourceLocation)
        #expect(seen.rounds >= 50, "the sampler looked: \(seen.rounds)", sourceLocation: sourceLocation)
        #expect(seen.held == 0, "a lock held while suspended: \(seen.firstHeld)", sourceLocation: sourceLocation)
        #expect(
            seen.changed == 0, "a file changed while suspended: \(seen.firstChange)", sourceLocation: sourceLocation)
        // The live segment ends inside a flushed frame: `zstd` drops the decoded tail of an unfinished frame when it
        // meets the end of the file (1.5.4: 4,896 of 5,000 lines), so the library's reader checks it here.
        let onDisk = try FolderContents(directory.path).attemptsByOperation["\(child.processID)-t0"] ?? []
        let gap = FolderContents.gap(in: onDisk, expectedCount: recorded)
        #expect(
            gap == nil && onDisk.count == recorded,
            "on disk before the suspension: \(onDisk.count) of \(recorded), \(gap ?? "in order")",
            sourceLocation: sourceLocation)
    }

    @Test("a single-window app: paused by the app-wide notification, resumed by the foreground one, nothing lost")
    func singleWindowApp() throws {
        let directory = try TemporaryDirectory("authtrail-shape-app")
        defer { directory.remove() }
        let child = try AppShapeChild(directory: directory.path)
        child.post(LifecycleNotification.didBecomeActive)
        #expect(child.record(300) == 300)
        #expect(child.health()["activity"] == "active")
        child.post(LifecycleNotification.didEnterBackground)
        #expect(child.assertionsBegun >= 1, "the pause asked for background time to flush")
        try Self.expectSafelySuspended(child, in: directory, recorded: 300)
        #expect(child.health()["activity"] == "paused")
        child.post(LifecycleNotification.willEnterForeground)
        #expect(child.record(100) == 400)
        let health = child.shutdown()
        #expect(health["written"] == "400" && health["lost"] == "0" && health["failures"] == "0", "\(health)")
        let readBack = try ZstdReadBack.attempts(in: directory.path)["\(child.processID)-t0"] ?? []
        #expect(readBack == Array(1...400), "the zstd tool reads every event back from the sealed segments")
    }

    @Test("a two-scene iPad app: one scene in the background does not pause the writer; the app leaving does")
    func twoScenes() throws {
        let directory = try TemporaryDirectory("authtrail-shape-scenes")
        defer { directory.remove() }
        let child = try AppShapeChild(directory: directory.path)
        child.post(LifecycleNotification.didBecomeActive)
        child.post("UISceneDidEnterBackgroundNotification")
        #expect(child.record(200) == 200)
        #expect(child.health()["activity"] == "active", "the other window is still in use")
        #expect(child.assertionsBegun == 0, "in the foreground the writer needs no background time")
        child.post(LifecycleNotification.didEnterBackground)
        try Self.expectSafelySuspended(child, in: directory, recorded: 200)
        child.jettison()
    }

    @Test("an extension writes under background time only, seals its segment when idle, and holds no lock")
    func appExtension() throws {
        let directory = try TemporaryDirectory("authtrail-shape-extension")
        defer { directory.remove() }
        let child = try AppShapeChild(directory: directory.path, role: "extension")
        #expect(child.record(50) == 50)
        try Self.expectSafelySuspended(child, in: directory, recorded: 50)
        #expect(child.assertionsBegun >= 1)
        let sealed = SegmentDirectory(path: directory.path).sealedSegmentNames()
        let all = try directory.files(withSuffix: ".jsonl.zst")
        #expect(sealed.count == all.count && !all.isEmpty, "idle, the extension sealed its segment: \(all)")
        child.jettison()
    }

    @Test("a launch into the background (a background task) starts paused and writes what it records before suspension")
    func backgroundLaunch() throws {
        let directory = try TemporaryDirectory("authtrail-shape-launch")
        defer { directory.remove() }
        let child = try AppShapeChild(directory: directory.path)
        #expect(child.health()["activity"] == "paused", "no notification yet: the process starts safe")
        #expect(child.record(80) == 80)
        try Self.expectSafelySuspended(child, in: directory, recorded: 80)
        child.jettison()
    }

    @Test("a background task while the app is paused (a token refresh on a silent push) reaches the disk at once")
    func backgroundTaskWhilePaused() throws {
        let directory = try TemporaryDirectory("authtrail-shape-push")
        defer { directory.remove() }
        let child = try AppShapeChild(directory: directory.path)
        child.post(LifecycleNotification.didBecomeActive)
        #expect(child.record(100) == 100)
        child.post(LifecycleNotification.didEnterBackground)
        try Self.expectSafelySuspended(child, in: directory, recorded: 100)
        // A silent push wakes it: the refresh it records is written before it can be suspended again.
        #expect(child.record(60) == 160)
        try Self.expectSafelySuspended(child, in: directory, recorded: 160)
        let health = child.health()
        #expect(health["activity"] == "paused" && health["lost"] == "0", "\(health)")
        child.jettison()
    }

    @Test("leaving again within the flush of the last departure still ends paused, with no lock and nothing lost")
    func quickReBackground() throws {
        let directory = try TemporaryDirectory("authtrail-shape-quick")
        defer { directory.remove() }
        let child = try AppShapeChild(directory: directory.path)
        child.post(LifecycleNotification.didBecomeActive)
        // As many as the queue's default 4 MiB holds at once: the first departure's flush is still under way when the
        // user comes back and leaves again.
        #expect(child.record(5_000) == 5_000)
        child.post(LifecycleNotification.didEnterBackground)
        child.post(LifecycleNotification.willEnterForeground)
        child.post(LifecycleNotification.didEnterBackground)
        try Self.expectSafelySuspended(child, in: directory, recorded: 5_000)
        #expect(child.health()["activity"] == "paused")
        child.jettison()
    }

    @Test(
        "background time taken back mid-write: the writer stops after the write under way, and the assertion ends unlocked"
    )
    func expiredBackgroundTime() throws {
        let directory = try TemporaryDirectory("authtrail-shape-expiry")
        defer { directory.remove() }
        let child = try AppShapeChild(directory: directory.path)
        child.post(LifecycleNotification.didBecomeActive)
        child.post(LifecycleNotification.didEnterBackground)
        #expect(child.waitUntilSuspendable())
        // Woken in the background with a large batch; the system takes the time back while it is written.
        child.process.send("record 5000")
        child.run("expire", answer: "expired ")
        #expect(child.waitUntilSuspendable())
        child.suspend()
        let sampler = try LockSamplerChild(directory: directory.path)
        Thread.sleep(forTimeInterval: 1)
        let seen = try #require(sampler.stop())
        #expect(seen.held == 0, "a lock held once the time was taken back: \(seen.firstHeld)")
        child.resume()
        // Back in the foreground, whatever waited in memory is written.
        child.post(LifecycleNotification.willEnterForeground)
        let health = child.shutdown()
        #expect(health["written"] == "5000" && health["lost"] == "0" && health["dropped"] == "0", "\(health)")
    }

    @Test("tail -f --operations follows a request across a suspension: open while stopped, written when it ends")
    func tailAcrossSuspension() throws {
        let directory = try TemporaryDirectory("authtrail-shape-tail")
        defer { directory.remove() }
        let child = try AppShapeChild(directory: directory.path)
        child.post(LifecycleNotification.didBecomeActive)
        #expect(child.run("attempt req-1 1 silent failure", answer: "attempted ") != nil)
        let tail = try LiveProcess.product(
            "authtrail", ["tail", "-f", "--operations", "--interval", "0.05", "--colour", "never", directory.path])
        defer { tail.send(signal: SIGKILL) }

        // The app leaves mid-operation and iOS suspends it.
        child.post(LifecycleNotification.didEnterBackground)
        #expect(child.waitUntilSuspendable(), "an assertion stayed open")
        child.suspend()
        Thread.sleep(forTimeInterval: 1)
        // The failed attempt is on disk and read while the app is stopped (a read to the end shows the operation
        // still open); the follower writes nothing for it and keeps following.
        let snapshot = try ProcessRunner.authtrail(["tail", "--operations", "--colour", "never", directory.path])
        #expect(snapshot.status == 0, "\(snapshot.standardError)")
        #expect(snapshot.text.contains(" operation req-1 1 attempt: #1 silent failure"), "\(snapshot.text)")
        #expect(tail.text.isEmpty, "an open operation was written: \(tail.text)")
        #expect(kill(tail.processIdentifier, 0) == 0, "tail stopped following: \(tail.errorText)")

        // Back in the foreground, the retry succeeds interactively.
        child.resume()
        child.post(LifecycleNotification.willEnterForeground)
        #expect(child.run("attempt req-1 2 interactive success", answer: "attempted ") != nil)
        #expect(tail.waitForOutput(timeout: 60) { $0.contains("\n") }, "\(tail.errorText)")
        #expect(
            tail.text.contains(" operation req-1 2 attempts: #1 silent failure → #2 interactive success\n"),
            "\(tail.text)")
        tail.send(signal: SIGINT)
        let end = tail.waitForExit(timeout: 30)
        #expect(end.status == 0 && !end.signalled, "\(end): \(tail.errorText)")
        let health = child.shutdown()
        #expect(health["written"] == "2" && health["lost"] == "0", "\(health)")
    }
}

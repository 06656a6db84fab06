import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

/// Background time as a test grants it: counts what the trail asks for and keeps each `expired` call, so the test
/// can take the time back as the system does.
final class CountingBackgroundTime: Sendable {
    private let state = Locked<(begun: Int, ended: Int, expiring: [@Sendable () -> Void])>((0, 0, []))

    var execution: BackgroundExecution {
        BackgroundExecution { expired in
            self.state.withLock {
                $0.begun += 1
                $0.expiring.append(expired)
            }
            return { self.state.withLock { $0.ended += 1 } }
        }
    }

    var begun: Int { state.withLock { $0.begun } }
    var ended: Int { state.withLock { $0.ended } }
    /// The `expired` call of the last assertion begun.
    var lastExpiring: (@Sendable () -> Void)? { state.withLock { $0.expiring.last } }
}

@Suite("the lifecycle notifications drive the pause, and background time ends only once the writer's step is over")
struct LifecycleStateTests {
    static func observedQueue(
        _ time: CountingBackgroundTime, center: NotificationCenter
    ) -> (EventQueue, LifecycleObserver) {
        let queue = EventQueue(
            memoryLimitBytes: 1 << 20, wakeBytes: 1 << 16, startsInBackground: true,
            backgroundExecution: time.execution)
        return (queue, LifecycleObserver(queue: queue, center: center))
    }

    static func post(_ name: String, to center: NotificationCenter) {
        center.post(name: Notification.Name(name), object: nil)
    }

    @Test("the app's notifications pause and resume it, a single scene's does not, and a repeated one changes nothing")
    func appNotifications() {
        let center = NotificationCenter()
        let time = CountingBackgroundTime()
        let (queue, observer) = Self.observedQueue(time, center: center)
        _ = observer
        #expect(queue.isPaused, "a suspendable process starts paused: a launch into the background is safe")
        Self.post(LifecycleNotification.didBecomeActive, to: center)
        #expect(!queue.isPaused && !queue.isInBackground)
        Self.post("UISceneDidEnterBackgroundNotification", to: center)
        #expect(!queue.isInBackground, "another scene may still be on screen")
        Self.post(LifecycleNotification.didEnterBackground, to: center)
        #expect(queue.isInBackground)
        #expect(time.begun == 1 && queue.holdsLease, "background time for the flush exists before the post returns")
        Self.post(LifecycleNotification.didEnterBackground, to: center)
        #expect(time.begun == 1, "idempotent")
        Self.post(LifecycleNotification.willEnterForeground, to: center)
        #expect(!queue.isInBackground && !queue.isPaused)
        Self.post(LifecycleNotification.extensionHostDidEnterBackground, to: center)
        #expect(queue.isInBackground)
        Self.post(LifecycleNotification.extensionHostWillEnterForeground, to: center)
        #expect(!queue.isInBackground)

        // A device locking: what was recorded is flushed while it can be (a fresh queue, with no request pending).
        let lockingCenter = NotificationCenter()
        let (locking, lockingObserver) = Self.observedQueue(CountingBackgroundTime(), center: lockingCenter)
        _ = lockingObserver
        Self.post(LifecycleNotification.didBecomeActive, to: lockingCenter)
        #expect(!locking.hasWork)
        Self.post(LifecycleNotification.protectedDataWillBecomeUnavailable, to: lockingCenter)
        #expect(locking.hasWork)
    }

    @Test("background time taken back while the writer works ends only once the writer is back between two steps")
    func expiryWaitsForTheWritersStep() throws {
        let center = NotificationCenter()
        let time = CountingBackgroundTime()
        let (queue, observer) = Self.observedQueue(time, center: center)
        _ = observer
        Self.post(LifecycleNotification.didBecomeActive, to: center)
        Self.post(LifecycleNotification.didEnterBackground, to: center)
        // The writer wakes for the flush under the background time and is inside its step (busy).
        let writerWoke = DispatchSemaphore(value: 0)
        let writerMayFinish = DispatchSemaphore(value: 0)
        Thread {
            _ = queue.wait(deadline: nil, forWork: true)
            writerWoke.signal()
            writerMayFinish.wait()
            _ = queue.wait(deadline: Date(), forWork: false)
        }.start()
        #expect(writerWoke.wait(timeout: .now() + 60) == .success)
        let expiring = try #require(time.lastExpiring)
        let expired = Locked(false)
        Thread {
            expiring()
            expired.withLock { $0 = true }
        }.start()
        Thread.sleep(forTimeInterval: 0.3)
        #expect(!expired.withLock { $0 }, "the time must not end while the writer may hold a lock")
        #expect(queue.isPaused, "taken back: the writer's next check stops it")
        writerMayFinish.signal()
        let deadline = Date().addingTimeInterval(60)
        while !expired.withLock({ $0 }) && Date() < deadline { usleep(5_000) }
        #expect(expired.withLock { $0 }, "ended once the writer was back between two steps")
    }

    @Test("background time asked for while work is pending is not begun once the writer has done the work")
    func noTimeForWorkAlreadyDone() {
        // The writer answered the departure's flush and let its time go before the notification's own request ran:
        // time begun then would never be let go (the writer ends it only after work), and iOS would wait on it.
        let time = CountingBackgroundTime()
        let queue = EventQueue(memoryLimitBytes: 1 << 20, wakeBytes: 1 << 16, backgroundExecution: time.execution)
        #expect(!queue.hasWork)
        queue.beginLease(whileWorkIsPending: true)
        #expect(time.begun == 0 && !queue.holdsLease)
        queue.enterBackground()
        #expect(time.begun == 1 && queue.holdsLease, "with the flush pending, the time is asked for")
    }

    @Test("Apple's expiring activity: granted time lasts until ended, a refusal or the end of the time calls expired")
    func expiringActivityShape() {
        // `perform` as Apple's: the block runs on another thread; `true` comes on yet another thread (time up), or
        // first of all (refused).
        let calls = Locked<[String]>([])
        let grantedReturned = DispatchSemaphore(value: 0)
        let granted = BackgroundExecution.expiringActivity { _, block in
            Thread {
                block(false)
                calls.withLock { $0.append("granted call returned") }
                grantedReturned.signal()
            }.start()
        }
        let end = granted.begin { calls.withLock { $0.append("expired") } }
        Thread.sleep(forTimeInterval: 0.2)
        #expect(calls.withLock { $0 }.isEmpty, "the granted call holds the time")
        end()
        #expect(grantedReturned.wait(timeout: .now() + 60) == .success)
        end()  // twice is harmless

        let refusedCalled = DispatchSemaphore(value: 0)
        let refused = BackgroundExecution.expiringActivity { _, block in
            Thread {
                block(true)
                refusedCalled.signal()
            }.start()
        }
        let expiredOnRefusal = Locked(false)
        let endRefused = refused.begin { expiredOnRefusal.withLock { $0 = true } }
        #expect(refusedCalled.wait(timeout: .now() + 60) == .success)
        #expect(expiredOnRefusal.withLock { $0 })
        endRefused()
    }

    @Test("health says paused after enterBackground(), when it paused, and active again after enterForeground()")
    func healthShowsThePause() async throws {
        let directory = try TemporaryDirectory("authtrail-health-pause")
        defer { directory.remove() }
        var configuration = TrailConfiguration(directory: directory.url, keyStore: .files(in: directory.url))
        configuration.observesLifecycle = false
        let trail = try Trail(configuration: configuration)
        trail.record(TrailEvent(name: .log, message: "before"))
        #expect(trail.health.activity == .active && trail.health.lastPause == nil)
        let before = Date()
        trail.enterBackground()
        // The flush the pause asked for runs under background time (unlimited here), then the time is let go.
        let deadline = Date().addingTimeInterval(60)
        while trail.health.activity != .paused && Date() < deadline { usleep(5_000) }
        #expect(trail.health.activity == .paused)
        #expect((trail.health.lastPause ?? .distantPast) >= before)
        #expect(try FolderContents(directory.path).events(named: "log").count == 1, "flushed before pausing")
        trail.enterForeground()
        #expect(trail.health.activity == .active)
        #expect(await trail.shutdown(timeout: .testWait))
    }

    @Test("retention is fair: fifty segments of an extension leave the app its share of the folder")
    func fairRetention() throws {
        let directory = try TemporaryDirectory("authtrail-fair-retention")
        defer { directory.remove() }
        let retention = TrailConfiguration.Retention(maxSegmentCount: 16, maxTotalBytes: 1 << 30)
        func trail(_ identifier: String) throws -> Trail {
            try Trail(
                configuration: TrailConfiguration(
                    directory: directory.url, app: AppInfo(identifier: identifier, version: "1"),
                    keyStore: .files(in: directory.url), retention: retention))
        }
        let app = try trail("com.example.app")
        for index in 0..<12 {
            app.record(TrailEvent(name: .log, attempt: index + 1))
            #expect(app.shutdown(timeout: .testWait))
        }
        let appSegments = Set(try SegmentDirectory(path: directory.path).segments().map(\.name))
        #expect(appSegments.count == 12)
        let share = try trail("com.example.app.share")
        for index in 0..<50 {
            share.record(TrailEvent(name: .log, attempt: index + 1))
            #expect(share.shutdown(timeout: .testWait))
        }
        let remaining = try SegmentDirectory(path: directory.path).segments().map(\.name)
        let appKept = remaining.filter(appSegments.contains)
        #expect(appKept.count >= 8, "the app keeps its half of 16 segments: \(appKept.count)")
        #expect(remaining.count <= 17, "\(remaining.count)")
    }
}

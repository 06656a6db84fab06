import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

/// The app delegate of the article "Getting started in an iOS app" and of the README, compiled against the UIKit
/// stand-ins of UIKitStandIns.swift.
enum AppDelegateSample {
    /// The article's `logsFolder`; here each test's temporary folder (a URL that is not a file URL outside `withValue`,
    /// which `Trail.init` refuses).
    @TaskLocal static var logsFolder = URL(string: "https://example.invalid/no-folder")!

    // BEGIN SNIPPET app-delegate
    final class AppDelegate: UIResponder, UIApplicationDelegate {
        private(set) var trail: Trail?
        private var backgroundFlush = UIBackgroundTaskIdentifier.invalid

        func application(
            _ application: UIApplication,
            didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
        ) -> Bool {
            // Once per process. Touches no disk, so it is safe at launch, even before the first unlock after a restart.
            trail = try? Trail(configuration: TrailConfiguration(directory: logsFolder))
            return true
        }

        func applicationDidEnterBackground(_ application: UIApplication) {
            guard let trail, backgroundFlush == .invalid else { return }  // one flush at a time
            // A background task keeps the app running until the flush is done; the main thread never waits for it.
            backgroundFlush = application.beginBackgroundTask(withName: "AuthTrail flush") {
                self.endBackgroundFlush(application)
            }
            Task {
                // Flushes, then pauses the writer: no file lock until applicationWillEnterForeground. False when
                // the flush timed out (a locked device): paused all the same once the write under way ends, and what
                // was not written waits in memory.
                await trail.enterBackground()
                endBackgroundFlush(application)
            }
        }

        func applicationWillEnterForeground(_ application: UIApplication) {
            trail?.enterForeground()  // writes what was recorded in the background, seals, rotates
        }

        func applicationProtectedDataDidBecomeAvailable(_ application: UIApplication) {
            trail?.protectedDataDidBecomeAvailable()  // a write the locked device refused is retried now
        }

        private func endBackgroundFlush(_ application: UIApplication) {
            guard backgroundFlush != .invalid else { return }
            application.endBackgroundTask(backgroundFlush)
            backgroundFlush = .invalid
        }
    }
    // END SNIPPET app-delegate
}

@Suite("the app delegate sample opens one trail and flushes it in a background task")
@MainActor
struct AppDelegateSampleTests {
    @Test(
        "entering the background returns at once, and the background task ends after a flush that leaves every event decodable and no segment locked"
    )
    func backgroundFlush() async throws {
        let directory = try TemporaryDirectory("authtrail-app-delegate")
        defer { directory.remove() }
        try await AppDelegateSample.$logsFolder.withValue(directory.url) {
            let application = UIApplication()
            let delegate = AppDelegateSample.AppDelegate()
            #expect(delegate.application(application, didFinishLaunchingWithOptions: nil))
            let trail = try #require(delegate.trail)
            for index in 0..<300 { trail.record(TrailEvent(name: .log, attempt: index + 1)) }

            delegate.applicationDidEnterBackground(application)
            #expect(application.begun.count == 1)
            #expect(application.ended.isEmpty, "the main actor went on without waiting for the flush")
            await application.allBackgroundTasksEnded()
            #expect(application.ended == application.begun)

            let contents = try FolderContents(directory.path)
            #expect(contents.lostNothing, "\(contents.issues.map { $0.issue.message(file: $0.file) })")
            let attempts = contents.events(named: "log").compactMap {
                FolderContents.value(of: "attempt", in: $0, quoted: false).flatMap { Int($0) }
            }
            #expect(attempts == Array(1...300), "every event recorded before the app left is in the files")
            #expect(!contents.files.isEmpty)
            for segment in contents.files {
                #expect(SuspensionTests.canLock(segment), "a segment is locked while the app could be suspended")
            }
            #expect(trail.health.eventsLost == 0 && trail.health.failures == 0)
        }
    }

    @Test("a background task that expires before the flush is done is ended by its handler; the flush still happens")
    func expiredBackgroundTask() async throws {
        let directory = try TemporaryDirectory("authtrail-app-delegate-expiry")
        defer { directory.remove() }
        try await AppDelegateSample.$logsFolder.withValue(directory.url) {
            let application = UIApplication()
            let delegate = AppDelegateSample.AppDelegate()
            #expect(delegate.application(application, didFinishLaunchingWithOptions: nil))
            let trail = try #require(delegate.trail)
            for index in 0..<100 { trail.record(TrailEvent(name: .log, attempt: index + 1)) }

            delegate.applicationDidEnterBackground(application)
            application.expireBackgroundTasks()
            #expect(application.ended == application.begun, "the expiration handler ended the task")
            #expect(await trail.flush(timeout: .testWait))
            #expect(try FolderContents(directory.path).events(named: "log").count == 100)
        }
    }

    @Test("the trail is opened once, at launch, and a launch before the folder exists creates it")
    func opensOnceAtLaunch() async throws {
        let parent = try TemporaryDirectory("authtrail-app-delegate-launch")
        defer { parent.remove() }
        let folder = parent.url.appendingPathComponent("Library/Application Support/AuthTrail", isDirectory: true)
        try await AppDelegateSample.$logsFolder.withValue(folder) {
            let application = UIApplication()
            let delegate = AppDelegateSample.AppDelegate()
            #expect(delegate.trail == nil)
            #expect(delegate.application(application, didFinishLaunchingWithOptions: nil))
            let trail = try #require(delegate.trail)
            trail.record(TrailEvent(name: .log, message: "launched"))
            #expect(await trail.flush(timeout: .testWait))
            #expect(trail.installID != nil)
            #expect(try FolderContents(folder.path).events(named: "log").count == 1)
        }
    }
}

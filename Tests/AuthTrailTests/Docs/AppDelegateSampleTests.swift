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

        func application(
            _ application: UIApplication,
            didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
        ) -> Bool {
            // Once per process. Touches no disk, so it is safe at launch, even before the first unlock after a restart.
            // Nothing else to call: the trail follows the app's lifecycle itself.
            trail = try? Trail(configuration: TrailConfiguration(directory: logsFolder))
            return true
        }
    }
    // END SNIPPET app-delegate
}

@Suite("the app delegate sample opens one trail at launch and needs no lifecycle code")
@MainActor
struct AppDelegateSampleTests {
    @Test("the sample's trail follows the lifecycle by itself, and every event it records is decodable after a flush")
    func followsTheLifecycle() async throws {
        let directory = try TemporaryDirectory("authtrail-app-delegate")
        defer { directory.remove() }
        try await AppDelegateSample.$logsFolder.withValue(directory.url) {
            let delegate = AppDelegateSample.AppDelegate()
            #expect(delegate.application(UIApplication(), didFinishLaunchingWithOptions: nil))
            let trail = try #require(delegate.trail)
            // What pauses it on iOS is played in child processes (AppShapeTests); here, where nothing is suspended,
            // the sample's configuration asks for it all the same.
            #expect(trail.configuration.observesLifecycle)
            for index in 0..<300 { trail.record(TrailEvent(name: .log, attempt: index + 1)) }
            #expect(await trail.flush(timeout: .testWait))
            let contents = try FolderContents(directory.path)
            #expect(contents.lostNothing, "\(contents.issues.map { $0.issue.message(file: $0.file) })")
            let attempts = contents.events(named: "log").compactMap {
                FolderContents.value(of: "attempt", in: $0, quoted: false).flatMap { Int($0) }
            }
            #expect(attempts == Array(1...300))
            for segment in contents.files {
                #expect(SuspensionTests.canLock(segment), "a segment is locked between writes")
            }
            #expect(trail.health.eventsLost == 0 && trail.health.failures == 0)
            #expect(trail.health.activity == .active)
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

import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Processes sharing one log folder (an app and its extensions in an App Group container), played by child
/// processes: a writer that sleeps for days keeps its segment, and many short extension launches neither push the
/// app's history out nor leave torn segments behind.
@Suite("processes sharing a folder keep each other's segments", .serialized)
struct SharedFolderShapeTests {
    @Test("a writer suspended for two days keeps its segment while another process opens the folder, and loses nothing")
    func longSleep() throws {
        let directory = try TemporaryDirectory("authtrail-shape-sleep")
        defer { directory.remove() }
        let sleeper = try AppShapeChild(directory: directory.path)
        sleeper.post(LifecycleNotification.didBecomeActive)
        #expect(sleeper.record(200) == 200)
        sleeper.post(LifecycleNotification.didEnterBackground)
        #expect(sleeper.waitUntilSuspendable())
        sleeper.suspend()
        let segments = try directory.files(withSuffix: ".jsonl.zst")
        #expect(segments.count == 1)
        let segment = try #require(segments.first)
        // Two days without a write, as a suspended app may sleep.
        let twoDaysAgo = Date().addingTimeInterval(-2 * 86400)
        try FileManager.default.setAttributes([.modificationDate: twoDaysAgo], ofItemAtPath: segment)
        let before = try Data(contentsOf: URL(fileURLWithPath: segment))

        // Another process (an extension) opens the folder: it seals torn segments and applies retention.
        let other = try AppShapeChild(directory: directory.path, role: "extension")
        #expect(other.record(10) == 10)
        #expect(other.waitUntilSuspendable())
        _ = other.shutdown()
        #expect(try Data(contentsOf: URL(fileURLWithPath: segment)) == before, "the sleeping writer's segment")

        sleeper.resume()
        sleeper.post(LifecycleNotification.willEnterForeground)
        #expect(sleeper.record(100) == 300)
        let health = sleeper.shutdown()
        #expect(health["written"] == "300" && health["lost"] == "0" && health["failures"] == "0", "\(health)")
        let attempts = try FolderContents(directory.path).attemptsByOperation["\(sleeper.processID)-t0"] ?? []
        #expect(FolderContents.gap(in: attempts, expectedCount: 300) == nil && attempts.count == 300)
    }

    @Test("a writer whose segment was sealed under it while it slept writes what it held into a new segment")
    func sealedUnderTheWriter() throws {
        let directory = try TemporaryDirectory("authtrail-shape-taken")
        defer { directory.remove() }
        let child = try AppShapeChild(directory: directory.path)
        child.post(LifecycleNotification.didBecomeActive)
        #expect(child.record(100) == 100)
        child.post(LifecycleNotification.didEnterBackground)
        #expect(child.waitUntilSuspendable())
        child.suspend()
        // Someone seals its segment (a copy ending with a seal, renamed over it), as an older library or a person
        // might.
        let segment = try #require(try directory.files(withSuffix: ".jsonl.zst").first)
        let copy = segment + ".copy"
        try (try Data(contentsOf: URL(fileURLWithPath: segment)) + Data(SegmentSeal.recovered)).write(
            to: URL(fileURLWithPath: copy))
        #expect(rename(copy, segment) == 0)
        child.resume()
        child.post(LifecycleNotification.willEnterForeground)
        #expect(child.record(150) == 250)
        let health = child.shutdown()
        #expect(health["written"] == "250" && health["lost"] == "0", "\(health)")
        // The hand-made seal follows a frame left open, which the `zstd` tool refuses: the library's reader reads it.
        let attempts = try FolderContents(directory.path).attemptsByOperation["\(child.processID)-t0"] ?? []
        #expect(attempts.sorted() == Array(1...250), "every event once, in the sealed copy or the new segment")
        let newSegments = try directory.files(withSuffix: ".jsonl.zst").filter { $0 != segment }
        #expect(try ZstdReadBack.attempts(in: newSegments)["\(child.processID)-t0"] == Array(101...250))
    }

    @Test("fifty short extension launches beside one app keep the app's share of the folder and leave no torn segment")
    func fiftyExtensionLaunches() throws {
        let directory = try TemporaryDirectory("authtrail-shape-fifty")
        defer { directory.remove() }
        // The app's history: twelve sealed segments (the default keeps 16 in all), then the app stays alive.
        let app = try AppShapeChild(directory: directory.path)
        app.post(LifecycleNotification.didBecomeActive)
        for round in 1...12 {
            #expect(app.record(10) == round * 10)
            app.run("rotate", answer: "rotated")
        }
        let appSegments = try directory.files(withSuffix: ".jsonl.zst")
        #expect(appSegments.count >= 12)
        for launch in 0..<50 {
            let extensionProcess = try AppShapeChild(directory: directory.path, role: "extension")
            #expect(extensionProcess.record(3) == 3, "launch \(launch)")
            #expect(extensionProcess.waitUntilSuspendable(), "launch \(launch)")
            // iOS ends the idle extension without telling it.
            extensionProcess.jettison()
        }
        let directoryView = SegmentDirectory(path: directory.path)
        let remaining = try directoryView.segments().map(\.name)
        let appRemaining = remaining.filter { appSegments.contains("\(directory.path)/\($0)") }
        #expect(appRemaining.count >= 8, "the app keeps its half of 16: \(appRemaining.count) of \(appSegments.count)")
        #expect(remaining.count <= 17, "retention held: \(remaining.count)")
        let sealed = Set(directoryView.sealedSegmentNames())
        let torn = remaining.filter { !sealed.contains($0) && !appRemaining.contains($0) }
        #expect(torn.isEmpty, "extensions left torn segments: \(torn)")
        app.jettison()
    }
}

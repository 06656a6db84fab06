import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

/// What an app calls around the trail's life: async flush and shutdown, a start before the folder can be written,
/// the sealed-segment hooks, and refused writes.
@Suite("the trail's lifecycle in an app")
struct LifecycleTests {
    /// The synchronous `flush`, which an async context would not pick.
    static func flushBlocking(_ trail: Trail, timeout: Duration) -> Bool { trail.flush(timeout: timeout) }

    @Test("async flush and shutdown answer without blocking a thread, and the events are in the files")
    func asyncFlushAndShutdown() async throws {
        let directory = try TemporaryDirectory("authtrail-async")
        defer { directory.remove() }
        let trail = try Trail(configuration: TrailConfiguration(directory: directory.url))
        for index in 0..<200 { trail.record(TrailEvent(name: .log, attempt: index + 1)) }
        #expect(await trail.flush(timeout: .testWait))
        #expect(try FolderContents(directory.path).events(named: "log").count == 200)
        for index in 200..<300 { trail.record(TrailEvent(name: .log, attempt: index + 1)) }
        #expect(await trail.shutdown(timeout: .testWait))
        let contents = try FolderContents(directory.path)
        #expect(contents.events(named: "log").count == 300)
        #expect(
            await trail.sealedSegments().map(\.lastPathComponent)
                == contents.files.map { ($0 as NSString).lastPathComponent })
    }

    @Test(
        "a folder that cannot be written yet: init returns, the trail starts degraded, flushes keep their timeout, and one asked for during the backoff writes at once when the folder returns"
    )
    func degradedStartRecovers() async throws {
        let parent = try TemporaryDirectory("authtrail-degraded")
        defer { parent.remove() }
        // A regular file where the folder should be: every open below it fails, as before the first unlock.
        let folder = parent.url.appendingPathComponent("logs")
        try Data("not a folder".utf8).write(to: folder)
        let trail = try Trail(configuration: TrailConfiguration(directory: folder))
        for index in 0..<100 { trail.record(TrailEvent(name: .log, attempt: index + 1)) }
        // Each flush is tried at once, fails, and doubles the backoff: twelve of them push it to its 30 s cap. Timed
        // in the synchronous form: an async test's own resumption waits for a free cooperative thread, which the
        // suites running beside it may hold for seconds.
        for _ in 0..<12 {
            let started = Date()
            #expect(Self.flushBlocking(trail, timeout: .milliseconds(100)) == false)
            #expect(Date().timeIntervalSince(started) < 2, "a flush never waits far past its timeout")
        }
        #expect(await trail.flush(timeout: .milliseconds(100)) == false)
        #expect(trail.installID == nil)
        #expect(trail.health.status == .retrying && trail.health.lastError != nil)

        try FileManager.default.removeItem(at: folder)
        // Within the 30 s backoff: only a flush tried at once can succeed in 20 s.
        #expect(await trail.flush(timeout: .seconds(20)))
        #expect(trail.installID != nil)
        #expect(trail.health.status == .writing)
        let attempts = try FolderContents(folder.path).events(named: "log").compactMap {
            FolderContents.value(of: "attempt", in: $0, quoted: false).flatMap { Int($0) }
        }
        #expect(attempts == Array(1...100), "events recorded while degraded were kept and written in order")
        #expect(await trail.shutdown(timeout: .testWait))
    }

    @Test("every sealed segment is announced once, with its URL, and listed by sealedSegments()")
    func sealedSegmentHooks() async throws {
        let directory = try TemporaryDirectory("authtrail-hooks")
        defer { directory.remove() }
        let announced = Locked<[URL]>([])
        let trail = try Trail(
            configuration: TrailConfiguration(
                directory: directory.url, onSegmentSealed: { url in announced.withLock { $0.append(url) } },
                flushBufferBytes: 4 << 10, rotation: .init(maxSegmentBytes: 8 << 10),
                retention: .init(maxSegmentCount: 1_000, maxTotalBytes: 1 << 30)))
        let events = SampleEvents.make(count: 3_000)
        for event in events { trail.record(event) }
        #expect(await trail.flush(timeout: .testWait))
        let whileRunning = await trail.sealedSegments()
        #expect(whileRunning.count >= 2, "rotation sealed segments: \(whileRunning.count)")
        #expect(announced.withLock { $0 }.map(\.path) == whileRunning.map(\.path))
        #expect(await trail.shutdown(timeout: .testWait))
        let all = try directory.files(withSuffix: ".jsonl.zst")
        #expect(await trail.sealedSegments().map(\.path) == all)
        #expect(
            announced.withLock { $0 }.map(\.path).sorted() == all, "the segment closed by shutdown is announced too")
    }
}

import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

@Suite("segment rotation and retention")
struct RotationRetentionTests {
    @Test("over a long run, segment count and total bytes stay within their bounds and the newest events are kept")
    func boundsHoldOverALongRun() throws {
        let directory = try TemporaryDirectory("authtrail-retention")
        defer { directory.remove() }
        let rotation = TrailConfiguration.Rotation(maxSegmentBytes: 8 << 10)
        let retention = TrailConfiguration.Retention(maxSegmentCount: 5, maxTotalBytes: 32 << 10)
        let trail = try Trail(
            configuration: TrailConfiguration(
                directory: directory.url, memoryLimitBytes: 64 << 20, flushBufferBytes: 16 << 10, rotation: rotation,
                retention: retention))
        let events = SampleEvents.make(count: 40_000)
        var largestTotal = 0
        var largestCount = 0
        for chunk in stride(from: 0, to: events.count, by: 1000) {
            for event in events[chunk..<(chunk + 1000)] { trail.record(event) }
            #expect(trail.flush(timeout: .testWait))
            let segments = try SegmentDirectory(path: directory.path).segments()
            largestCount = max(largestCount, segments.count)
            largestTotal = max(largestTotal, segments.reduce(0) { $0 + $1.size })
        }
        #expect(trail.shutdown(timeout: .testWait))
        let contents = try FolderContents(directory.path)
        #expect(largestCount <= 5, "at most 5 segments, the active one included")
        // Retention runs when a segment opens; the active segment then grows up to the rotation size.
        #expect(largestTotal <= (32 << 10) + (8 << 10) + (4 << 10), "total bytes: \(largestTotal)")
        #expect(contents.issues.isEmpty)
        #expect(try StressChild.zstdAccepts(contents.files))
        let correlationIDs = contents.lines.compactMap {
            FolderContents.value(of: "msal.correlation_id", in: $0, quoted: true)
        }
        #expect(correlationIDs.last == events.last?.correlationID, "the newest event is kept")
        #expect(correlationIDs.count < 40_000 / 2, "old segments were deleted")
        #expect(trail.health.eventsWritten == 40_000)
    }

    @Test("segments rotate by age, and retention deletes segments older than the maximum age")
    func ageRotationAndRetention() throws {
        let directory = try TemporaryDirectory("authtrail-age")
        defer { directory.remove() }
        let clock = ManualTrailClock(start: Date())
        let trail = try Trail(
            configuration: TrailConfiguration(
                directory: directory.url, clock: clock,
                rotation: .init(maxSegmentAge: .seconds(3600)), retention: .init(maxAge: .seconds(7 * 86400))))
        trail.record(TrailEvent(name: .log, timestamp: clock.now(), attempt: 1))
        #expect(trail.flush(timeout: .testWait))
        clock.advance(by: .seconds(2 * 3600))
        trail.record(TrailEvent(name: .log, timestamp: clock.now(), attempt: 2))
        #expect(trail.flush(timeout: .testWait))
        trail.record(TrailEvent(name: .log, timestamp: clock.now(), attempt: 3))
        #expect(trail.flush(timeout: .testWait))
        #expect(
            try directory.files(withSuffix: ".jsonl.zst").count == 2,
            "the second event's batch found the segment too old")

        clock.advance(by: .seconds(8 * 86400))
        trail.record(TrailEvent(name: .log, timestamp: clock.now(), attempt: 4))
        #expect(trail.shutdown(timeout: .testWait))
        let files = try directory.files(withSuffix: ".jsonl.zst")
        #expect(files.count == 1, "older segments were past the maximum age: \(files)")
        let contents = try FolderContents(directory.path)
        #expect(contents.lines.contains { $0.contains("\"attempt\":4") })
        #expect(!contents.lines.contains { $0.contains("\"attempt\":1,") })
    }

    @Test("retention never deletes a segment another writer holds open")
    func retentionSparesLockedSegments() throws {
        let directory = try TemporaryDirectory("authtrail-locked")
        defer { directory.remove() }
        let other = try Trail(configuration: TrailConfiguration(directory: directory.url))
        other.record(TrailEvent(name: .log, attempt: 1))
        #expect(other.flush(timeout: .testWait))
        let othersSegment = try directory.files(withSuffix: ".jsonl.zst")
        #expect(othersSegment.count == 1)

        let trail = try Trail(
            configuration: TrailConfiguration(
                directory: directory.url, retention: .init(maxSegmentCount: 1, maxTotalBytes: 1)))
        trail.record(TrailEvent(name: .log, attempt: 2))
        #expect(trail.shutdown(timeout: .testWait))
        #expect(FileManager.default.fileExists(atPath: othersSegment[0]), "the other writer's active segment survives")
        #expect(other.shutdown(timeout: .testWait))
    }
}

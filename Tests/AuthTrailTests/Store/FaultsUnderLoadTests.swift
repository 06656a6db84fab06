import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Faults at random moments while the store is busy: signals mid-write, the folder vanishing, the clock going back.
@Suite("the store under faults at random moments")
struct FaultsUnderLoadTests {
    @Test("SIGTERM and SIGKILL at random moments, mid-write included, lose no flushed event over 30 trials")
    func signalsAtRandomMoments() throws {
        let directory = try TemporaryDirectory("authtrail-signals")
        defer { directory.remove() }
        var random = SplitMix64(seed: 31)
        var expected = [String: Int]()
        for trial in 0..<30 {
            let signal = trial % 2 == 0 ? SIGTERM : SIGKILL
            let (pid, lastFlushed) = try StressChild.killAfterFlushes(
                directory: directory.path, every: 50 + Int(random.next() % 300), flushes: 1 + Int(random.next() % 30),
                signal: signal, extraMicroseconds: UInt32(random.next() % 20_000))
            expected["\(pid)-t0"] = lastFlushed + 1
        }
        // The next start seals every torn segment; then every file is whole and every flushed event is there.
        let trail = try Trail(
            configuration: TrailConfiguration(
                directory: directory.url, retention: .init(maxSegmentCount: 100_000, maxTotalBytes: 1 << 40)))
        #expect(trail.shutdown(timeout: .testWait))
        let contents = try FolderContents(directory.path)
        #expect(contents.issues.isEmpty, "\(contents.issues.map { $0.issue.message(file: $0.file) })")
        #expect(try StressChild.zstdAccepts(contents.files))
        let attempts = contents.attemptsByOperation
        var failedTrials = 0
        var lost = 0
        for (operation, flushed) in expected {
            let found = attempts[operation] ?? []
            if FolderContents.gap(in: found, expectedCount: flushed) != nil { failedTrials += 1 }
            lost += max(0, flushed - found.count)
        }
        #expect(failedTrials == 0, "\(failedTrials) of 30 trials lost a flushed event")
        // The figure docs/RELIABILITY.md quotes.
        print(
            "reliability: SIGTERM/SIGKILL: \(expected.count) trials, \(expected.values.reduce(0, +)) flushed events checked, \(lost) lost"
        )
    }

    @Test("the log folder removed mid-run: the app keeps running, losses are counted, and writing resumes")
    func folderRemovedMidRun() throws {
        let parent = try TemporaryDirectory("authtrail-removed")
        defer { parent.remove() }
        let folder = parent.url.appendingPathComponent("logs")
        let trail = try Trail(configuration: TrailConfiguration(directory: folder))
        for index in 0..<100 { trail.record(TrailEvent(name: .log, attempt: index + 1)) }
        #expect(trail.flush(timeout: .testWait))
        try FileManager.default.removeItem(at: folder)
        for index in 100..<200 { trail.record(TrailEvent(name: .log, attempt: index + 1)) }
        _ = trail.flush(timeout: .seconds(5))
        for index in 200..<300 { trail.record(TrailEvent(name: .log, attempt: index + 1)) }
        _ = trail.shutdown(timeout: .testWait)
        let health = trail.health
        // Written, lost and dropped count app events only (the store's own lines are not counted), each event once.
        #expect(
            health.eventsWritten + health.eventsLost + health.eventsDropped == 300,
            "every event is written or counted, once")
        // Whatever is in the folder now is valid, and later events were written somewhere readable or counted lost.
        let contents = try FolderContents(folder.path)
        #expect(contents.issues.isEmpty, "\(contents.issues.map(\.issue))")
        #expect(try StressChild.zstdAccepts(contents.files))
        let written = contents.lines.filter { $0.contains("\"event.name\":\"log\"") }.count
        // Events counted written are in the folder now; those written to the removed folder were moved to lost.
        #expect(
            written == health.eventsWritten,
            "written \(written), counted \(health.eventsWritten), lost \(health.eventsLost)")
    }

    @Test("the clock jumping back and forth loses nothing and leaves valid, ordered-by-sequence segments")
    func clockJumps() throws {
        let directory = try TemporaryDirectory("authtrail-clock")
        defer { directory.remove() }
        let clock = ManualTrailClock(start: Date(timeIntervalSince1970: 1_795_000_000))
        let trail = try Trail(
            configuration: TrailConfiguration(
                directory: directory.url, clock: clock,
                rotation: .init(maxSegmentBytes: 4 << 20, maxSegmentAge: .seconds(60)),
                retention: .init(maxSegmentCount: 1000, maxTotalBytes: 1 << 40, maxAge: .seconds(7200))))
        var recorded = 0
        for jump in [0, -7200, 86_400 * 3, -86_400 * 30, 30] {
            clock.advance(by: .seconds(jump))
            for _ in 0..<100 {
                recorded += 1
                trail.record(TrailEvent(name: .log, timestamp: clock.now(), attempt: recorded))
                clock.advance(by: .seconds(1))
            }
            #expect(trail.flush(timeout: .testWait))
        }
        #expect(trail.shutdown(timeout: .testWait))
        let contents = try FolderContents(directory.path)
        #expect(contents.issues.isEmpty)
        #expect(try StressChild.zstdAccepts(contents.files))
        let attempts = contents.lines.compactMap {
            FolderContents.value(of: "attempt", in: $0, quoted: false).flatMap(Int.init)
        }
        #expect(
            Set(attempts) == Set(1...recorded), "every event survives the jumps (\(Set(attempts).count) of \(recorded))"
        )
        let sequences = contents.lines.compactMap {
            FolderContents.value(of: "seq", in: $0, quoted: false).flatMap(Int.init)
        }
        #expect(sequences == sequences.sorted(), "seq orders events whatever the clock said")
    }
}

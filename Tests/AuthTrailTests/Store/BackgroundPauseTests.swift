import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// iOS kills a suspended app that holds a file lock in an App Group container (`0xdead10cc`), and it may suspend the
/// app at any moment once it is in the background and holds no background time. Here the trail lives in a child
/// process that keeps recording after `enterBackground()` while the system grants no background time, with everything
/// the writer could do due (interval flush, rotation by age, retention by count, a large torn segment to seal), while
/// another child looks for a lock on every file. (With time granted, `AppShapeTests` shows the events written.)
@Suite("a trail in the background touches no file until the app is back")
struct BackgroundPauseTests {
    @Test(
        "after enterBackground(), events keep arriving and rotation, retention and a seal are due, yet another process finds no file locked or changed; after enterForeground() every event is written and the torn segment sealed"
    )
    func pausedUntilForeground() throws {
        let directory = try TemporaryDirectory("authtrail-background")
        defer { directory.remove() }
        let trail = try LiveProcess.product("authtrail-stress", ["background", directory.path, "2000", "4"])
        defer { _ = trail.waitForExit(timeout: 1) }
        #expect(trail.waitForOutput(timeout: 120) { $0.contains("background 1999\n") }, "\(trail.errorText)")
        let before = try directory.files(withSuffix: ".jsonl.zst")
        #expect(before.count == 2, "two segments: retention (at most 2) is due at the next opening: \(before)")

        // A dead writer's large torn segment appears while the app is in the background, whole (made aside, then
        // renamed in). Named for a later time, it sorts after the trail's segments, so retention keeps it.
        let aside = try TemporaryDirectory("authtrail-background-aside")
        defer { aside.remove() }
        let made = try tornSegment(
            in: aside.path, megabytes: 4, processID: try endedProcessID(), createdAt: "2099-01-01T00:00:00.000Z")
        let torn = "\(directory.path)/\((made as NSString).lastPathComponent)"
        #expect(rename(made, torn) == 0)

        let sampler = try LockSamplerChild(directory: directory.path)
        // Several rotation ages and interval flushes long, while the trail's process records an event every 4 ms.
        Thread.sleep(forTimeInterval: 4)
        let seen = try #require(sampler.stop())
        #expect(seen.rounds >= 400, "hundreds of looks a second: \(seen.rounds)")
        #expect(seen.held == 0, "a lock while the app could be suspended: \(seen.firstHeld), in \(seen.held) rounds")
        #expect(seen.changed == 0, "a file changed in the background: \(seen.firstChange), in \(seen.changed) rounds")
        let tornName = (torn as NSString).lastPathComponent
        #expect(!SegmentDirectory(path: directory.path).sealedSegmentNames().contains(tornName), "not sealed yet")

        trail.send("foreground")
        let status = trail.waitForExit(timeout: 300)
        #expect(status.status == 0 && !status.signalled, "\(trail.errorText)")
        let output = trail.text
        #expect(output.contains("flushed\n"), "the flush after enterForeground() finished: \(output)")
        let recorded = try #require(
            output.split(separator: "\n").first { $0.hasPrefix("recorded ") }.flatMap { Int($0.dropFirst(9)) })
        #expect(recorded >= 100, "events recorded in the background: \(recorded)")
        let health = StressChild.health(in: output)
        #expect(health["lost"] == "0" && health["dropped"] == "0" && health["failures"] == "0", "\(health)")

        let contents = try FolderContents(directory.path)
        #expect(contents.issues.isEmpty, "\(contents.issues.map { $0.issue.message(file: $0.file) })")
        let pid = trail.processIdentifier
        let background = contents.attemptsByOperation["\(pid)-t1"] ?? []
        #expect(background.count == recorded, "each background event once: \(background.count) of \(recorded)")
        #expect(FolderContents.gap(in: background, expectedCount: recorded) == nil, "in order, none missing")
        let sealed = Array(try Data(contentsOf: URL(fileURLWithPath: torn)).suffix(16))
        #expect(sealed == SegmentSeal.recovered, "the torn segment is sealed once the app is back")
        #expect(contents.files.count <= 3, "retention ran: \(contents.files)")
    }
}

import AuthTrail
import AuthTrailAnalysis
import AuthTrailTestSupport
import Foundation
import Testing

/// Fields the report reads that only the writer produces: checked through the real `Trail`, not planted lines.
@Suite("what the writer records, the report counts")
struct WriterToReportTests {
    @Test("Trail.setUser: users are counted by pseudonym, and no username reaches the file")
    func usersAreCountedByPseudonym() throws {
        let directory = try TemporaryDirectory("authtrail-users")
        defer { directory.remove() }
        let trail = try Trail(configuration: TrailConfiguration(directory: directory.url))
        let failure = NSError(domain: "MSALErrorDomain", code: -50002)
        for user in ["adele.vance@contoso.com", "megan.bowen@contoso.com", "adele.vance@contoso.com"] {
            trail.setUser(user)
            trail.beginAcquisition(.silent, scopes: ["User.Read"]).failed(failure)
        }
        trail.setUser(nil)
        trail.beginAcquisition(.silent, scopes: ["User.Read"]).succeeded()
        #expect(trail.shutdown(timeout: .testWait))

        let (report, problems) = Report.build(paths: [directory.path])
        #expect(problems.isEmpty)
        #expect(report.input.users == 2)
        #expect(report.patterns.first?.users == 2)
        var collector = RecordCollector()
        _ = InputReader.read(paths: [directory.path], into: &collector)
        let text = collector.lines.joined(separator: "\n")
        #expect(!text.contains("contoso.com"), "a username was written in clear")
        #expect(text.contains("\"enduser.id\":\"<username:"))
    }

    @Test("the events a full queue drops are counted in the report's writer health")
    func droppedEventsReachTheReport() throws {
        let directory = try TemporaryDirectory("authtrail-drops")
        defer { directory.remove() }
        let trail = try Trail(configuration: TrailConfiguration(directory: directory.url, memoryLimitBytes: 16 << 10))
        for index in 0..<20_000 { trail.record(TrailEvent(name: .log, severity: .debug, attempt: index + 1)) }
        trail.record(TrailEvent(name: .log, severity: .info, message: "after the burst"))
        #expect(trail.shutdown(timeout: .testWait))
        let dropped = trail.health.eventsDropped
        #expect(dropped > 0, "a 16 KiB queue cannot hold a 20k-event burst")

        let (report, _) = Report.build(paths: [directory.path])
        #expect(report.health.droppedEvents == dropped)
        #expect(report.health.dropReports >= 1)
    }
}

import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

@Suite("the article's Console.app mirror sample")
struct ConsoleMirrorTests {
    static func configuration(logsFolder: URL) -> TrailConfiguration {
        // BEGIN SNIPPET console-mirror
        var configuration = TrailConfiguration(directory: logsFolder)
        #if DEBUG
        configuration.mirrorsToUnifiedLog = true  // Console.app: subsystem AuthTrail, category trail
        #endif
        // END SNIPPET console-mirror
        return configuration
    }

    @Test("debug builds mirror to the unified log, and the segments still get every event")
    func mirrorInDebugBuilds() async throws {
        let directory = try TemporaryDirectory("authtrail-mirror")
        defer { directory.remove() }
        let configuration = Self.configuration(logsFolder: directory.url)
        #if DEBUG
        #expect(configuration.mirrorsToUnifiedLog)
        #else
        #expect(!configuration.mirrorsToUnifiedLog)
        #endif
        let trail = try Trail(configuration: configuration)
        for index in 0..<50 { trail.record(TrailEvent(name: .log, attempt: index + 1)) }
        #expect(await trail.flush(timeout: .testWait))
        #expect(try FolderContents(directory.path).events(named: "log").count == 50)
    }
}

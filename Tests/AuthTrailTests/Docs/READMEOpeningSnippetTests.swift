// BEGIN SNIPPET readme-import
import AuthTrail
// END SNIPPET readme-import
import AuthTrailTestSupport
import Foundation
import Testing

/// The two lines of the README's "Enabling AuthTrail in an app" sample that come before the function
/// READMEExampleTests.swift compiles.
@Suite("the README's first lines open a trail")
struct READMEOpeningSnippetTests {
    static func openTrail(logsFolder: URL) throws -> Trail {
        // BEGIN SNIPPET readme-open-trail
        let trail = try Trail(configuration: TrailConfiguration(directory: logsFolder))
        // END SNIPPET readme-open-trail
        return trail
    }

    @Test("one line opens a trail that writes into the folder")
    func opensATrail() async throws {
        let directory = try TemporaryDirectory("authtrail-readme-open")
        defer { directory.remove() }
        let trail = try Self.openTrail(logsFolder: directory.url)
        trail.record(TrailEvent(name: .log, message: "opened"))
        #expect(await trail.flush(timeout: .testWait))
        #expect(try FolderContents(directory.path).events(named: "log").count == 1)
    }
}

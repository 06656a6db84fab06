import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

/// The README's sample that passes the app's MSAL set-up to the trail.
@Suite("the README's MSAL set-up sample records the set-up")
struct MSALSetupSampleTests {
    static func trail(logsFolder: URL) throws -> Trail {
        // BEGIN SNIPPET msal-setup
        let setup = MSALSetup(
            version: "2.1.0",  // the MSAL release the app ships
            authorities: [URL(string: "https://login.microsoftonline.com/contoso.onmicrosoft.com")!],
            redirectURI: "msauth.com.contoso.app://auth")
        let trail = try Trail(configuration: TrailConfiguration(directory: logsFolder, msal: setup))
        // END SNIPPET msal-setup
        return trail
    }

    @Test("the sample's trail writes the authority's host and the redirect scheme, not the tenant in the path")
    func sampleRecordsTheSetUp() throws {
        let directory = try TemporaryDirectory("authtrail-msal-setup-sample")
        defer { directory.remove() }
        let trail = try Self.trail(logsFolder: directory.url)
        trail.record(TrailEvent(name: .log, message: "one"))
        #expect(trail.shutdown(timeout: .testWait))
        let segments = try SegmentStartTests.segments(in: directory)
        try #require(segments.count == 1)
        let line = try AppConfigurationEventTests.setupLine(of: segments[0])
        #expect(line["msal.authority_hosts"] as? String == "login.microsoftonline.com")
        #expect(line["msal.redirect_uri.scheme"] as? String == "msauth.com.contoso.app")
        #expect(line["msal.version"] as? String == "2.1.0")
        #expect(!segments[0].lines.contains { "\($0)".contains("contoso.onmicrosoft.com") })
    }
}

import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

/// The recorded set-up's queries of docs/FLEET.md (`duckdb-setup` blocks), run in real DuckDB by Tools/fleet-queries.py
/// over segments real trails wrote.
@Suite("the fleet SQL finds the installs whose recorded set-up lacks the msauth scheme")
struct AppConfigurationFleetQueryTests {
    static var repository: URL {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url
    }

    /// Writes one segment (one process) into `folder`, whose install id all its processes share.
    static func write(
        into folder: URL, source: AppConfigurationSource, at time: Date
    ) throws {
        let clock = ManualTrailClock(start: time)
        var configuration = TrailConfiguration(
            directory: folder, msal: MSALSetup(version: "1.6.1"),
            keyStore: .files(in: folder.deletingLastPathComponent().appendingPathComponent("keys")), clock: clock)
        configuration.appConfigurationSource = source
        let trail = try Trail(configuration: configuration)
        trail.record(TrailEvent(name: .log, timestamp: clock.now(), message: "started"))
        #expect(trail.shutdown(timeout: .testWait))
    }

    @Test("an install is listed by its newest set-up, and the per-app summary counts each missing piece")
    func queriesReadTheRecordedSetUp() throws {
        let root = try TemporaryDirectory("authtrail-appconfig-fleet")
        defer { root.remove() }
        let without: (inout [String: Any]) -> Void = { $0["CFBundleURLTypes"] = [["CFBundleURLSchemes": ["contoso"]]] }
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        // A: released without the scheme, then updated with it: not listed.
        let a = root.url.appendingPathComponent("a/logs")
        try Self.write(into: a, source: try SampleInfoPlist.source(editing: without), at: start)
        try Self.write(into: a, source: try SampleInfoPlist.source(), at: start.addingTimeInterval(3600))
        // B: without the scheme in two processes: listed once. C: without broker query schemes, keychain refused.
        let b = root.url.appendingPathComponent("b/logs")
        try Self.write(into: b, source: try SampleInfoPlist.source(editing: without), at: start)
        try Self.write(into: b, source: try SampleInfoPlist.source(editing: without), at: start.addingTimeInterval(60))
        let c = root.url.appendingPathComponent("c/logs")
        let refusing = ScriptedKeychain(refusing: .missingEntitlement)
        try Self.write(
            into: c,
            source: try SampleInfoPlist.source(keychain: refusing) {
                $0["LSApplicationQueriesSchemes"] = ["msauthv2"]
                $0["AppIdentifierPrefix"] = "ABCDE12345."
            }, at: start)

        let script = Self.repository.appendingPathComponent("Tools/fleet-queries.py").path
        let document = Self.repository.appendingPathComponent("docs/FLEET.md").path
        let run = try ProcessRunner.run("python3", [script, "duckdb-setup", "\(root.path)/**/*.zst", document])
        try #require(run.status == 0, "DuckDB failed (Tools/setup.sh --tests installs it): \(run.standardError)")
        let output = try JSONSerialization.jsonObject(with: run.standardOutput) as? [String: Any]
        let tables = try #require(output?["tables"] as? [String: [[String: Any]]])
        #expect(Set(tables.keys) == ["setups_without_msauth_scheme", "setup_summary"])

        let installB = try String(contentsOf: b.appendingPathComponent(".install-id"), encoding: .utf8)
        let listed = try #require(tables["setups_without_msauth_scheme"])
        #expect(listed.count == 1, "\(listed)")
        #expect(listed.first?["install"] as? String == installB.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(listed.first?["bundle_id"] as? String == SampleInfoPlist.bundleID)
        #expect(listed.first?["url_schemes"] as? String == "contoso")
        #expect(listed.first?["recorded_at"] as? String == "2026-09-21T14:14:20.000Z")

        let summary = try #require(tables["setup_summary"])
        try #require(summary.count == 1, "\(summary)")
        #expect(summary[0]["bundle_id"] as? String == SampleInfoPlist.bundleID)
        #expect(summary[0]["installs"] as? Int == 3)
        #expect(summary[0]["without_msauth_scheme"] as? Int == 1)
        #expect(summary[0]["without_broker_query_schemes"] as? Int == 1)
        #expect(summary[0]["keychain_group_refused"] as? Int == 1)
    }
}

import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

/// The `app.configuration` line the writer puts after `segment.start` in every segment, read back from real files.
@Suite("every segment records the app's MSAL set-up once, right after segment.start")
struct AppConfigurationEventTests {
    static let tenantID = "72f988bf-86f1-41af-91ab-2d7cd011db47"
    static let userPrincipalName = "adele.vance@contoso.onmicrosoft.com"

    /// What a typical app passes: a tenant-specific authority (its path names the tenant), a B2C authority, and an
    /// authority URL whose user part and path carry a user's sign-in name, as a mistaken app could build it.
    static let upn = userPrincipalName
    static let setup = MSALSetup(
        version: "1.6.1",
        authorities: [
            URL(string: "https://login.microsoftonline.com/\(tenantID)")!,
            URL(string: "https://contoso.b2clogin.com/contoso.onmicrosoft.com/B2C_1_signupsignin")!,
            URL(string: "https://adele.vance%40contoso.onmicrosoft.com@Login.MicrosoftOnline.com/" + upn)!,
        ],
        knownAuthorities: [URL(string: "https://contoso.b2clogin.com/contoso.onmicrosoft.com")!],
        redirectURI: "msauth.com.microsoft.identitysample.MSALiOS://auth",
        keychainGroup: "ABCDE12345.com.microsoft.adalcache")

    static func configuration(
        _ directory: TemporaryDirectory, source: AppConfigurationSource, msal: MSALSetup? = setup,
        clock: any TrailClock = SystemTrailClock()
    ) -> TrailConfiguration {
        var configuration = TrailConfiguration(
            directory: directory.url, app: AppInfo(identifier: SampleInfoPlist.bundleID, version: "1.0"), msal: msal,
            keyStore: .files(in: directory.url.appendingPathComponent("keys")), clock: clock,
            rotation: .init(maxSegmentAge: .seconds(3600)))
        configuration.appConfigurationSource = source
        return configuration
    }

    /// The set-up lines of `segment`, checking that exactly one follows `segment.start`, as its second line.
    static func setupLine(of segment: SegmentStartTests.Segment) throws -> [String: Any] {
        let names = segment.lines.map { $0["event.name"] as? String ?? "" }
        #expect(names.first == "segment.start", "\(segment.name) starts with segment.start")
        #expect(names.filter { $0 == "app.configuration" }.count == 1, "\(segment.name): \(names)")
        try #require(names.count > 1 && names[1] == "app.configuration", "\(segment.name): \(names)")
        return segment.lines[1]
    }

    @Test("a segment and the one that rotates after it each carry one app.configuration line with the set-up")
    func everySegmentCarriesTheSetUp() throws {
        let directory = try TemporaryDirectory("authtrail-appconfig")
        defer { directory.remove() }
        let clock = ManualTrailClock(start: Date())
        let keychain = ScriptedKeychain()
        let trail = try Trail(
            configuration: Self.configuration(
                directory, source: try SampleInfoPlist.source(keychain: keychain), clock: clock))
        trail.record(TrailEvent(name: .log, timestamp: clock.now(), message: "first"))
        #expect(trail.flush(timeout: .testWait))
        // Past the rotation age: the next event opens a second segment.
        clock.advance(by: .seconds(2 * 3600))
        trail.record(TrailEvent(name: .log, timestamp: clock.now(), message: "second"))
        #expect(trail.shutdown(timeout: .testWait))

        let segments = try SegmentStartTests.segments(in: directory)
        try #require(segments.count == 2)
        for segment in segments {
            let line = try Self.setupLine(of: segment)
            // The documented values, written out here.
            #expect(line["app.bundle_id"] as? String == "com.microsoft.identitysample.MSALiOS")
            #expect(line["os.name"] as? String == "iOS")
            #expect(line["app.sandboxed"] as? String == "true")
            #expect(line["app.url_schemes"] as? String == "msauth.com.microsoft.identitysample.MSALiOS")
            #expect(line["msal.msauth_scheme_registered"] as? String == "true")
            #expect(line["msal.broker.queries_msauthv2"] as? String == "true")
            #expect(line["msal.broker.queries_msauthv3"] as? String == "true")
            #expect(line["msal.version"] as? String == "1.6.1")
            #expect(line["msal.authority_hosts"] as? String == "login.microsoftonline.com,contoso.b2clogin.com")
            #expect(line["msal.known_authority_hosts"] as? String == "contoso.b2clogin.com")
            #expect(line["msal.redirect_uri.scheme"] as? String == "msauth.com.microsoft.identitysample.msalios")
            #expect(line["msal.keychain.group"] as? String == "ABCDE12345.com.microsoft.adalcache")
            #expect(line["msal.keychain.probe"] as? String == "answered")
            #expect(line["msal.keychain.os_status"] as? String == "-25300")
            #expect(line["severity_text"] as? String == "INFO")
            // Stamped with the segment's start, so no line is earlier than `segment.created_at`.
            #expect(line["timestamp"] as? String == segment.createdAt)
            #expect(line["install.id"] as? String == segment.metadata["install.id"] as? String)
            let recorded = try #require(RecordedAppConfiguration(json: line))
            #expect(recorded.registersMSALScheme == true && recorded.keychainProbe == .answered(.itemNotFound))
        }
        // Read once per process: one probe for two segments.
        #expect(keychain.calls == 1)
        // Not an app event: health counts the two log lines only.
        #expect(trail.health.eventsWritten == 2)
    }

    @Test("a tenant id or a user's sign-in name in an authority URL never reaches the file")
    func authorityPathsStayOut() throws {
        let directory = try TemporaryDirectory("authtrail-appconfig-privacy")
        defer { directory.remove() }
        let trail = try Trail(configuration: Self.configuration(directory, source: try SampleInfoPlist.source()))
        trail.record(TrailEvent(name: .log, message: "one"))
        #expect(trail.shutdown(timeout: .testWait))

        let contents = try FolderContents(directory.path)
        let text = contents.lines.joined(separator: "\n").lowercased()
        #expect(text.contains("app.configuration"), "the set-up was written")
        for secret in [Self.tenantID, Self.userPrincipalName, "adele.vance", "adele.vance%40", "b2c_1_signupsignin"] {
            #expect(!text.contains(secret.lowercased()), "\(secret) reached the file")
        }
        // The raw bytes too (the metadata frame and compressed data), in case a value bypassed the lines.
        for file in contents.files {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
            #expect(bytes.range(of: Data(Self.tenantID.utf8)) == nil)
        }
    }

    @Test("a support bundle carries the set-up line, and its residual-PII scan finds nothing in it")
    func supportBundleCarriesTheSetUp() async throws {
        let directory = try TemporaryDirectory("authtrail-appconfig-bundle")
        defer { directory.remove() }
        let keychain = ScriptedKeychain(refusing: .missingEntitlement)
        let trail = try Trail(
            configuration: Self.configuration(
                directory, source: try SampleInfoPlist.source(keychain: keychain)))
        trail.record(TrailEvent(name: .log, message: "one"))
        let bundle = directory.url.appendingPathComponent("support.authtrail.zst")
        // Without `allowResidualPII` the export refuses a bundle in which its scanner finds personal data.
        let summary = try await trail.exportSupportBundle(to: bundle)
        #expect(summary.isWritten && summary.residualFindingCount == 0)
        let lines = try SupportBundleFixture.read(bundle).lines.compactMap {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let setups = lines.compactMap(RecordedAppConfiguration.init(json:))
        #expect(setups.count == 1)
        #expect(setups.first?.keychainProbe == .refused(.missingEntitlement))
        #expect(setups.first?.keychainGroup == "ABCDE12345.com.microsoft.adalcache")
        #expect(await trail.shutdown(timeout: .testWait))
    }

    @Test("a process without an Info.plist or an MSAL set-up writes no app.configuration line")
    func nothingToRecordWritesNothing() throws {
        let directory = try TemporaryDirectory("authtrail-appconfig-none")
        defer { directory.remove() }
        let source = AppConfigurationSource(bundle: { nil }, environment: { [:] }, platform: "Linux", keychain: nil)
        let trail = try Trail(configuration: Self.configuration(directory, source: source, msal: nil))
        trail.record(TrailEvent(name: .log, message: "one"))
        #expect(trail.shutdown(timeout: .testWait))
        let segments = try SegmentStartTests.segments(in: directory)
        try #require(segments.count == 1)
        #expect(segments[0].lines.map { $0["event.name"] as? String } == ["segment.start", "log"])
    }

    @Test("with only an MSAL set-up (no Info.plist) on Linux, the line says the Keychain was not checked")
    func linuxSaysNotChecked() throws {
        let directory = try TemporaryDirectory("authtrail-appconfig-linux")
        defer { directory.remove() }
        let source = AppConfigurationSource(bundle: { nil }, environment: { [:] }, platform: "Linux", keychain: nil)
        let trail = try Trail(configuration: Self.configuration(directory, source: source))
        trail.record(TrailEvent(name: .log, message: "one"))
        #expect(trail.shutdown(timeout: .testWait))
        let segments = try SegmentStartTests.segments(in: directory)
        try #require(segments.count == 1)
        let line = try Self.setupLine(of: segments[0])
        #expect(line["msal.keychain.probe"] as? String == "not_checked")
        #expect(line["msal.keychain.reason"] as? String == "no Keychain on this platform")
        #expect(line["msal.keychain.os_status"] == nil)
        // Nothing the Info.plist would say is guessed.
        #expect(line["app.bundle_id"] == nil && line["msal.msauth_scheme_registered"] == nil)
        #expect(line["app.sandboxed"] == nil)
        #expect(line["msal.authority_hosts"] as? String == "login.microsoftonline.com,contoso.b2clogin.com")
    }
}

import AuthTrail
import Foundation
import Testing

/// The read-side model of the `app.configuration` event: what the Info.plist facts become, and the round trip through
/// an event line.
@Suite("a recorded app configuration reads back as it was written")
struct RecordedAppConfigurationTests {
    @Test("the sample app's Info.plist gives its schemes, the msauth scheme and both broker query schemes")
    func sampleInfoPlist() throws {
        let recorded = try #require(RecordedAppConfiguration(observing: try SampleInfoPlist.source(), msal: nil))
        #expect(recorded.bundleID == "com.microsoft.identitysample.MSALiOS")
        #expect(recorded.urlSchemes == ["msauth.com.microsoft.identitysample.MSALiOS"])
        #expect(recorded.registersMSALScheme == true)
        #expect(recorded.queriesMSAuthV2 == true && recorded.queriesMSAuthV3 == true)
        #expect(recorded.msalVersion == nil && recorded.authorityHosts.isEmpty && recorded.redirectScheme == nil)
    }

    @Test("a copy without the msauth scheme or the broker schemes says so")
    func mutatedInfoPlist() throws {
        let source = try SampleInfoPlist.source { info in
            info["CFBundleURLTypes"] = [["CFBundleURLSchemes": ["contoso-app"]]]
            info["LSApplicationQueriesSchemes"] = ["msauth"]
        }
        let recorded = try #require(RecordedAppConfiguration(observing: source, msal: nil))
        #expect(recorded.urlSchemes == ["contoso-app"])
        #expect(recorded.registersMSALScheme == false)
        #expect(recorded.queriesMSAuthV2 == false && recorded.queriesMSAuthV3 == false)
        #expect(recorded.attributes["msal.msauth_scheme_registered"] == "false")
    }

    @Test("a URL scheme that is not a scheme's spelling (free text in the Info.plist) is left out")
    func invalidSchemesAreDropped() throws {
        let source = try SampleInfoPlist.source { info in
            info["CFBundleURLTypes"] = [["CFBundleURLSchemes": ["ok-scheme", "adele vance@contoso.com", "a,b", ""]]]
        }
        let recorded = try #require(RecordedAppConfiguration(observing: source, msal: nil))
        #expect(recorded.urlSchemes == ["ok-scheme"])
    }

    @Test(
        "redirect URIs give their scheme only",
        arguments: [
            ("msauth.com.contoso.app://auth", "msauth.com.contoso.app"),
            ("MSAuth.Com.Contoso.App://auth", "msauth.com.contoso.app"),
            ("https://login.microsoftonline.com/common/oauth2/nativeclient", "https"), ("no scheme here", nil),
            ("adele@contoso.com:secret", nil), ("", nil),
        ] as [(String, String?)])
    func redirectSchemes(uri: String, scheme: String?) {
        let recorded = RecordedAppConfiguration(observing: Self.noBundle, msal: MSALSetup(redirectURI: uri))
        #expect(recorded?.redirectScheme == scheme)
    }

    static let noBundle = AppConfigurationSource(
        bundle: { nil }, environment: { [:] }, platform: "Linux", keychain: nil)

    static let examples: [RecordedAppConfiguration] = [
        RecordedAppConfiguration(
            bundleID: "com.contoso.app", platform: "iOS", sandboxed: true,
            urlSchemes: ["msauth.com.contoso.app", "contoso"], registersMSALScheme: true, queriesMSAuthV2: true,
            queriesMSAuthV3: false, msalVersion: "2.1.0",
            authorityHosts: ["login.microsoftonline.com", "contoso.b2clogin.com"],
            knownAuthorityHosts: ["contoso.b2clogin.com"], redirectScheme: "msauth.com.contoso.app",
            keychainGroup: "ABCDE12345.com.microsoft.adalcache", keychainProbe: .refused(.missingEntitlement)),
        RecordedAppConfiguration(platform: "Linux", keychainProbe: .notChecked(reason: "no Keychain on this platform")),
        RecordedAppConfiguration(
            bundleID: "com.contoso.mac", platform: "macOS", sandboxed: false, registersMSALScheme: false,
            queriesMSAuthV2: false, queriesMSAuthV3: false, keychainGroup: "com.microsoft.identity.universalstorage",
            keychainProbe: .answered(.itemNotFound)),
    ]

    @Test("an event line written by the JSON writer parses back to the same model", arguments: examples)
    func roundTrip(recorded: RecordedAppConfiguration) throws {
        var writer = JSONLineWriter()
        recorded.event(at: Date(timeIntervalSince1970: 1_790_000_000))
            .encode(into: &writer, context: EventContext(installID: "install", sequence: 2))
        let line = Data(writer.bytes)
        let object = try #require(try JSONSerialization.jsonObject(with: line) as? [String: Any])
        #expect(object["event.name"] as? String == "app.configuration")
        #expect(RecordedAppConfiguration(json: object) == recorded)
    }

    @Test("other events, and values that do not parse, are not read as a set-up")
    func untrustedLines() {
        #expect(RecordedAppConfiguration(json: ["event.name": "segment.start", "app.bundle_id": "x"]) == nil)
        let odd = RecordedAppConfiguration(json: [
            "event.name": "app.configuration", "app.sandboxed": "maybe", "msal.keychain.probe": "refused",
            "msal.keychain.os_status": "not a number", "app.url_schemes": 42,
        ])
        #expect(odd == RecordedAppConfiguration())
    }
}

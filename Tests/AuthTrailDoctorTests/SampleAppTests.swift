import AuthTrailDoctor
import Testing

/// Microsoft's own MSAL samples and MSAL's test apps are set up correctly: the doctor finds nothing in them.
@Suite("the doctor on real MSAL sample apps")
struct SampleAppTests {
    @Test(
        "a correctly set-up sample gives no finding, and the rules its input can answer pass",
        arguments: [
            ("ios-swift", "MSALiOS", AppSetup.Platform.iOS, 6),
            ("ios-b2c", "MSALiOSB2C", .iOS, 4),
            ("macos", "MSALMacOS", .macOS, 4),
        ])
    func correctSample(sample: String, target: String, platform: AppSetup.Platform, passed: Int) throws {
        let report = try SampleApps.report([sample])
        try #require(report.results.count == 1)
        let result = report.results[0]
        #expect(result.setup.name == target)
        #expect(result.setup.platform == platform)
        #expect(result.findings == [], "\(result.findings)")
        #expect(result.passed.count == passed, "passed \(result.passed), not checked \(result.notChecked)")
        #expect(result.setup.unresolved.isEmpty)
    }

    @Test("the iOS sample's facts are read from its project, Info.plist, entitlements and sources")
    func iOSFacts() throws {
        let setup = try SampleApps.report(["ios-swift/MSALiOS.xcodeproj"]).results[0].setup
        #expect(setup.bundleIdentifier?.value == .resolved("com.microsoft.identitysample.MSALiOS"))
        #expect(setup.urlSchemes?.map(\.value) == ["msauth.com.microsoft.identitysample.MSALiOS"])
        #expect(setup.querySchemes?.value == ["msauth", "msauthv2", "msauthv3"])
        #expect(
            setup.keychain
                == .entitlements(
                    groups: [
                        "$(AppIdentifierPrefix)com.microsoft.MSALTestApp",
                        "$(AppIdentifierPrefix)com.microsoft.adalcache",
                    ],
                    location: SetupLocation(
                        file: SampleApps.path("ios-swift/MSALiOS/MSALiOS.entitlements"),
                        keyPath: "keychain-access-groups")))
        #expect(setup.redirectURIs.map(\.value) == ["msauth.com.microsoft.identitysample.MSALiOS://auth"])
        #expect(
            setup.authorities.map(\.value) == [.init(text: "https://login.microsoftonline.com/common", kind: .entra)])
        #expect(setup.handOff?.calls.count == 1)
    }

    @Test("the B2C sample's default redirect URI and known authorities are recognised")
    func b2cFacts() throws {
        let result = try SampleApps.report(["ios-b2c"]).results[0]
        #expect(result.setup.redirectURIs.isEmpty)
        #expect(result.setup.authorities.map(\.value.kind) == [.b2c])
        #expect(result.setup.knownAuthorities != nil)
        #expect(result.passed.contains("redirect-scheme-not-registered"))
        #expect(result.passed.contains("authority-not-known"))
        // msal<client id>://auth is not broker-capable, so MSAL does not ask for the broker's query schemes.
        #expect(result.notChecked.contains { $0.rule == "broker-query-schemes-missing" })
    }

    @Test("MSAL's iOS test app: no finding, and the bundle id its project would set is reported unresolved")
    func msalTestAppIOS() throws {
        let result = try SampleApps.report(["msal-test-app-ios"]).results[0]
        #expect(result.findings == [])
        #expect(result.setup.unresolved.map(\.value).contains("$(PRODUCT_BUNDLE_IDENTIFIER)"))
        let reasons = Dictionary(result.notChecked.map { ($0.rule.rawValue, $0.reason) }) { first, _ in first }
        #expect(reasons["redirect-scheme-not-registered"]?.contains("not resolved") == true, "\(reasons)")
        #expect(result.passed.contains("keychain-group-missing"))
        #expect(result.passed.contains("response-hand-off-missing"))
    }

    @Test("MSAL's macOS test app: sandboxed with network access and the universal storage group")
    func msalTestAppMac() throws {
        let result = try SampleApps.report(["msal-test-app-mac"]).results[0]
        #expect(result.setup.platform == .macOS)
        #expect(result.findings == [])
        #expect(result.passed.contains("keychain-group-missing"))
        #expect(result.passed.contains("sandbox-network-client-missing"))
    }

    @Test("the packaged sample (.ipa with a binary Info.plist and signed entitlements) gives no finding")
    func ipa() throws {
        let result = try SampleApps.report(["ipa/MSALiOS.ipa"]).results[0]
        #expect(result.setup.name == "MSALiOS.app")
        #expect(result.setup.bundleIdentifier?.value == .resolved("com.microsoft.identitysample.MSALiOS"))
        #expect(result.findings == [])
        #expect(result.passed.contains("keychain-group-missing"))
        #expect(result.passed.contains("redirect-scheme-not-registered"))
        #expect(result.passed.contains("broker-query-schemes-missing"))
    }
}

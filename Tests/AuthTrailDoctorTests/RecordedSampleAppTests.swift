import AuthTrail
import AuthTrailDoctor
import Foundation
import Testing

/// A real sample app, run: its Info.plist and entitlements as iOS would hand them to the app, recorded the way the
/// library records them (`RecordedAppConfiguration(observing:)`, through the event's attributes and back), then judged
/// by the rules. Each planted mistake the file doctor finds in the sample's files must be found from the recording
/// alone, with the same rule, and the correct sample must give nothing.
@Suite("the rules on what a running sample app records agree with the doctor on its files")
struct RecordedSampleAppTests {
    /// A Keychain that grants the groups of an entitlements file (with a team prefix) and refuses every other with
    /// errSecMissingEntitlement, as iOS does.
    struct EntitledKeychain: KeychainCalls {
        var granted: Set<String>

        func copyData(
            service: String, account: String, accessGroup: String?
        ) -> (status: KeychainStatus, data: [UInt8]?) {
            (granted.contains(accessGroup ?? "") ? .itemNotFound : .missingEntitlement, nil)
        }

        func add(_ data: [UInt8], service: String, account: String, accessGroup: String?) -> KeychainStatus {
            .missingEntitlement
        }
    }

    static let teamPrefix = "UBF8T346G9."

    /// What the app records when it runs: `info` and `entitlements` (relative to the sample's folder at `root`) with
    /// the build settings Xcode substitutes, and `msal` as the sample passes it.
    static func recorded(
        root: String, info: String, entitlements: String, bundleID: String, msal: MSALSetup
    ) throws -> RecordedAppConfiguration {
        func plist(_ file: String) throws -> [String: Any] {
            let text = try String(contentsOfFile: "\(root)/\(file)", encoding: .utf8)
                .replacingOccurrences(of: "$(PRODUCT_BUNDLE_IDENTIFIER)", with: bundleID)
                .replacingOccurrences(of: "$(AppIdentifierPrefix)", with: teamPrefix)
            return try #require(
                try PropertyListSerialization.propertyList(from: Data(text.utf8), format: nil) as? [String: Any])
        }
        let infoDictionary = try plist(info)
        let groups = try plist(entitlements)["keychain-access-groups"] as? [String] ?? []
        var facts = AppBundleFacts(infoDictionary: infoDictionary)
        facts?.appIdentifierPrefix = teamPrefix
        let source = AppConfigurationSource(
            bundle: { [facts] in facts },
            environment: { [:] }, platform: "iOS", keychain: EntitledKeychain(granted: Set(groups)))
        let observed = try #require(RecordedAppConfiguration(observing: source, msal: msal))
        // As the event writes it and the report reads it back.
        return RecordedAppConfiguration(attributes: observed.attributes)
    }

    static func rules(_ setup: RecordedAppConfiguration) -> [String] {
        DoctorReport(setups: [AppSetup(recorded: setup)]).results[0].findings.map(\.rule.rawValue)
    }

    /// The rules the file doctor finds in the sample at `root` (the source-only hand-off rule aside: a recording
    /// cannot see sources).
    static func fileRules(_ root: String) throws -> [String] {
        try SampleApps.report([root]).results.flatMap(\.findings).map(\.rule.rawValue)
    }

    // The MSAL set-up ios-swift's ViewController passes (kRedirectUri, kAuthority).
    static let iosBundle = "com.microsoft.identitysample.MSALiOS"
    static let iosMSAL = MSALSetup(
        version: "1.2.0", authorities: [URL(string: "https://login.microsoftonline.com/common")!],
        redirectURI: "msauth.com.microsoft.identitysample.MSALiOS://auth")

    struct Mistake: Sendable, CustomTestStringConvertible {
        var file: String
        var find: String
        var replace: String
        var bundleID = RecordedSampleAppTests.iosBundle
        var rule: String
        var testDescription: String { rule }
    }

    static let mistakes: [Mistake] = [
        Mistake(
            file: "MSALiOS/Info.plist", find: "<string>msauth.com.microsoft.identitysample.MSALiOS</string>",
            replace: "<string>msauth.com.microsoft.identitysample.MSALiOSApp</string>",
            rule: "redirect-scheme-not-registered"),
        Mistake(
            file: "MSALiOS/Info.plist", find: "<string>msauthv3</string>", replace: "",
            rule: "broker-query-schemes-missing"),
        Mistake(
            file: "MSALiOS/MSALiOS.entitlements",
            find: "<string>$(AppIdentifierPrefix)com.microsoft.adalcache</string>", replace: "",
            rule: "keychain-group-missing"),
        Mistake(
            file: "MSALiOS.xcodeproj/project.pbxproj",
            find: "PRODUCT_BUNDLE_IDENTIFIER = com.microsoft.identitysample.MSALiOS;",
            replace: "PRODUCT_BUNDLE_IDENTIFIER = com.contoso.MSALiOS;", bundleID: "com.contoso.MSALiOS",
            rule: "redirect-uri-bundle-mismatch"),
    ]

    @Test("the correct sample records a set-up with no finding")
    func correctSample() throws {
        let setup = try Self.recorded(
            root: SampleApps.path("ios-swift"), info: "MSALiOS/Info.plist",
            entitlements: "MSALiOS/MSALiOS.entitlements",
            bundleID: Self.iosBundle, msal: Self.iosMSAL)
        #expect(setup.registersMSALScheme == true)
        #expect(setup.keychainProbe == .answered(.itemNotFound))
        #expect(Self.rules(setup) == [])
    }

    @Test(
        "a mistake planted in the sample's files is found from the recording, as the doctor finds it in the files",
        arguments: mistakes)
    func plantedMistake(_ mistake: Mistake) throws {
        let root = try SampleApps.mutatedCopy(
            "ios-swift", file: mistake.file, find: mistake.find, replace: mistake.replace)
        defer {
            try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: root).deletingLastPathComponent().path)
        }
        #expect(try Self.fileRules(root) == [mistake.rule])
        let setup = try Self.recorded(
            root: root, info: "MSALiOS/Info.plist", entitlements: "MSALiOS/MSALiOS.entitlements",
            bundleID: mistake.bundleID, msal: Self.iosMSAL)
        #expect(Self.rules(setup) == [mistake.rule])
        // The event lower-cases the redirect scheme; the finding spells it as the app registers it.
        let problem = DoctorReport(setups: [AppSetup(recorded: setup)]).results[0].findings.first?.problem ?? ""
        if mistake.rule == "redirect-uri-bundle-mismatch" {
            #expect(problem.contains("msauth.com.microsoft.identitysample.MSALiOS://auth"), "\(problem)")
            #expect(problem.contains("the bundle id com.contoso.MSALiOS"), "\(problem)")
        }
    }

    @Test("a B2C authority is judged by its host: without knownAuthorities it is found, with them it passes")
    func b2cAuthority() throws {
        // ios-b2c's ViewController: https://fabrikamb2c.b2clogin.com/tfp/<tenant>/<policy>, listed in knownAuthorities.
        let authority = URL(string: "https://fabrikamb2c.b2clogin.com/tfp/fabrikamb2c.onmicrosoft.com/b2c_1_susi")!
        let bundle = "com.microsoft.identity.client.sample.MSALiOSB2C"
        func rules(known: [URL]) throws -> [String] {
            let msal = MSALSetup(
                authorities: [authority], knownAuthorities: known,
                redirectURI: "msal90c0fe63-bcf2-44d5-8fb7-b8bbc0b29dc6://auth")
            return Self.rules(
                try Self.recorded(
                    root: SampleApps.path("ios-b2c"), info: "MSALiOSB2C/Info.plist",
                    entitlements: "MSALiOSB2C/MSALiOSB2C.entitlements", bundleID: bundle, msal: msal))
        }
        #expect(try rules(known: [authority]) == [])
        #expect(try rules(known: []) == ["authority-not-known"])
    }
}

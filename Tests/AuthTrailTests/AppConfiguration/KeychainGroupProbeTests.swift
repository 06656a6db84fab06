import AuthTrail
import Foundation
import Testing

/// The keychain-group probe through the `KeychainCalls` seam, with the statuses a real Keychain answers.
@Suite("the keychain group probe says whether MSAL's group answers, and why not")
struct KeychainGroupProbeTests {
    static func observe(
        keychain: (any KeychainCalls)?, platform: String = "iOS", msal: MSALSetup? = nil,
        editing edit: (inout [String: Any]) -> Void = { _ in }
    ) throws -> RecordedAppConfiguration {
        try #require(
            RecordedAppConfiguration(
                observing: try SampleInfoPlist.source(platform: platform, keychain: keychain, editing: edit), msal: msal
            ))
    }

    @Test("a missing keychain-access-groups entitlement is recorded as refused with -34018")
    func missingEntitlementIsRefused() throws {
        let keychain = ScriptedKeychain(refusing: .missingEntitlement)
        let recorded = try Self.observe(
            keychain: keychain, msal: MSALSetup(keychainGroup: "ABCDE12345.com.microsoft.adalcache"))
        #expect(recorded.keychainProbe == .refused(KeychainStatus(rawValue: -34018)))
        #expect(recorded.attributes["msal.keychain.probe"] == "refused")
        #expect(recorded.attributes["msal.keychain.os_status"] == "-34018")
        #expect(keychain.calls == 1)
    }

    @Test("a group that answers item-not-found (-25300) answered; nothing is added to the Keychain")
    func notFoundAnswers() throws {
        let keychain = ScriptedKeychain()
        let recorded = try Self.observe(
            keychain: keychain, msal: MSALSetup(keychainGroup: "ABCDE12345.com.example.shared"))
        #expect(recorded.keychainProbe == .answered(.itemNotFound))
        #expect(recorded.keychainGroup == "ABCDE12345.com.example.shared")
        #expect(keychain.calls == 1)
        #expect(keychain.secret(account: "probe") == nil, "the probe only reads")
    }

    @Test("MSAL's default group per platform, with the Info.plist's AppIdentifierPrefix when the app names none")
    func defaultGroupTakesThePrefix() throws {
        let keychain = ScriptedKeychain(refusing: .missingEntitlement)
        let iOS = try Self.observe(keychain: keychain) { $0["AppIdentifierPrefix"] = "ABCDE12345." }
        #expect(iOS.keychainGroup == "ABCDE12345.com.microsoft.adalcache")
        #expect(iOS.keychainProbe == .refused(.missingEntitlement))
        let macOS = try Self.observe(keychain: keychain, platform: "macOS") {
            $0["AppIdentifierPrefix"] = "ABCDE12345."
        }
        #expect(macOS.keychainGroup == "ABCDE12345.com.microsoft.identity.universalstorage")
    }

    @Test("without a team prefix the group is not probed (an unprefixed group would be refused whatever the set-up)")
    func unknownPrefixIsNotChecked() throws {
        let keychain = ScriptedKeychain(refusing: .missingEntitlement)
        let recorded = try Self.observe(keychain: keychain)
        #expect(recorded.keychainGroup == "com.microsoft.adalcache")
        #expect(recorded.keychainProbe == .notChecked(reason: "team prefix unknown"))
        #expect(keychain.calls == 0)
    }

    @Test("where there is no Keychain (Linux) the probe says so instead of guessing")
    func noKeychainIsNotChecked() throws {
        let recorded = try Self.observe(
            keychain: nil, platform: "Linux", msal: MSALSetup(keychainGroup: "ABCDE12345.g"))
        #expect(recorded.keychainProbe == .notChecked(reason: "no Keychain on this platform"))
        #expect(recorded.attributes["msal.keychain.probe"] == "not_checked")
        #expect(recorded.attributes["msal.keychain.os_status"] == nil)
    }

    @Test("the running process's own source on Linux has no Info.plist, no Keychain and no sandbox")
    func currentSourceOnThisPlatform() throws {
        let current = AppConfigurationSource.current
        #if canImport(Security)
        #expect(current.keychain != nil)
        #else
        #expect(current.keychain == nil)
        // A test or command-line process has no Info.plist: with no MSAL set-up either, it writes no set-up line, so
        // the segments of the CLI's demo and of the analysis fixtures are as before.
        #expect(current.bundle() == nil)
        #expect(RecordedAppConfiguration(observing: current, msal: nil) == nil)
        let recorded = try #require(RecordedAppConfiguration(observing: current, msal: MSALSetup(version: "2.0.0")))
        #expect(recorded.keychainProbe == .notChecked(reason: "no Keychain on this platform"))
        #expect(recorded.platform == "Linux" && recorded.sandboxed == nil)
        #endif
    }

    @Test("a Mac app is sandboxed when the sandbox's container id is in its environment")
    func macSandboxFromTheEnvironment() throws {
        func sandboxed(_ environment: [String: String]) throws -> Bool? {
            let source = try SampleInfoPlist.source(platform: "macOS", environment: environment)
            return try #require(RecordedAppConfiguration(observing: source, msal: nil)).sandboxed
        }
        #expect(try sandboxed(["APP_SANDBOX_CONTAINER_ID": "com.example.mac"]) == true)
        #expect(try sandboxed(["HOME": "/Users/someone"]) == false)
    }
}

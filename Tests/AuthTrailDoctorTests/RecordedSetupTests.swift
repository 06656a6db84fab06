import AuthTrailDoctor
import Testing

/// The rules read only the model: a set-up built without any file (as one recorded by a running app will be) is
/// judged by the same rules.
@Suite("the rules on a set-up recorded by a running app")
struct RecordedSetupTests {
    /// What an app can see of itself: bundle id, URL schemes, query schemes, whether its keychain group answered.
    static func recorded(keychainAnswered: Bool, querySchemes: [String]) -> AppSetup {
        let event = SetupLocation(file: "app.configuration event")
        var setup = AppSetup(name: "com.contoso.app")
        setup.platform = .iOS
        setup.bundleIdentifier = Located(.resolved("com.contoso.app"), at: event)
        setup.urlSchemes = [Located("msauth.com.contoso.app", at: event)]
        setup.querySchemes = Located(querySchemes, at: event)
        setup.keychain = .probe(group: "com.microsoft.adalcache", answered: keychainAnswered, location: event)
        return setup
    }

    @Test("a recorded set-up that is right passes every rule it can answer; the rest are not checked")
    func rightSetup() {
        let setup = Self.recorded(keychainAnswered: true, querySchemes: ["msauthv2", "msauthv3"])
        let result = DoctorReport(setups: [setup]).results[0]
        #expect(result.findings == [])
        #expect(
            Set(result.passed.map(\.rawValue)) == [
                "redirect-scheme-not-registered", "broker-query-schemes-missing", "keychain-group-missing",
            ])
        // No source was read: the hand-off and the authorities are unknown, never findings.
        #expect(result.notChecked.map(\.rule.rawValue).contains("response-hand-off-missing"))
    }

    @Test("a keychain group that did not answer and a missing query scheme are found from the record alone")
    func wrongSetup() {
        let findings = DoctorReport(setups: [Self.recorded(keychainAnswered: false, querySchemes: ["msauthv2"])])
            .results[0].findings
        #expect(findings.map(\.rule.rawValue) == ["broker-query-schemes-missing", "keychain-group-missing"])
        #expect(findings.allSatisfy { $0.location.file == "app.configuration event" })
        #expect(findings[1].problem.hasSuffix("but the keychain refused the group"))
    }
}

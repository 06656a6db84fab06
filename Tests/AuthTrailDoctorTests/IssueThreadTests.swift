import AuthTrailDoctor
import Testing

/// Misconfigurations from public issue threads (Tests/SampleApps/issues, each SOURCE.md quoting the thread): the
/// doctor predicts the error the reporter saw.
@Suite("set-ups from public issue threads")
struct IssueThreadTests {
    @Test(
        "the doctor predicts the error the reporter saw",
        arguments: [
            // microsoft-authentication-library-for-objc#955: -42700 back from Authenticator, hand-off in the
            // AppDelegate of an app with scenes.
            ("scene-hand-off", "response-hand-off-missing", -42700, "SceneDelegate.swift"),
            // microsoft-authentication-library-common-for-objc#454: -50000, MSALInternalErrorCodeKey=-50000.
            ("b2c-known-authorities", "authority-not-known", -50000, "AuthClient.swift"),
            // ms-identity-mobile-apple-swift-objc#2: -42001, the scheme of the new client id not registered.
            ("sample-client-id", "redirect-scheme-not-registered", -42001, "Info.plist"),
            // microsoft-authentication-library-for-objc#2183: a bare msauth scheme; the fix is msauth.<bundle id>.
            ("bare-msauth-scheme", "redirect-scheme-not-registered", -42001, "Info.plist"),
        ])
    func reportedError(case name: String, rule: String, subcode: Int, file: String) throws {
        let report = try SampleApps.report(["issues/\(name)"])
        let findings = report.results.flatMap(\.findings)
        try #require(findings.count == 1, "\(findings)")
        #expect(findings[0].rule.rawValue == rule)
        #expect(findings[0].errors.first?.domain == "MSALErrorDomain")
        #expect(findings[0].errors.first?.code == -50000)
        #expect(findings[0].errors.first?.subcode == subcode)
        #expect(findings[0].location.file.hasSuffix("/issues/\(name)/\(file)"), "\(findings[0].location)")
    }

    @Test("the bare msauth scheme's fix is the one the thread gives: msauth.<bundle id>")
    func bareSchemeFix() throws {
        let finding = try SampleApps.report(["issues/bare-msauth-scheme"]).findingsList[0]
        #expect(finding.fix.hasPrefix("add msauth.com.example.flutterapp to CFBundleURLTypes"))
    }

    @Test("the scene case points at the scene delegate and says why the AppDelegate's call is not enough")
    func sceneCase() throws {
        let finding = try SampleApps.report(["issues/scene-hand-off"]).findingsList[0]
        #expect(finding.location.line == 3)
        #expect(finding.problem.contains("handleMSALResponse is called only outside the scene delegate"))
    }
}

extension DoctorReport {
    var findingsList: [Finding] { results.flatMap(\.findings) }
}

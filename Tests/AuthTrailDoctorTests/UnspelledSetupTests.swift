import AuthTrailDoctor
import AuthTrailTestSupport
import Foundation
import Testing

/// An app whose sources do not show its redirect URI (read from the bundle at run time) nor an app delegate (a
/// Flutter or generated one, a file not given): the rules say what they could not see, and point at files that exist.
@Suite("the doctor on an app whose sources do not spell out the redirect URI or show a delegate")
struct UnspelledSetupTests {
    static func report(querySchemes: [String]) throws -> DoctorReport.SetupResult {
        let directory = try TemporaryDirectory("authtrail-doctor-unspelled")
        defer { directory.remove() }
        let queries = querySchemes.map { "<string>\($0)</string>" }.joined()
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>
            <key>CFBundleIdentifier</key><string>com.example.app</string>
            <key>LSRequiresIPhoneOS</key><true/>
            <key>CFBundleURLTypes</key><array><dict><key>CFBundleURLSchemes</key>
            <array><string>MYSCHEME</string></array></dict></array>
            <key>LSApplicationQueriesSchemes</key><array>\(queries)</array>
            </dict></plist>
            """
        let source = """
            import MSAL
            final class Auth {
                private var redirectUri: String { Bundle.main.infoDictionary?["MSAL_REDIRECT_URI"] as? String ?? "" }
                func make() throws -> MSALPublicClientApplication {
                    let config = MSALPublicClientApplicationConfig(clientId: "abc", redirectUri: redirectUri, authority: nil)
                    return try MSALPublicClientApplication(configuration: config)
                }
            }
            """
        try plist.write(toFile: directory.path + "/Info.plist", atomically: true, encoding: .utf8)
        try source.write(toFile: directory.path + "/Auth.swift", atomically: true, encoding: .utf8)
        let report = DoctorReport(setups: try SetupReader.read([directory.path]))
        return try #require(report.results.first)
    }

    static func notChecked(_ rule: String, in result: DoctorReport.SetupResult) -> String? {
        result.notChecked.first { $0.rule.rawValue == rule }?.reason
    }

    @Test("broker query schemes: both listed passes whatever the redirect URI; one missing is not judged, saying why")
    func brokerQuerySchemes() throws {
        let both = try Self.report(querySchemes: ["msauthv2", "msauthv3"])
        #expect(both.passed.contains { $0.rawValue == "broker-query-schemes-missing" })
        let one = try Self.report(querySchemes: ["msauthv2"])
        let reason = try #require(Self.notChecked("broker-query-schemes-missing", in: one))
        #expect(reason.contains("the redirect URI is redirectUri") && reason.contains("do not spell out"), "\(reason)")
        #expect(Self.notChecked("redirect-scheme-not-registered", in: one)?.contains("do not spell out") == true)
    }

    @Test("no hand-off and no delegate in the sources: the finding points at the file that uses MSAL, and says so")
    func handOffWithoutDelegate() throws {
        let result = try Self.report(querySchemes: ["msauthv2", "msauthv3"])
        let finding = try #require(result.findings.first { $0.rule.rawValue == "response-hand-off-missing" })
        #expect(finding.location.file.hasSuffix("/Auth.swift"), "\(finding.location.description)")
        #expect(finding.problem.contains("no app delegate, scene delegate or SwiftUI App is among the sources read"))
    }
}

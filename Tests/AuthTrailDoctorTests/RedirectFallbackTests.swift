import AuthTrailDoctor
import AuthTrailTestSupport
import Foundation
import Testing

/// An app that registers only MSAL's older redirect scheme `msal<client id>`: MSAL falls back to it when no redirect
/// URI is configured; before 2.0 for any authority, since 2.0 only for B2C, External ID and the consumers tenant.
@Suite("the doctor on MSAL's msal<client id> redirect fallback, by MSAL version and authority")
struct RedirectFallbackTests {
    static let clientID = "11111111-2222-3333-4444-555555555555"

    /// A folder holding one app: its Info.plist, an app delegate creating MSAL's application, and `lockFile`.
    static func app(authority: String?, lockFile: (name: String, text: String)?) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory("authtrail-doctor-fallback")
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>
            <key>CFBundleIdentifier</key><string>com.example.app</string>
            <key>CFBundleURLTypes</key><array><dict><key>CFBundleURLSchemes</key>
            <array><string>msal\(clientID)</string></array></dict></array>
            </dict></plist>
            """
        let authorityLine =
            authority.map { "config.authority = try MSALAADAuthority(url: URL(string: \"\($0)\")!)" } ?? ""
        let delegate = """
            import MSAL
            import UIKit
            class AppDelegate: UIResponder, UIApplicationDelegate {
                func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]) -> Bool {
                    MSALPublicClientApplication.handleMSALResponse(url, sourceApplication: nil)
                }
                func make() throws -> MSALPublicClientApplication {
                    let config = MSALPublicClientApplicationConfig(clientId: "\(clientID)")
                    \(authorityLine)
                    return try MSALPublicClientApplication(configuration: config)
                }
            }
            """
        try plist.write(toFile: directory.path + "/Info.plist", atomically: true, encoding: .utf8)
        try delegate.write(toFile: directory.path + "/AppDelegate.swift", atomically: true, encoding: .utf8)
        if let lockFile {
            try lockFile.text.write(toFile: directory.path + "/" + lockFile.name, atomically: true, encoding: .utf8)
        }
        return directory
    }

    static func redirectOutcome(
        authority: String?, lockFile: (name: String, text: String)?
    ) throws
        -> (findings: [Finding], passed: Bool, version: String?)
    {
        let directory = try app(authority: authority, lockFile: lockFile)
        defer { directory.remove() }
        let report = DoctorReport(setups: try SetupReader.read([directory.path]))
        let result = try #require(report.results.first)
        return (
            result.findings.filter { $0.rule.rawValue == "redirect-scheme-not-registered" },
            result.passed.contains { $0.rawValue == "redirect-scheme-not-registered" },
            result.setup.msalVersion?.value
        )
    }

    static let pod125 = (name: "Podfile.lock", text: "PODS:\n  - MSAL (1.2.5):\n    - MSAL/app-lib (= 1.2.5)\n")
    static let pod230 = (name: "Podfile.lock", text: "PODS:\n  - MSAL (2.3.0):\n    - MSAL/app-lib (= 2.3.0)\n")
    static let commitPin = (
        name: "Cartfile.resolved",
        text:
            "github \"AzureAD/microsoft-authentication-library-for-objc\" \"32582453d17e4c8f5dd1f6a26d48ddf1ae1b7d46\"\n"
    )

    @Test("MSAL before 2.0 takes the fallback for an Entra authority: no finding")
    func olderMSAL() throws {
        let outcome = try Self.redirectOutcome(authority: nil, lockFile: Self.pod125)
        #expect(outcome.version == "1.2.5")
        #expect(outcome.findings.isEmpty && outcome.passed, "\(outcome.findings.map(\.problem))")
    }

    @Test("MSAL 2.0 and later refuse it for Entra's default authority: a finding that says so, not -42001")
    func newerMSAL() throws {
        let outcome = try Self.redirectOutcome(authority: nil, lockFile: Self.pod230)
        let finding = try #require(outcome.findings.first)
        #expect(finding.problem.contains("registers msal\(Self.clientID) but not msauth.com.example.app"))
        #expect(finding.problem.contains("MSAL 2.3.0"))
        #expect(finding.errors.isEmpty, "MSAL gives no error object here: \(finding.errors)")
        #expect(finding.fix.hasPrefix("add msauth.com.example.app to CFBundleURLTypes"))
    }

    @Test("the consumers tenant takes the fallback on any MSAL version: no finding")
    func consumers() throws {
        let outcome = try Self.redirectOutcome(
            authority: "https://login.microsoftonline.com/consumers", lockFile: Self.pod230)
        #expect(outcome.findings.isEmpty && outcome.passed, "\(outcome.findings.map(\.problem))")
        // MSAL gives the consumers type to the word only: its tenant id is refused as any tenant's.
        for tenant in ["organizations", "9188040d-6c67-4c5b-b112-36a304b66dad"] {
            let other = try Self.redirectOutcome(
                authority: "https://login.microsoftonline.com/\(tenant)", lockFile: Self.pod230)
            #expect(other.findings.count == 1, "\(tenant)")
        }
    }

    @Test("an authority on a custom domain (B2C or External ID there) leaves the fallback not checked")
    func customDomain() throws {
        let directory = try Self.app(
            authority: "https://auth.contoso.com/contoso.onmicrosoft.com/B2C_1_signin", lockFile: Self.pod230)
        defer { directory.remove() }
        let report = DoctorReport(setups: try SetupReader.read([directory.path]))
        let result = try #require(report.results.first)
        let reason = result.notChecked.first { $0.rule.rawValue == "redirect-scheme-not-registered" }?.reason
        #expect(reason?.contains("auth.contoso.com") == true, "\(result.findings.map(\.problem)) \(reason ?? "")")
    }

    @Test("a Carthage pin to a commit names no version: the finding says the version was not found")
    func commitPin() throws {
        let outcome = try Self.redirectOutcome(authority: nil, lockFile: Self.commitPin)
        #expect(outcome.version == nil)
        let finding = try #require(outcome.findings.first)
        #expect(finding.problem.contains("the MSAL version was not found"))
    }
}

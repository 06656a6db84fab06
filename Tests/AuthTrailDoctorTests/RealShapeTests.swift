import AuthTrail
import AuthTrailDoctor
import Foundation
import Testing

/// The doctor on shapes met in public repositories (Tests/SampleApps/shapes, each folder's SOURCE.md): extensions,
/// plugins, MSAL.NET, a vendored MSAL, redirect URIs MSAL refuses or never uses. Each case fails on the doctor of
/// the commit before them.
@Suite("the doctor on shapes of real repositories")
struct RealShapeTests {
    private static func result(_ shape: String, setup name: String? = nil) throws -> DoctorReport.SetupResult {
        let report = try SampleApps.report(["shapes/\(shape)"])
        return try #require(report.results.first { name == nil || $0.setup.name == name }, "\(report.results)")
    }

    private static func reason(_ result: DoctorReport.SetupResult, _ rule: String) -> String? {
        result.notChecked.first { $0.rule.rawValue == rule }?.reason
    }

    @Test("an app extension is not held to the scheme, query-scheme and hand-off rules MSAL skips there")
    func appExtension() throws {
        let result = try Self.result("share-extension")
        #expect(result.setup.isAppExtension && result.setup.skipped == nil)
        #expect(result.findings.isEmpty, "\(result.findings)")
        for rule in ["redirect-scheme-not-registered", "broker-query-schemes-missing", "response-hand-off-missing"] {
            #expect(Self.reason(result, rule)?.contains("isExecutingInAppExtension") == true, "\(rule)")
        }
        #expect(result.passed.map(\.rawValue).contains("keychain-group-missing"), "the keychain still counts")

        // The host app's redirect URI: refused for its form (-42011), its scheme never checked (not -42001).
        let host = try SampleApps.mutatedCopy(
            "shapes/share-extension", file: "Ext/ShareViewController.swift",
            find: "msauth.com.example.app.share://auth",
            replace: "msauth.com.example.app://auth")
        defer { try? FileManager.default.removeItem(atPath: (host as NSString).deletingLastPathComponent) }
        let findings = try SampleApps.report([host]).results.flatMap(\.findings)
        try #require(findings.count == 1, "\(findings)")
        #expect(findings[0].rule.rawValue == "redirect-uri-bundle-mismatch")
        #expect(findings[0].errors.first?.subcode == -42011)
        #expect(!findings[0].fix.contains("CFBundleURLTypes"))
    }

    @Test("a redirect URI constant the configuration never passes is not the app's redirect URI")
    func unusedRedirectConstant() throws {
        let result = try Self.result("unused-redirect-constant")
        #expect(result.setup.redirectURIs.isEmpty, "\(result.setup.redirectURIs)")
        #expect(result.findings.isEmpty, "\(result.findings)")
        #expect(result.passed.map(\.rawValue).contains("redirect-scheme-not-registered"), "MSAL's default is checked")
    }

    @Test("an msauth URI of another bundle id whose scheme is not registered fails on the scheme first (-42001)")
    func redirectForAnotherBundle() throws {
        let result = try Self.result("redirect-for-another-bundle")
        try #require(result.findings.count == 1, "\(result.findings)")
        #expect(result.findings[0].rule.rawValue == "redirect-uri-bundle-mismatch")
        #expect(result.findings[0].errors.first?.subcode == -42001)
        #expect(result.findings[0].problem.contains("does not register its scheme"))
        #expect(!result.passed.map(\.rawValue).contains("redirect-scheme-not-registered"), "not passed: not checked")
        #expect(Self.reason(result, "redirect-scheme-not-registered")?.contains("redirect-uri-bundle-mismatch") == true)
    }

    @Test("a registered custom redirect scheme with MSAL 2.4.0 and an organisation's tenant is refused (-42011)")
    func customSchemeWithMSAL2() throws {
        let result = try Self.result("custom-scheme-msal2")
        try #require(result.findings.count == 1, "\(result.findings)")
        #expect(result.findings[0].rule.rawValue == "redirect-uri-bundle-mismatch")
        #expect(result.findings[0].errors.map(\.subcode) == [-42011])
        #expect(result.findings[0].problem.contains("myapp-custom://auth is not broker-capable"))
        // Before 2.0 MSAL took it.
        let old = try SampleApps.mutatedCopy(
            "shapes/custom-scheme-msal2", file: "Package.resolved", find: "\"2.4.0\"", replace: "\"1.9.0\"")
        defer { try? FileManager.default.removeItem(atPath: (old as NSString).deletingLastPathComponent) }
        #expect(try SampleApps.report([old]).results.flatMap(\.findings).isEmpty)
        // MSAL's redirect URI validation turned off: neither its scheme nor its form is checked.
        let bypass = try SampleApps.mutatedCopy(
            "shapes/custom-scheme-msal2", file: "App/Auth.swift",
            find: "return try MSALPublicClientApplication(configuration: config)",
            replace:
                "config.bypassRedirectURIValidation = true\n        return try MSALPublicClientApplication(configuration: config)"
        )
        defer { try? FileManager.default.removeItem(atPath: (bypass as NSString).deletingLastPathComponent) }
        let bypassed = try #require(try SampleApps.report([bypass]).results.first)
        #expect(bypassed.findings.isEmpty, "\(bypassed.findings)")
        #expect(Self.reason(bypassed, "redirect-uri-bundle-mismatch")?.contains("validation off") == true)
    }

    @Test("a recorded set-up's MSAL version decides whether a custom redirect scheme is refused")
    func recordedCustomScheme() {
        func findings(msal: String) -> [String] {
            let recorded = RecordedAppConfiguration(
                bundleID: "com.example.app", platform: "iOS", urlSchemes: ["myapp"], registersMSALScheme: false,
                msalVersion: msal, authorityHosts: ["login.microsoftonline.com"], redirectScheme: "myapp")
            return DoctorRules.check(AppSetup(recorded: recorded)).flatMap { _, outcome -> [String] in
                guard case .findings(let found) = outcome else { return [] }
                return found.map(\.rule.rawValue)
            }
        }
        #expect(findings(msal: "1.2.0").isEmpty)
        #expect(findings(msal: "2.4.0") == ["redirect-uri-bundle-mismatch"])
    }

    @Test("an app that gets MSAL through a plugin (Podfile.lock) is judged, not skipped: its sandbox lacks the network")
    func pluginBroughtMSAL() throws {
        let result = try Self.result("flutter-plugin-macos")
        #expect(result.setup.skipped == nil)
        #expect(result.setup.msalThrough?.value == "msal_auth")
        #expect(result.setup.msalVersion?.value == "2.2.0", "the pin, not msal_auth's requirement (~> 2.2.0)")
        #expect(result.findings.map(\.rule.rawValue) == ["sandbox-network-client-missing"])

        // A pod whose requirement on MSAL comes before MSAL's own entry: the version is still the pin.
        let first = try SampleApps.mutatedCopy(
            "shapes/flutter-plugin-macos", file: "Podfile.lock", find: "PODS:\n",
            replace: "PODS:\n  - Auth0MSALBridge (1.0.0):\n    - MSAL (~> 2.2.0)\n")
        defer { try? FileManager.default.removeItem(atPath: (first as NSString).deletingLastPathComponent) }
        let reordered = try #require(try SampleApps.report([first]).results.first)
        #expect(reordered.setup.msalVersion?.value == "2.2.0")
    }

    @Test("MSAL.NET: the URL-scheme rules wait for its broker, its keychain group is WithIosKeychainSecurityGroup's")
    func mauiIOS() throws {
        let result = try Self.result("maui-ios-and-mac-catalyst", setup: "Platforms/iOS")
        #expect(result.setup.bundleIdentifier?.value.value == "com.contoso.kiosk", "not the commented-out id")
        #expect(result.findings.isEmpty, "\(result.findings)")
        #expect(result.passed.map(\.rawValue) == ["keychain-group-missing"])
        #expect(Self.reason(result, "broker-query-schemes-missing")?.contains("no C# source read enables it") == true)
        #expect(
            Self.reason(result, "redirect-scheme-not-registered")?.hasPrefix("MSAL.NET checks no URL scheme") == true)

        // Another group in the C#: MSAL.NET's finding, with its own fix.
        let other = try SampleApps.mutatedCopy(
            "shapes/maui-ios-and-mac-catalyst", file: "Services/AuthService.cs",
            find: "WithIosKeychainSecurityGroup(\"com.contoso.kiosk\")",
            replace: "WithIosKeychainSecurityGroup(\"com.contoso.shared\")")
        defer { try? FileManager.default.removeItem(atPath: (other as NSString).deletingLastPathComponent) }
        let findings = try SampleApps.report([other]).results.flatMap(\.findings)
        try #require(findings.count == 1, "\(findings)")
        #expect(findings[0].problem.hasPrefix("MSAL.NET's token cache uses the keychain group com.contoso.shared"))
        #expect(findings[0].fix.contains("WithIosKeychainSecurityGroup"))

        // One line holding a URL and the group: the URL's `//` is no comment.
        let oneLine = try SampleApps.mutatedCopy(
            "shapes/maui-ios-and-mac-catalyst", file: "Services/AuthService.cs",
            find: ".WithRedirectUri(\"msauth.com.contoso.kiosk://auth\")",
            replace:
                ".WithRedirectUri(\"msauth.com.contoso.kiosk://auth\").WithIosKeychainSecurityGroup(\"com.contoso.shared\")"
        )
        defer { try? FileManager.default.removeItem(atPath: (oneLine as NSString).deletingLastPathComponent) }
        let shared = try SampleApps.report([oneLine]).results.flatMap(\.findings)
        #expect(shared.first?.problem.contains("keychain group com.contoso.shared") == true, "\(shared)")

        // The broker turned on: the reason says where.
        let broker = try SampleApps.mutatedCopy(
            "shapes/maui-ios-and-mac-catalyst", file: "Services/AuthService.cs",
            find: "// .WithBroker() is left off: sign-in goes through the browser.", replace: ".WithBroker()")
        defer { try? FileManager.default.removeItem(atPath: (broker as NSString).deletingLastPathComponent) }
        let withBroker = try #require(
            try SampleApps.report([broker]).results.first { $0.setup.name == "Platforms/iOS" })
        #expect(Self.reason(withBroker, "broker-query-schemes-missing")?.contains("AuthService.cs:10") == true)
    }

    @Test("an MSAL.NET iOS app with no Entitlements.plist and none named by its project misses the keychain group")
    func mauiWithoutEntitlements() throws {
        // MSAL.NET's default group (the app's own, its bundle id, would need no entitlement).
        let copy = try SampleApps.mutatedCopy(
            "shapes/maui-ios-and-mac-catalyst", file: "Services/AuthService.cs",
            find: ".WithIosKeychainSecurityGroup(\"com.contoso.kiosk\")", replace: "")
        defer { try? FileManager.default.removeItem(atPath: (copy as NSString).deletingLastPathComponent) }
        try FileManager.default.removeItem(atPath: copy + "/Platforms/iOS/Entitlements.plist")
        let result = try #require(try SampleApps.report([copy]).results.first { $0.setup.name == "Platforms/iOS" })
        try #require(result.findings.count == 1, "\(result.findings)")
        #expect(result.findings[0].problem.contains("group com.microsoft.adalcache on iOS, but the app has no"))
        #expect(result.findings[0].problem.contains("no Entitlements.plist and its project names none"))
        #expect(result.findings[0].location.file.hasSuffix("Kiosk.csproj"))

        // Named in the project (a file elsewhere, not given): not known, so not judged.
        let named = try SampleApps.mutatedCopy(
            "shapes/maui-ios-and-mac-catalyst", file: "Kiosk.csproj", find: "<UseMaui>true</UseMaui>",
            replace: "<UseMaui>true</UseMaui>\n    <CodesignEntitlements>Signing/App.plist</CodesignEntitlements>")
        defer { try? FileManager.default.removeItem(atPath: (named as NSString).deletingLastPathComponent) }
        try String(contentsOfFile: copy + "/Services/AuthService.cs", encoding: .utf8)
            .write(toFile: named + "/Services/AuthService.cs", atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: named + "/Platforms/iOS/Entitlements.plist")
        let judged = try #require(try SampleApps.report([named]).results.first { $0.setup.name == "Platforms/iOS" })
        #expect(judged.findings.isEmpty && Self.reason(judged, "keychain-group-missing") == "no entitlements were read")
    }

    @Test("MSAL.NET on Mac Catalyst keeps tokens in memory: no keychain rule, the sandbox's still")
    func mauiMacCatalyst() throws {
        let result = try Self.result("maui-ios-and-mac-catalyst", setup: "Platforms/MacCatalyst")
        #expect(result.setup.macCatalyst)
        #expect(Self.reason(result, "keychain-group-missing")?.contains("no Mac Catalyst build") == true)
        #expect(result.passed.map(\.rawValue) == ["sandbox-network-client-missing"])
        let closed = try SampleApps.mutatedCopy(
            "shapes/maui-ios-and-mac-catalyst", file: "Platforms/MacCatalyst/Entitlements.plist",
            find: "<key>com.apple.security.network.client</key>\n\t<true/>", replace: "")
        defer { try? FileManager.default.removeItem(atPath: (closed as NSString).deletingLastPathComponent) }
        let findings = try SampleApps.report([closed]).results.flatMap(\.findings)
        #expect(findings.map(\.rule.rawValue) == ["sandbox-network-client-missing"])
    }

    @Test("a URL handler that forwards to the app's own router calling handleMSALResponse is not a missing hand-off")
    func forwardedHandOff() throws {
        for shape in ["forwarded-hand-off-swiftui", "forwarded-hand-off-scene"] {
            let result = try Self.result(shape)
            #expect(result.findings.isEmpty, "\(shape): \(result.findings)")
            let reason = Self.reason(result, "response-hand-off-missing") ?? ""
            #expect(reason.contains("AuthRouter.swift:5") && reason.contains("the URLs of"), "\(shape): \(reason)")
        }
        // No scene URL handler at all (only an app delegate's, which scenes never call, forwards): still a finding.
        let noHandler = try SampleApps.mutatedCopy(
            "shapes/forwarded-hand-off-swiftui", file: "App/DemoApp.swift",
            find: ".onOpenURL { url in\n                AuthRouter.handle(url)\n            }", replace: "")
        defer { try? FileManager.default.removeItem(atPath: (noHandler as NSString).deletingLastPathComponent) }
        #expect(
            try SampleApps.report([noHandler]).results.flatMap(\.findings).map(\.rule.rawValue)
                == ["response-hand-off-missing"])

        // The router gone: the call is missing indeed.
        let gone = try SampleApps.mutatedCopy(
            "shapes/forwarded-hand-off-swiftui", file: "App/AuthRouter.swift",
            find: "_ = MSALPublicClientApplication.handleMSALResponse(url, sourceApplication: nil)", replace: "")
        defer { try? FileManager.default.removeItem(atPath: (gone as NSString).deletingLastPathComponent) }
        #expect(
            try SampleApps.report([gone]).results.flatMap(\.findings).map(\.rule.rawValue) == [
                "response-hand-off-missing"
            ])
    }

    @Test("an External ID authority needs no knownAuthorities (MSAL 1.2.11 and later), before it did")
    func ciamAuthority() throws {
        let result = try Self.result("ciam-authority")
        #expect(result.findings.isEmpty, "\(result.findings)")
        #expect(result.passed.map(\.rawValue).contains("authority-not-known"))
        let old = try SampleApps.mutatedCopy(
            "shapes/ciam-authority", file: "Auth.swift", find: "import MSAL", replace: "import MSAL")
        defer { try? FileManager.default.removeItem(atPath: (old as NSString).deletingLastPathComponent) }
        try "PODS:\n  - MSAL (1.2.10)\n".write(toFile: old + "/Podfile.lock", atomically: true, encoding: .utf8)
        #expect(
            try SampleApps.report([old]).results.flatMap(\.findings).map(\.rule.rawValue) == ["authority-not-known"])
    }

    @Test("a target built natively for iOS and macOS is judged as both: the Mac build needs MSAL's macOS group")
    func multiplatformTarget() throws {
        let report = try SampleApps.report(["shapes/multiplatform-target"])
        #expect(report.results.map(\.setup.name) == ["Demo (iOS)", "Demo (macOS)"])
        let iOS = try #require(report.results.first)
        #expect(iOS.setup.platform == .iOS && !iOS.setup.macCatalyst && iOS.findings.isEmpty, "\(iOS.findings)")
        let mac = try #require(report.results.last)
        #expect(mac.setup.platform == .macOS)
        #expect(mac.findings.map(\.rule.rawValue) == ["keychain-group-missing"])
        #expect(mac.findings.first?.problem.contains("com.microsoft.identity.universalstorage on macOS") == true)

        // Pods for iOS only: the Mac build links no MSAL, so only the iOS build is judged.
        let pods = try SampleApps.mutatedCopy(
            "shapes/multiplatform-target", file: "App/DemoApp.swift", find: "import", replace: "import")
        defer { try? FileManager.default.removeItem(atPath: (pods as NSString).deletingLastPathComponent) }
        try "platform :ios, '15.0'\ntarget 'Demo' do\n  pod 'MSAL'\nend\n".write(
            toFile: pods + "/Podfile", atomically: true, encoding: .utf8)
        #expect(try SampleApps.report([pods]).results.map(\.setup.name) == ["Demo"])
    }

    @Test("an app that names MSAL only in a comment does not use it")
    func msalInAComment() throws {
        let result = try Self.result("msal-in-a-comment")
        #expect(result.setup.skipped == "an app whose sources do not use MSAL")
    }

    @Test("a copy of MSAL's repository in the tree: its projects are skipped as MSAL's, the app is judged")
    func vendoredMSAL() throws {
        let report = try SampleApps.report(["shapes/vendored-msal"])
        let vendored = try #require(report.results.first { $0.setup.name.hasPrefix("Vendor/") })
        #expect(vendored.setup.skipped?.contains("copy of MSAL's repository") == true)
        let app = try #require(report.results.first { $0.setup.name == "App" })
        #expect(app.setup.skipped == nil && app.findings.isEmpty, "\(app.findings)")
        #expect(report.results.count == 2)

        // A submodule checked out without its sources keeps MSAL/MSAL.xcodeproj: still MSAL's.
        let noSources = try SampleApps.mutatedCopy(
            "shapes/vendored-msal", file: "App/MyApp.swift", find: "import MSAL", replace: "import MSAL")
        defer { try? FileManager.default.removeItem(atPath: (noSources as NSString).deletingLastPathComponent) }
        try FileManager.default.removeItem(
            atPath: noSources + "/Vendor/microsoft-authentication-library-for-objc/MSAL/src")
        let skipped = try SampleApps.report([noSources]).results.filter { $0.setup.skipped != nil }
        #expect(skipped.map(\.setup.name) == ["Vendor/microsoft-authentication-library-for-objc/MSAL/MSAL.xcodeproj"])

        // MSAL's `MSAL/` folder at the top of the folder given is not a copy holding the app.
        let top = try SampleApps.mutatedCopy(
            "shapes/vendored-msal", file: "App/MyApp.swift", find: "import MSAL", replace: "import MSAL")
        defer { try? FileManager.default.removeItem(atPath: (top as NSString).deletingLastPathComponent) }
        try FileManager.default.moveItem(
            atPath: top + "/Vendor/microsoft-authentication-library-for-objc/MSAL", toPath: top + "/MSAL")
        let beside = try #require(try SampleApps.report([top]).results.first { $0.setup.name == "App" })
        #expect(beside.setup.skipped == nil)
    }
}

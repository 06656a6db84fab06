import AuthTrailDoctor
import Foundation
import Testing

/// Build settings are resolved where the project or an xcconfig says what they are, and left unresolved (never a
/// finding) where nothing does.
@Suite("build-setting references in an app's files")
struct BuildSettingTests {
    @Test(
        "references resolve through the settings, with Xcode's modifiers and derived prefixes",
        arguments: [
            ("$(PRODUCT_BUNDLE_IDENTIFIER)", "com.contoso.app"),
            ("msauth.${PRODUCT_BUNDLE_IDENTIFIER}", "msauth.com.contoso.app"),
            ("$(BASE).$(TARGET_NAME:rfc1034identifier)", "com.contoso.My-App"),
            ("$(AppIdentifierPrefix)com.microsoft.adalcache", "UBF8T346G9.com.microsoft.adalcache"),
            ("$(UNDEFINED).x", "$(UNDEFINED).x"),
            ("$(CYCLE)", "$(CYCLE)"),
            ("$", "$"),
        ])
    func resolve(text: String, expected: String) {
        let settings = BuildSettings([
            "BASE": "com.contoso", "PRODUCT_BUNDLE_IDENTIFIER": "$(BASE).app", "TARGET_NAME": "My App",
            "DEVELOPMENT_TEAM": "UBF8T346G9", "CYCLE": "$(CYCLE)",
        ])
        #expect(settings.resolve(text) == expected)
    }

    @Test("an xcconfig's settings are read; comments, includes and conditional settings are skipped")
    func xcconfig() {
        let settings = BuildSettings.xcconfig(
            """
            // Shared
            #include "Base.xcconfig"
            PRODUCT_BUNDLE_IDENTIFIER = com.contoso.app // the id
            OTHER_LDFLAGS[sdk=iphoneos*] = -ObjC
            DEVELOPMENT_TEAM = UBF8T346G9;
            """)
        #expect(settings.values == ["PRODUCT_BUNDLE_IDENTIFIER": "com.contoso.app", "DEVELOPMENT_TEAM": "UBF8T346G9"])
    }

    @Test("an Info.plist alone leaves $(PRODUCT_BUNDLE_IDENTIFIER) unresolved: reported, no finding")
    func unresolvedBundleIdentifier() throws {
        let result = try SampleApps.report(["ios-swift/MSALiOS/Info.plist"]).results[0]
        #expect(result.findings == [])
        #expect(result.setup.bundleIdentifier?.value == .unresolved("$(PRODUCT_BUNDLE_IDENTIFIER)"))
        #expect(result.setup.unresolved.map(\.value) == ["$(PRODUCT_BUNDLE_IDENTIFIER)"])
        #expect(result.notChecked.contains { $0.rule == "redirect-scheme-not-registered" })
    }

    @Test("an xcconfig given beside the Info.plist resolves the bundle id, and a wrong one is found")
    func xcconfigResolves() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doctor-xcconfig-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let right = folder.appendingPathComponent("Right.xcconfig")
        let wrong = folder.appendingPathComponent("Wrong.xcconfig")
        try "PRODUCT_BUNDLE_IDENTIFIER = com.microsoft.identitysample.MSALiOS\n".write(
            to: right, atomically: true, encoding: .utf8)
        try "PRODUCT_BUNDLE_IDENTIFIER = com.contoso.app\n".write(to: wrong, atomically: true, encoding: .utf8)
        let plist = SampleApps.path("ios-swift/MSALiOS/Info.plist")

        let resolved = try SampleApps.report([plist, right.path]).results[0]
        #expect(resolved.setup.bundleIdentifier?.value == .resolved("com.microsoft.identitysample.MSALiOS"))
        #expect(resolved.findings == [])
        #expect(resolved.passed.contains("redirect-scheme-not-registered"))

        let mismatched = try SampleApps.report([plist, wrong.path]).results[0]
        try #require(mismatched.findings.count == 1)
        #expect(mismatched.findings[0].rule == "redirect-scheme-not-registered")
        #expect(
            mismatched.findings[0].problem.contains(
                "it registers msauth.com.microsoft.identitysample.MSALiOS, which does not match the bundle id "
                    + "com.contoso.app"))
        #expect(mismatched.findings[0].errors.map(\.code) == [-50000, 50011])
    }

    @Test("a registered scheme still holding a reference is not judged")
    func unresolvedScheme() {
        var setup = AppSetup(name: "app")
        setup.platform = .iOS
        setup.bundleIdentifier = Located(.resolved("com.contoso.app"), at: SetupLocation(file: "Info.plist"))
        setup.urlSchemes = [Located("msauth.$(MY_ID)", at: SetupLocation(file: "Info.plist"))]
        guard case .notChecked(let reason) = DoctorRules.redirectScheme.check(setup) else {
            Issue.record("the rule judged an unresolved scheme")
            return
        }
        #expect(reason.contains("msauth.$(MY_ID)"))
    }
}

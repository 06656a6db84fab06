import AuthTrail
import AuthTrailDoctor
import Testing

/// Each rule against a copy of a real sample with one planted mistake: exactly that finding, with its file, key or
/// line, errors and fix.
@Suite("the doctor names exactly the mistake planted in a sample")
struct MutationTests {
    struct Mutation: Sendable, CustomTestStringConvertible {
        var sample: String
        var file: String
        var find: String
        var replace: String
        var rule: String
        /// The finding's file, relative to the sample.
        var location: String
        var keyPath: String?
        var line: Int?
        /// `domain code subcode` of each predicted error.
        var errors: [String]
        var fix: String

        var testDescription: String { rule }
    }

    static let mutations: [Mutation] = [
        Mutation(
            sample: "ios-swift", file: "MSALiOS/Info.plist",
            find: "<string>msauth.com.microsoft.identitysample.MSALiOS</string>",
            replace: "<string>msauth.com.microsoft.identitysample.MSALiOSApp</string>",
            rule: "redirect-scheme-not-registered", location: "MSALiOS/Info.plist", keyPath: "CFBundleURLTypes",
            errors: ["MSALErrorDomain -50000 -42001"],
            fix: "add msauth.com.microsoft.identitysample.MSALiOS to CFBundleURLTypes > CFBundleURLSchemes"),
        Mutation(
            sample: "ios-b2c", file: "MSALiOSB2C/Info.plist",
            find: "<string>msal90c0fe63-bcf2-44d5-8fb7-b8bbc0b29dc6</string>", replace: "<string>com.contoso</string>",
            rule: "redirect-scheme-not-registered", location: "MSALiOSB2C/Info.plist", keyPath: "CFBundleURLTypes",
            errors: ["MSALErrorDomain -50000 -42001"],
            fix: "add msauth.com.microsoft.identity.client.sample.MSALiOSB2C to CFBundleURLTypes"),
        Mutation(
            sample: "ios-swift", file: "MSALiOS.xcodeproj/project.pbxproj",
            find: "PRODUCT_BUNDLE_IDENTIFIER = com.microsoft.identitysample.MSALiOS;",
            replace: "PRODUCT_BUNDLE_IDENTIFIER = com.contoso.MSALiOS;",
            rule: "redirect-uri-bundle-mismatch", location: "MSALiOS/ViewController.swift", line: 7,
            errors: ["MSALErrorDomain -50000 -42011", "AADSTS 50011 -"],
            fix: "pass msauth.com.contoso.MSALiOS://auth as the redirect URI"),
        Mutation(
            sample: "ios-swift", file: "MSALiOS/Info.plist", find: "<string>msauthv3</string>", replace: "",
            rule: "broker-query-schemes-missing", location: "MSALiOS/Info.plist",
            keyPath: "LSApplicationQueriesSchemes", errors: ["MSALErrorDomain -50000 -42001"],
            fix: "add msauthv3 to LSApplicationQueriesSchemes"),
        Mutation(
            sample: "ios-swift", file: "MSALiOS/MSALiOS.entitlements",
            find: "<string>$(AppIdentifierPrefix)com.microsoft.adalcache</string>", replace: "",
            rule: "keychain-group-missing", location: "MSALiOS/MSALiOS.entitlements",
            keyPath: "keychain-access-groups", errors: ["NSOSStatusErrorDomain -34018 -", "MSALErrorDomain -50000 -"],
            fix: "add $(AppIdentifierPrefix)com.microsoft.adalcache to keychain-access-groups"),
        Mutation(
            sample: "ios-swift", file: "MSALiOS/AppDelegate.swift",
            find: "return MSALPublicClientApplication.handleMSALResponse(url, sourceApplication: "
                + "options[UIApplication.OpenURLOptionsKey.sourceApplication] as? String)",
            replace: "return false",
            rule: "response-hand-off-missing", location: "MSALiOS/AppDelegate.swift", line: 5,
            errors: ["MSALErrorDomain -50000 -42700"],
            fix: "in application(_:open:options:), pass each URL to MSALPublicClientApplication.handleMSALResponse"),
        Mutation(
            sample: "ios-b2c", file: "MSALiOSB2C/ViewController.swift",
            find: "pcaConfig.knownAuthorities = [siginPolicyAuthority, editProfileAuthority]", replace: "",
            rule: "authority-not-known", location: "MSALiOSB2C/ViewController.swift", line: 5,
            errors: ["MSALErrorDomain -50000 -50000"],
            fix: "set MSALPublicClientApplicationConfig.knownAuthorities to every authority"),
        Mutation(
            sample: "macos", file: "MSALMacOS/MSALMacOS.entitlements",
            find: "\t<key>com.apple.security.network.client</key>\n\t<true/>\n", replace: "",
            rule: "sandbox-network-client-missing", location: "MSALMacOS/MSALMacOS.entitlements",
            keyPath: "com.apple.security.network.client", errors: ["NSURLErrorDomain -1003 -"],
            fix: "add com.apple.security.network.client = true"),
    ]

    @Test("one planted mistake gives exactly its finding: file, key or line, errors and fix", arguments: mutations)
    func plantedMistake(_ mutation: Mutation) throws {
        let copy = try SampleApps.mutatedCopy(
            mutation.sample, file: mutation.file, find: mutation.find, replace: mutation.replace)
        let report = try SampleApps.report([copy])
        let findings = report.results.flatMap(\.findings)
        try #require(findings.count == 1, "\(findings)")
        let finding = findings[0]
        #expect(finding.rule.rawValue == mutation.rule)
        #expect(finding.location.file == copy + "/" + mutation.location)
        #expect(finding.location.keyPath == mutation.keyPath)
        #expect(finding.location.line == mutation.line)
        let errors = finding.errors.map { "\($0.domain) \($0.code) \($0.subcode.map(String.init) ?? "-")" }
        #expect(errors == mutation.errors)
        #expect(finding.fix.contains(mutation.fix), "\(finding.fix)")
        // Every predicted error is one `authtrail explain` knows.
        for error in finding.errors {
            #expect(error.entry != nil, "\(error.domain) \(error.code)")
            #expect(!ErrorCatalog.entries(matching: error.explainQuery).isEmpty, "explain \(error.explainQuery)")
        }
    }

    @Test("every rule has a planted mistake")
    func everyRuleCovered() {
        #expect(Set(Self.mutations.map(\.rule)) == Set(DoctorRules.all.map(\.id.rawValue)))
    }
}

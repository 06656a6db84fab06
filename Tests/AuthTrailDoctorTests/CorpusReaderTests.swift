import AuthTrailDoctor
import Foundation
import Testing

/// The readers on the corpus's apps: each target judged on its own files, never on tests, vendored libraries or
/// MSAL's own sources; what cannot be read or seen said as not checked; one set-up per app.
@Suite("the doctor's readers on the corpus's apps")
struct CorpusReaderTests {
    static func corpus(_ name: String) -> String {
        DoctorCorpus.folder.appendingPathComponent(name).path
    }

    /// A copy of the corpus app `name` with `edit` applied.
    static func mutated(_ name: String, _ edit: DoctorCorpus.Edit) throws -> String {
        let root = try CorpusTests.copy(name)
        try CorpusTests.apply(edit, to: root)
        return root
    }

    /// The hand-written .NET MAUI app with its damaged iOS Info.plist repaired: two apps side by side, no project.
    static func repairedMAUI() throws -> String {
        try mutated(
            "handwritten-maui-broken-plist",
            .replace(
                file: "Platforms/iOS/Info.plist", find: "<string>msal<YOUR-CLIENT-ID></string>",
                with: "<string>msalYOUR-CLIENT-ID</string>"))
    }

    static func findings(_ report: DoctorReport) -> [Finding] {
        report.results.flatMap(\.findings)
    }

    @Test("MSAL's own sources vendored into the app's target are not the app's hand-off")
    func vendoredMSALIsNotEvidence() throws {
        let root = try Self.mutated(
            "handwritten-objc-vendored",
            .replace(
                file: "Photos/AppDelegate.m",
                find: "return [MSALPublicClientApplication handleMSALResponse:url sourceApplication:"
                    + "options[UIApplicationOpenURLOptionsSourceApplicationKey]];",
                with: "return NO;"))
        let findings = Self.findings(DoctorReport(setups: try SetupReader.read([root])))
        #expect(findings.map(\.rule.rawValue) == ["response-hand-off-missing"])
        #expect(findings.first?.location.file == root + "/Photos/AppDelegate.m")
    }

    @Test("an Objective-C app delegate is located in its .m, not in the header that declares it")
    func delegateInImplementation() {
        var setup = AppSetup(name: "Photos")
        SourceScanner.scan(
            "#import <UIKit/UIKit.h>\n\n@interface AppDelegate : UIResponder <UIApplicationDelegate>\n@end\n",
            file: "/app/AppDelegate.h", into: &setup)
        SourceScanner.scan(
            "#import \"AppDelegate.h\"\n\n@implementation AppDelegate\n\n- (BOOL)application:(UIApplication *)application "
                + "didFinishLaunchingWithOptions:(NSDictionary *)options {\n    return YES;\n}\n\n@end\n",
            file: "/app/AppDelegate.m", into: &setup)
        #expect(setup.handOff?.delegateLocation == SetupLocation(file: "/app/AppDelegate.m", line: 5))
    }

    @Test("a project with no app target is listed as skipped and the folder's other projects are still judged")
    func projectWithoutAppIsSkipped() throws {
        let root = try Self.mutated(
            "handwritten-flutter-share",
            .add(file: "Vendor/Lib.xcodeproj/project.pbxproj", text: Self.frameworkProject))
        let report = DoctorReport(setups: try SetupReader.read([root]))
        let names = report.results.map { "\($0.setup.name)\($0.setup.skipped.map { ": \($0)" } ?? "")" }
        #expect(
            names == [
                "Runner", "ShareExtension: an app extension whose sources do not use MSAL",
                "Lib.xcodeproj: the project has no app or app-extension target",
            ])
        #expect(report.findingCount == 0)
    }

    @Test("an app extension without MSAL is listed as skipped, the app judged on its own entitlements")
    func extensionSkipped() throws {
        let report = DoctorReport(setups: try SetupReader.read([Self.corpus("handwritten-flutter-share")]))
        #expect(report.results.map(\.setup.name) == ["Runner", "ShareExtension"])
        #expect(report.results.map(\.setup.skipped) == [nil, "an app extension whose sources do not use MSAL"])
    }

    @Test("a guard on sourceApplication before handleMSALResponse is its own finding with -42700")
    func guardedHandOff() throws {
        let guarded = try #require(
            DoctorCorpus.mutants.first { $0.expected?.rule == "response-hand-off-unreachable" })
        let root = try Self.mutated(guarded.app, guarded.edit)
        let findings = Self.findings(DoctorReport(setups: try SetupReader.read([root])))
        #expect(findings.map(\.rule.rawValue) == ["response-hand-off-unreachable"])
        #expect(findings.first?.location == SetupLocation(file: root + "/Runner/AppDelegate.swift", line: 20))
        #expect(findings.first?.errors.first?.subcode == -42700)
    }

    @Test("a SwiftUI App whose delegate adaptor holds the hand-off is pointed at .onOpenURL")
    func swiftUIHandOff() throws {
        let root = Self.corpus("handwritten-swiftui-adaptor")
        let findings = Self.findings(DoctorReport(setups: try SetupReader.read([root])))
        let handOff = try #require(findings.first { $0.rule.rawValue == "response-hand-off-missing" })
        #expect(handOff.location.file == root + "/Recipes/RecipesApp.swift")
        #expect(handOff.fix.contains(".onOpenURL"))
    }

    @Test("a folder of several apps without a project gives one set-up per app, each named")
    func severalAppsInAFolder() throws {
        let report = DoctorReport(setups: try SetupReader.read([try Self.repairedMAUI()]))
        #expect(report.results.map(\.setup.name) == ["Platforms/MacCatalyst", "Platforms/iOS"])
        // Mac Catalyst (UIDeviceFamily with the App Sandbox): MSAL's iOS rules and the sandbox's.
        #expect(report.results.map(\.setup.platform) == [.iOS, .iOS])
        #expect(report.results.map(\.setup.macCatalyst) == [true, false])
    }

    @Test("MSAL's version comes from Podfile.lock or Package.resolved, and a pre-0.6 MSAL is not asked for msauthv3")
    func msalVersion() throws {
        // MSAL 0.4.0 predates the iOS 13 broker and its msauthv3 query.
        let old = try Self.mutated(
            "handwritten-flutter-share",
            .replace(file: "Runner/Info.plist", find: "<string>msauthv3</string>", with: ""))
        try CorpusTests.apply(
            .replace(file: "Podfile.lock", find: "2.2.0", with: "0.4.0"),
            to: old)
        let report = DoctorReport(setups: try SetupReader.read([old]))
        #expect(report.results.first?.setup.msalVersion?.value == "0.4.0")
        let reason = report.results.first?.notChecked.first { $0.rule.rawValue == "broker-query-schemes-missing" }
        #expect(reason?.reason.contains("MSAL 0.4.0") == true)
        #expect(Self.findings(report).isEmpty)
        let notes = try SetupReader.read([Self.corpus("handwritten-swiftui-sync")])
        #expect(notes.first?.msalVersion?.value == "2.3.0")
    }

    @Test("one mismatched redirect URI is one finding with one fix")
    func oneFindingPerMistake() throws {
        let root = try Self.mutated(
            "handwritten-flutter-share",
            .replace(
                file: "Runner/TaskAuth.swift", find: "\"msauth.com.contoso.tasks://auth\"",
                with: "\"msauth.com.contoso.other://auth\""))
        let findings = Self.findings(DoctorReport(setups: try SetupReader.read([root])))
        #expect(findings.map(\.rule.rawValue) == ["redirect-uri-bundle-mismatch"])
    }

    @Test("a redirect URI named by a constant is followed to its literal; one the sources do not spell is not checked")
    func redirectConstants() throws {
        let root = try Self.mutated(
            "handwritten-flutter-share",
            .replace(
                file: "Runner/TaskAuth.swift", find: "redirectUri: kRedirectUri",
                with: "redirectUri: Secrets.redirectURI"))
        let report = DoctorReport(setups: try SetupReader.read([root]))
        let reason = report.results.first?.notChecked.first { $0.rule.rawValue == "redirect-scheme-not-registered" }
        #expect(reason?.reason.contains("Secrets.redirectURI") == true, "\(String(describing: reason))")
        // In another file of the target (a file the project does not build would not count).
        try CorpusTests.apply(
            .replace(
                file: "Runner/AppDelegate.swift", find: "import MSAL",
                with: "import MSAL\n\nenum Secrets {\n    static let redirectURI = \"msauth.other://auth\"\n}"),
            to: root)
        let followed = try SetupReader.read([root])
        #expect(followed.first?.redirectURIs.map(\.value).contains("msauth.other://auth") == true)
    }

    @Test("sources past the cap are said, and the rules that read sources are not checked")
    func capIsSaid() throws {
        let root = try Self.repairedMAUI()
        try CorpusTests.apply(.addMany(folder: "Platforms/iOS/Generated", count: 2_001, text: "let x = 1\n"), to: root)
        let report = DoctorReport(setups: try SetupReader.read([root + "/Platforms/iOS"]))
        let reasons = report.results.first?.notChecked.map(\.reason) ?? []
        #expect(reasons.contains { $0.contains("only the first 2000 of 2001 sources were read") })
    }

    @Test("a loose app's platform comes from import UIKit when its Info.plist does not say")
    func platformFromImports() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>com.contoso.loose</string></dict></plist>
            """
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "authtrail-corpus-\(UUID().uuidString)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try CorpusTests.apply(.add(file: "Loose/Info.plist", text: plist), to: root)
        try CorpusTests.apply(.add(file: "Loose/AppDelegate.swift", text: "import UIKit\nimport MSAL\n"), to: root)
        let setups = try SetupReader.read([root + "/Loose"])
        #expect(setups.first?.platform == .iOS)
    }

    @Test("a .NET MAUI app's .csproj tells whether it uses MSAL, and gives the bundle id its Info.plist leaves out")
    func dotNetProject() throws {
        let plain = try Self.repairedMAUI()
        try CorpusTests.apply(
            .replace(
                file: "Shop.csproj", find: "<PackageReference Include=\"Microsoft.Identity.Client\"",
                with: "<PackageReference Include=\"Contoso.Widgets\""), to: plain)
        let skipped = try SetupReader.read([plain])
        #expect(
            skipped.map(\.skipped)
                == Array(
                    repeating: "a .NET app whose project (Shop.csproj) does not reference MSAL "
                        + "(Microsoft.Identity.Client)", count: 2))
        let msal = try Self.repairedMAUI()
        let judged = try SetupReader.read([msal])
        #expect(judged.map(\.skipped) == [nil, nil])
        #expect(judged.map { $0.bundleIdentifier?.value.value } == ["com.contoso.shop", "com.contoso.shop"])
        #expect(judged.first?.bundleIdentifier?.location == SetupLocation(file: msal + "/Shop.csproj", line: 5))
    }

    @Test("a folder past the listing bound says so as a skipped entry instead of judging part of it silently")
    func listingBoundIsSaid() throws {
        let root = try Self.mutated(
            "handwritten-maui-broken-plist", .addMany(folder: "Data", count: 20_001, text: ""))
        let setups = try SetupReader.read([root])
        let rest = setups.first { $0.name == "handwritten-maui-broken-plist (the rest of the folder)" }
        #expect(rest?.skipped?.hasPrefix("the folder holds more than 20000 files and folders") == true)
    }

    @Test("a keychain group set from a constant in another file of the target is followed to its literal")
    func keychainGroupConstant() throws {
        let root = try Self.mutated(
            "handwritten-swiftui-sync",
            .replace(
                file: "Notes/AuthService.swift", find: "keychainSharingGroup = \"com.contoso.notes\"",
                with: "keychainSharingGroup = Keychain.group"))
        // A new file of the target's synchronized folder, which no Sources phase lists.
        try CorpusTests.apply(
            .add(
                file: "Notes/Keychain.swift",
                text: "enum Keychain {\n    static let group = \"com.contoso.shared\"\n}\n"),
            to: root)
        let findings = Self.findings(DoctorReport(setups: try SetupReader.read([root])))
        #expect(findings.map(\.rule.rawValue) == ["keychain-group-missing"])
        #expect(findings.first?.problem.contains("com.contoso.shared") == true)
    }

    @Test("an MSALB2CAuthority made from a b2clogin URL without knownAuthorities is one finding, at the URL")
    func oneB2CFinding() throws {
        let root = Self.corpus("handwritten-uikit-scenes-b2c")
        let findings = Self.findings(DoctorReport(setups: try SetupReader.read([root]))).filter {
            $0.rule.rawValue == "authority-not-known"
        }
        #expect(findings.count == 1)
        #expect(findings.first?.location == SetupLocation(file: root + "/Vault/B2CAuth.swift", line: 10))
    }

    @Test("a damaged Info.plist skips its own app with the file and line, and the folder's other app is judged")
    func damagedPlistSkipsOneApp() throws {
        let root = Self.corpus("handwritten-maui-broken-plist")
        let report = DoctorReport(setups: try SetupReader.read([root]))
        let skipped = report.results.compactMap(\.setup.skipped)
        #expect(skipped.count == 1)
        #expect(skipped.first?.contains("Platforms/iOS/Info.plist:17") == true, "\(skipped)")
        #expect(report.results.filter { $0.setup.skipped == nil }.map(\.setup.name) == ["Platforms/MacCatalyst"])
    }

    @Test("an Objective-C #define names the redirect URI another file passes to initWithClientId:redirectUri:")
    func objectiveCDefine() throws {
        let root = try Self.mutated(
            "handwritten-objc-vendored",
            .replace(
                file: "Photos/Auth/PhotosAuth.m",
                find: "[[MSALPublicClientApplication alloc] initWithClientId:self.appId error:nil]",
                with: "[[MSALPublicClientApplication alloc] initWithConfiguration:[[MSALPublicClientApplicationConfig "
                    + "alloc] initWithClientId:self.appId redirectUri:kRedirectUri authority:nil] error:nil]"))
        try CorpusTests.apply(
            .replace(
                file: "Photos/AppDelegate.h", find: "#import <UIKit/UIKit.h>",
                with: "#import <UIKit/UIKit.h>\n#define kRedirectUri @\"msauth.com.contoso.other://auth\""),
            to: root)
        let findings = Self.findings(DoctorReport(setups: try SetupReader.read([root])))
        #expect(findings.map(\.rule.rawValue) == ["redirect-uri-bundle-mismatch"])
        #expect(findings.first?.location == SetupLocation(file: root + "/Photos/AppDelegate.h", line: 7))
    }

    @Test("an XcodeGen project.yml with no .xcodeproj is read as the project it generates")
    func xcodeGen() throws {
        let root = try Self.mutated(
            "handwritten-flutter-share",
            .replace(file: "Runner/Info.plist", find: "<string>msauthv3</string>", with: ""))
        try FileManager.default.removeItem(atPath: root + "/Runner.xcodeproj")
        try CorpusTests.apply(.add(file: "project.yml", text: Self.xcodeGenSpec), to: root)
        let report = DoctorReport(setups: try SetupReader.read([root]))
        #expect(report.results.map(\.setup.name) == ["tasks"])
        #expect(report.results.first?.setup.bundleIdentifier?.value.value == "com.contoso.tasks")
        #expect(Self.findings(report).map(\.rule.rawValue) == ["broker-query-schemes-missing"])
    }

    /// An XcodeGen spec for the Flutter-like app, as XcodeGen's documentation writes one.
    static let xcodeGenSpec = """
        name: Runner
        options:
          bundleIdPrefix: com.contoso # the targets' bundle ids
        targets:
          tasks:
            type: application
            platform: iOS
            deploymentTarget: "13.0"
            sources: [Runner]
            info:
              path: Runner/Info.plist
            entitlements:
              path: Runner/Runner.entitlements
            settings:
              base:
                SWIFT_VERSION: 5.0
          RunnerTests:
            type: bundle.unit-test
            platform: iOS
            sources:
              - path: RunnerTests
            dependencies:
              - target: tasks
        """

    /// A project whose only target is a framework (a vendored library's project).
    static let frameworkProject = """
        // !$*UTF8*$!
        {
            archiveVersion = 1;
            objectVersion = 56;
            objects = {
                F1 = {isa = PBXNativeTarget; name = Lib; productType = "com.apple.product-type.framework"; buildConfigurationList = L1; buildPhases = (); };
                L1 = {isa = XCConfigurationList; buildConfigurations = (C1); };
                C1 = {isa = XCBuildConfiguration; name = Release; buildSettings = {PRODUCT_BUNDLE_IDENTIFIER = com.vendor.lib;}; };
                G1 = {isa = PBXGroup; children = (); sourceTree = "<group>"; };
                P1 = {isa = PBXProject; mainGroup = G1; targets = (F1); buildConfigurationList = L1; };
            };
            rootObject = P1;
        }
        """
}

/// Paths as people type them.
@Suite("the doctor's lock-file reader on relative folders")
struct MSALVersionPathTests {
    // Foundation on Linux traps on a one-character path's deletingLastPathComponent, which `authtrail doctor .` met.
    @Test("looking for lock files near \".\" or a one-letter folder does not trap")
    func oneCharacterFolders() {
        _ = MSALVersion.read(near: ".")
        #expect(MSALVersion.read(near: "a") == nil)
    }

    @Test("a Package.resolved pin and a Cartfile.resolved line give MSAL's version and line")
    func lockFormats() {
        let resolved = """
            {
              "pins" : [
                {
                  "identity" : "microsoft-authentication-library-for-objc",
                  "kind" : "remoteSourceControl",
                  "state" : {
                    "revision" : "abc",
                    "version" : "1.6.3"
                  }
                }
              ]
            }
            """
        #expect(MSALVersion.version(in: resolved, file: "Package.resolved")?.value == "1.6.3")
        #expect(MSALVersion.version(in: resolved, file: "Package.resolved")?.location.line == 8)
        let cartfile = "github \"AzureAD/microsoft-authentication-library-for-objc\" \"1.2.1\"\n"
        #expect(MSALVersion.version(in: cartfile, file: "Cartfile.resolved")?.value == "1.2.1")
    }
}

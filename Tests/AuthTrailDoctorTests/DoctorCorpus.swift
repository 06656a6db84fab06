import Foundation

/// The apps under Tests/DoctorCorpus (written for this project from MSAL's documentation, each standing for a shape of
/// public app run locally but not committed), the findings MSAL's documentation expects on each, written before the
/// doctor was run, and copies with one planted mistake.
enum DoctorCorpus {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("DoctorCorpus")

    /// A finding the doctor should print: its rule and the file it names, relative to the app's folder.
    struct Expected: Hashable, Sendable, CustomStringConvertible {
        var rule: String
        var file: String

        var description: String { "\(rule) at \(file)" }
    }

    struct App: Sendable {
        var name: String
        var expected: [Expected]
    }

    static let apps: [App] = [
        App(name: "handwritten-flutter-share", expected: []),
        App(name: "handwritten-objc-vendored", expected: []),
        App(name: "handwritten-swiftui-sync", expected: []),
        App(
            name: "handwritten-swiftui-adaptor",
            expected: [
                Expected(rule: "redirect-scheme-not-registered", file: "Recipes/Info.plist"),
                Expected(rule: "response-hand-off-missing", file: "Recipes/RecipesApp.swift"),
            ]),
        App(
            name: "handwritten-uikit-scenes-b2c",
            expected: [
                Expected(rule: "authority-not-known", file: "Vault/B2CAuth.swift"),
                Expected(rule: "response-hand-off-missing", file: "Vault/SceneDelegate.swift"),
            ]),
        App(name: "handwritten-maui-broken-plist", expected: []),
    ]

    /// One edit to a copy of an app.
    enum Edit: Sendable {
        /// Replace `find` (which must occur) with `replace` in `file`.
        case replace(file: String, find: String, with: String)
        /// Add a file.
        case add(file: String, text: String)
        /// Add `count` small sources under `folder` (a vendored library sorting before the app's own files).
        case addMany(folder: String, count: Int, text: String)
    }

    /// A copy of an app with one planted mistake (or, with no `expected`, a change that must not add a finding).
    struct Mutant: Sendable {
        var app: String
        var edit: Edit
        var expected: Expected?
        var note: String

        var testDescription: String { "\(app): \(note)" }
    }

    static let mutants: [Mutant] = [
        Mutant(
            app: "handwritten-flutter-share",
            edit: .replace(file: "Runner/Info.plist", find: "<string>msauthv3</string>", with: ""),
            expected: Expected(rule: "broker-query-schemes-missing", file: "Runner/Info.plist"),
            note: "msauthv3 removed"),
        Mutant(
            app: "handwritten-flutter-share",
            edit: .replace(
                file: "Runner/Runner.entitlements",
                find: "<string>$(AppIdentifierPrefix)com.microsoft.adalcache</string>", with: ""),
            expected: Expected(rule: "keychain-group-missing", file: "Runner/Runner.entitlements"),
            note: "adalcache removed from the app, beside a share extension"),
        Mutant(
            app: "handwritten-flutter-share",
            edit: .replace(
                file: "Runner/AppDelegate.swift",
                find: "    return MSALPublicClientApplication.handleMSALResponse(url, sourceApplication: "
                    + "options[UIApplication.OpenURLOptionsKey.sourceApplication] as? String)",
                with: "    guard let source = options[UIApplication.OpenURLOptionsKey.sourceApplication] as? String "
                    + "else { return false }\n    return MSALPublicClientApplication.handleMSALResponse(url, "
                    + "sourceApplication: source)"),
            expected: Expected(rule: "response-hand-off-unreachable", file: "Runner/AppDelegate.swift"),
            note: "a guard on sourceApplication before the hand-off"),
        Mutant(
            app: "handwritten-flutter-share",
            edit: .add(
                file: "RunnerTests/AuthorityTests.swift",
                text:
                    "import XCTest\n\nfinal class AuthorityTests: XCTestCase {\n    // a test fixture, not the app's\n"
                    + "    let authority = \"https://contoso.example.com/tenant\"\n}\n"),
            expected: nil, note: "a unit test with an https authority string is not the app's"),
        Mutant(
            app: "handwritten-flutter-share",
            edit: .replace(
                file: "Runner/TaskAuth.swift", find: "\"msauth.com.contoso.tasks://auth\"",
                with: "\"msauth.com.contoso.other://auth\""),
            expected: Expected(rule: "redirect-uri-bundle-mismatch", file: "Runner/TaskAuth.swift"),
            note: "a redirect URI for another bundle id: one finding, one fix"),
        Mutant(
            app: "handwritten-flutter-share",
            edit: .replace(
                file: "Runner/Info.plist", find: "<string>msauth.$(PRODUCT_BUNDLE_IDENTIFIER)</string>", with: ""),
            expected: Expected(rule: "redirect-scheme-not-registered", file: "Runner/Info.plist"),
            note: "the redirect scheme unregistered"),
        Mutant(
            app: "handwritten-flutter-share",
            edit: .replace(
                file: "Runner/TaskAuth.swift", find: "\"https://login.microsoftonline.com/common\"",
                with: "\"https://contoso.b2clogin.com/tfp/contoso.onmicrosoft.com/B2C_1_signin\""),
            expected: Expected(rule: "authority-not-known", file: "Runner/TaskAuth.swift"),
            note: "a B2C authority without knownAuthorities"),
        Mutant(
            app: "handwritten-flutter-share",
            edit: .addMany(folder: "AAVendor", count: 2_100, text: "import Foundation\nlet vendored = 1\n"),
            expected: nil, note: "2,100 vendored sources sorting before the app's own"),
        Mutant(
            app: "handwritten-uikit-scenes-b2c",
            edit: .replace(file: "Vault/Info.plist", find: "<string>msauthv2</string>", with: ""),
            expected: Expected(rule: "broker-query-schemes-missing", file: "Vault/Info.plist"),
            note: "msauthv2 removed"),
        Mutant(
            app: "handwritten-objc-vendored",
            edit: .replace(file: "Photos/Info.plist", find: "<string>msauth.com.contoso.photos</string>", with: ""),
            expected: Expected(rule: "redirect-scheme-not-registered", file: "Photos/Info.plist"),
            note: "the default redirect scheme unregistered, beside vendored MSAL"),
        Mutant(
            app: "handwritten-objc-vendored",
            edit: .replace(
                file: "Photos/Photos.entitlements",
                find: "<string>$(AppIdentifierPrefix)com.microsoft.adalcache</string>", with: ""),
            expected: Expected(rule: "keychain-group-missing", file: "Photos/Photos.entitlements"),
            note: "adalcache removed, beside vendored MSAL's keychainSharingGroup"),
        Mutant(
            app: "handwritten-objc-vendored",
            edit: .replace(
                file: "Photos/AppDelegate.m",
                find: "return [MSALPublicClientApplication handleMSALResponse:url sourceApplication:"
                    + "options[UIApplicationOpenURLOptionsSourceApplicationKey]];",
                with: "return NO;"),
            expected: Expected(rule: "response-hand-off-missing", file: "Photos/AppDelegate.m"),
            note: "no hand-off, beside vendored MSAL's own handleMSALResponse"),
        Mutant(
            app: "handwritten-objc-vendored",
            edit: .replace(file: "Photos/Info.plist", find: "<string>msauthv3</string>", with: ""),
            expected: Expected(rule: "broker-query-schemes-missing", file: "Photos/Info.plist"),
            note: "msauthv3 removed"),
        Mutant(
            app: "handwritten-swiftui-sync",
            edit: .replace(
                file: "Notes/NotesApp.swift",
                find: "_ = MSALPublicClientApplication.handleMSALResponse(url, sourceApplication: nil)", with: "_ = url"
            ),
            expected: Expected(rule: "response-hand-off-missing", file: "Notes/NotesApp.swift"),
            note: "SwiftUI onOpenURL without the hand-off"),
        Mutant(
            app: "handwritten-swiftui-sync",
            edit: .replace(
                file: "Notes/AuthService.swift", find: "keychainSharingGroup = \"com.contoso.notes\"",
                with: "keychainSharingGroup = \"com.contoso.shared\""),
            expected: Expected(rule: "keychain-group-missing", file: "Notes.xcodeproj/project.pbxproj"),
            note: "a shared keychain group no entitlements file of the target declares"),
        Mutant(
            app: "handwritten-swiftui-adaptor",
            edit: .replace(
                file: "Recipes/Recipes.entitlements",
                find: "<string>$(AppIdentifierPrefix)com.microsoft.adalcache</string>", with: ""),
            expected: Expected(rule: "keychain-group-missing", file: "Recipes/Recipes.entitlements"),
            note: "adalcache removed"),
        Mutant(
            app: "handwritten-maui-broken-plist",
            edit: .replace(
                file: "Platforms/MacCatalyst/Entitlements.plist", find: "<key>com.apple.security.network.client</key>",
                with: "<key>com.apple.security.network.server</key>"),
            expected: Expected(
                rule: "sandbox-network-client-missing", file: "Platforms/MacCatalyst/Entitlements.plist"),
            note: "Mac Catalyst's sandbox without network.client"),
    ]

    /// Why a finding the doctor gives is not expected, or an expected one is not given, keyed by "app: rule at file"
    /// (mutants: "app (note): …"). Every miss must be explained here.
    static let explainedMisses: [String: String] = [:]
}

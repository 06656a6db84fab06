internal import Foundation

/// What Swift and Objective-C sources say about the MSAL set-up, read line by line from simple textual evidence:
/// string literals (redirect URIs, authorities), assignments (`knownAuthorities`, `keychainSharingGroup`,
/// `validateAuthority`, `brokerAvailability`) and the `handleMSALResponse` hand-off. A value built at run time
/// (`String(format:)`, interpolation) is not evidence; the rules treat what is not found as unknown where they can.
/// A pure function of the text: no I/O.
package enum SourceScanner {
    /// Adds the evidence in one file's `text` to `setup`.
    package static func scan(_ text: String, file: String, into setup: inout AppSetup) {
        var handOff = setup.handOff ?? AppSetup.HandOffEvidence()
        let isSceneFile = text.contains("openURLContexts") || text.contains("onOpenURL")
        if text.contains("UIWindowSceneDelegate") || text.contains("openURLContexts") {
            handOff.usesScenes = true
        }
        // A comment naming MSAL (`// TODO: sign in with MSALPublicClientApplication`) is not a use of it.
        let usesMSAL = text.split(separator: "\n", omittingEmptySubsequences: false).contains { line in
            let code = line.trimmingCharacters(in: .whitespaces)
            return !isComment(code)
                && (code.contains("import MSAL") || code.contains("<MSAL/") || code.contains("\"MSAL")
                    || code.contains("MSALPublicClientApplication"))
        }
        if usesMSAL {
            setup.referencesMSAL = true
            if handOff.msalSource == nil { handOff.msalSource = SetupLocation(file: file) }
        } else if setup.referencesMSAL == nil {
            setup.referencesMSAL = false
        }
        if text.contains("MSALPublicClientApplicationConfig(") || text.contains("initWithClientId")
            || text.contains("MSALPublicClientApplicationConfig alloc]") || text.contains("(clientId:")
        {
            setup.configuresMSAL = true
        } else if setup.configuresMSAL == nil {
            setup.configuresMSAL = false
        }
        if setup.platform == nil { setup.platform = platformImported(by: text) }
        // An Objective-C header declares the delegate (`<UIApplicationDelegate>`); the hand-off belongs in its
        // implementation, so a location found in a header gives way to one in a source file.
        let headerLocation = handOff.delegateLocation?.file.hasSuffix(".h") == true && !file.hasSuffix(".h")
        var previousCode = ""
        var urlHandler: (guard: SetupLocation?, open: Bool) = (nil, false)
        var lineNumber = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let location = SetupLocation(file: file, line: lineNumber)
            let code = line.trimmingCharacters(in: .whitespaces)
            if isComment(code) { continue }
            let wantsDelegate =
                handOff.delegateLocation == nil || (headerLocation && handOff.delegateLocation?.file != file)
            if handOff.sceneDelegateLocation == nil,
                code.contains("UIWindowSceneDelegate") || code.contains("openURLContexts")
            {
                handOff.sceneDelegateLocation = location
            }
            if wantsDelegate, code.contains("UIApplicationDelegate") {
                handOff.delegateLocation = location
            }
            // The SwiftUI App that runs: `: App {` under an `@main` that is not commented out.
            if handOff.swiftUIAppLocation == nil, code.contains(": App {"),
                code.hasPrefix("@main") || previousCode.hasPrefix("@main")
            {
                handOff.swiftUIAppLocation = location
                handOff.usesScenes = true
            }
            if wantsDelegate,
                code.contains("didFinishLaunchingWithOptions") || code.contains("open url: URL")
                    || code.contains("openURL:(NSURL")
            {
                handOff.delegateLocation = location
            }
            if !code.isEmpty { previousCode = code }
            if handOff.sceneURLHandler == nil, code.contains("openURLContexts") || code.contains(".onOpenURL") {
                handOff.sceneURLHandler = location
            }
            let inHandler = urlHandler.open || opensURLHandler(code)
            scanURLHandler(code, location: location, state: &urlHandler, into: &handOff)
            if code.contains("handleMSALResponse") {
                handOff.calls.append(Located(isSceneFile, at: location))
                if !inHandler, !isSceneFile { handOff.forwardedCalls.append(location) }
            }
            scanConstant(code, location: location, into: &setup)
            scanRedirectArgument(code, location: location, into: &setup)
            scanAssignments(code, location: location, into: &setup)
            for literal in literals(in: code) {
                scanLiteral(literal, line: code, location: location, into: &setup)
            }
            if code.contains("MSALB2CAuthority(") && !setup.authorities.contains(where: { $0.value.kind == .b2c }) {
                setup.authorities.append(Located(.init(text: "MSALB2CAuthority", kind: .b2c), at: location))
            }
            if code.contains("MSALCIAMAuthority(") && !setup.authorities.contains(where: { $0.value.kind == .ciam }) {
                setup.authorities.append(Located(.init(text: "MSALCIAMAuthority", kind: .ciam), at: location))
            }
        }
        setup.handOff = handOff
    }

    /// The platform an `import` names: UIKit is iOS (Mac Catalyst included), AppKit or Cocoa macOS.
    static func platformImported(by text: String) -> AppSetup.Platform? {
        let iOS = text.contains("import UIKit") || text.contains("<UIKit/")
        let macOS =
            text.contains("import AppKit") || text.contains("import Cocoa") || text.contains("<AppKit/")
            || text.contains("<Cocoa/")
        return iOS == macOS ? nil : iOS ? .iOS : .macOS
    }

    /// A URL handler (`application(_:open:options:)`, `openURL:`, `scene(_:openURLContexts:)`, `.onOpenURL`) that
    /// leaves before its `handleMSALResponse` call: a `guard` on `sourceApplication`, which iOS 13 and later leave nil
    /// for another vendor's app, the broker.
    private static func scanURLHandler(
        _ code: String, location: SetupLocation, state: inout (guard: SetupLocation?, open: Bool),
        into handOff: inout AppSetup.HandOffEvidence
    ) {
        if opensURLHandler(code) {
            state = (nil, true)
        } else if code.hasPrefix("func ") || code.contains(" func ") || code.hasPrefix("- (") {
            state = (nil, false)
        }
        guard state.open else { return }
        if code.hasPrefix("guard "), code.contains("sourceApplication"), state.guard == nil {
            state.guard = location
        }
        if code.contains("handleMSALResponse") {
            if let guardLocation = state.guard { handOff.unreachableCall = handOff.unreachableCall ?? guardLocation }
            state = (nil, false)
        }
    }

    /// Whether a trimmed line is a comment (`//`, or a line of a `/* … */` block).
    private static func isComment(_ code: String) -> Bool {
        code.hasPrefix("//") || code.hasPrefix("*") || code.hasPrefix("/*")
    }

    /// Whether `code` begins a URL handler: `application(_:open:options:)`, `openURL:`, `scene(_:openURLContexts:)`,
    /// `.onOpenURL`.
    private static func opensURLHandler(_ code: String) -> Bool {
        code.contains("open url: URL") || code.contains("openURL:(NSURL") || code.contains("openURLContexts")
            || code.contains(".onOpenURL")
    }

    private static func scanAssignments(_ code: String, location: SetupLocation, into setup: inout AppSetup) {
        if code.contains("knownAuthorities"), code.contains("=") || code.contains("setKnownAuthorities") {
            setup.knownAuthorities = setup.knownAuthorities ?? location
        }
        if code.contains("validateAuthority"), code.contains("= false") || code.contains("= NO") {
            setup.authorityValidationOff = setup.authorityValidationOff ?? location
        }
        if code.contains("brokerAvailability"),
            code.contains(".none") || code.contains("MSALBrokeredAvailabilityNone")
        {
            setup.brokerDisabled = setup.brokerDisabled ?? location
        }
        if code.contains("bypassRedirectURIValidation"), code.contains("="), !code.contains("=="),
            code.contains("true") || code.contains("YES")
        {
            setup.redirectValidationOff = setup.redirectValidationOff ?? location
        }
        if code.contains("keychainSharingGroup"), code.contains("="), !code.contains("==") {
            // `= Bundle.main.bundleIdentifier` names the app's own group, whatever the bundle id turns out to be.
            let ownGroup = code.contains("bundleIdentifier") ? AppSetup.ownKeychainGroup : nil
            setup.keychainSharingGroup = Located(literals(in: code).first ?? ownGroup, at: location)
            // A name is followed to its constant once every source is read (resolveRedirectNames).
            if literals(in: code).isEmpty, ownGroup == nil, let equals = code.firstIndex(of: "=") {
                let name = code[code.index(after: equals)...].trimmingCharacters(in: .whitespaces)
                    .trimmingCharacters(in: CharacterSet(charactersIn: ";"))
                if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) {
                    setup.keychainGroupName = Located(name, at: location)
                }
            }
        }
    }

    private static func scanLiteral(
        _ literal: String, line: String, location: SetupLocation, into setup: inout AppSetup
    ) {
        let lower = literal.lowercased()
        // msauth.<bundle id>://auth, or the older msal<client id>://auth.
        let clientID = lower.dropFirst(4).prefix { $0 != ":" }
        let legacy =
            lower.hasPrefix("msal") && clientID.allSatisfy { $0.isHexDigit || $0 == "-" }
            && lower.hasSuffix("://auth")
        if (lower.hasPrefix("msauth.") && lower.contains("://")) || (legacy && lower.count > 12) {
            setup.redirectURIs.append(Located(literal, at: location))
            return
        }
        let names = line.lowercased()
        let host = hostOf(lower)
        let kind = lower.contains("/tfp/") ? .b2c : AppSetup.Authority.Kind(host: host)
        if kind == .b2c || kind == .ciam || (lower.hasPrefix("https://") && names.contains("authority")) {
            setup.authorities.append(Located(.init(text: literal, kind: kind), at: location))
        }
    }

    /// The host of `https://host/...`, or the literal itself when it is a bare host (`fabrikamb2c.b2clogin.com`).
    static func hostOf(_ text: String) -> String {
        var rest = Substring(text)
        if let scheme = rest.range(of: "://") { rest = rest[scheme.upperBound...] }
        return String(rest.prefix { $0 != "/" && $0 != ":" && $0 != "?" })
    }

    /// The complete string literals on a line, Swift's `"…"` and Objective-C's `@"…"`; a literal holding an
    /// interpolation or a format placeholder is left out: its value is made at run time.
    static func literals(in line: String) -> [String] {
        var found = [String]()
        var current = ""
        var inside = false
        var escaped = false
        for character in line {
            if inside {
                if escaped {
                    escaped = false
                    current.append(character)
                } else if character == "\\" {
                    escaped = true
                    current.append(character)
                } else if character == "\"" {
                    inside = false
                    if !current.contains("\\(") && !current.contains("%@") && !current.isEmpty {
                        found.append(current)
                    }
                    current = ""
                } else {
                    current.append(character)
                }
            } else if character == "\"" {
                inside = true
            }
        }
        return found
    }
}

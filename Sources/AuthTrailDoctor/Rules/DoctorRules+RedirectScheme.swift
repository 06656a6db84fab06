internal import Foundation

extension DoctorRules {
    /// iOS: the redirect URI's scheme must be one of the app's `CFBundleURLSchemes`.
    ///
    /// MSIDRedirectUriVerifier (IdentityCore, src/util/ios) `verifySchemeIsRegistered`: any scheme but https must be
    /// in `CFBundleURLTypes`, else `MSIDErrorRedirectSchemeNotRegistered` (-51118), which MSAL hands the app as -50000
    /// with sub-code -42001 when `MSALPublicClientApplication` is created. Without a configured redirect URI MSAL
    /// takes `msauth.<bundle id>://auth`, and falls back to `msal<client id>://auth` only when that one is registered
    /// (not broker-capable: see `nonBrokerFallback` for when MSAL accepts it). macOS does not check registration
    /// (src/util/mac): the rule is iOS-only.
    package static let redirectScheme = DoctorRule(
        id: "redirect-scheme-not-registered",
        title: "the redirect URI's scheme is registered in CFBundleURLTypes",
        reference: "IdentityCore src/util/ios/MSIDRedirectUriVerifier.m (verifySchemeIsRegistered), "
            + "src/util/MSIDRedirectUri.m (defaultBrokerCapableRedirectUri)"
    ) { setup in
        guard setup.platform == .iOS else { return .notChecked(notIOS(setup)) }
        guard let schemes = setup.urlSchemes else { return .notChecked("no Info.plist was read") }
        let location = setup.urlTypesLocation ?? schemes.first?.location ?? SetupLocation(file: "Info.plist")
        let registered = Set(schemes.map(\.value).filter { !SettingReference.occurs(in: $0) })
        let unresolved = schemes.filter { SettingReference.occurs(in: $0.value) }

        if setup.redirectURIs.isEmpty, let unspelled = setup.unspelledRedirectURI {
            return .notChecked(
                "the redirect URI is \(unspelled.value) (\(unspelled.location.description)), which the sources read "
                    + "do not spell out")
        }
        if !setup.redirectURIs.isEmpty, let off = setup.redirectValidationOff {
            return .notChecked("the app turns MSAL's redirect URI validation off (\(off.description))")
        }
        var findings = [Finding]()
        // An msauth URI for another bundle id is redirect-uri-bundle-mismatch's finding: one mistake, one fix.
        let explicit = setup.redirectURIs.filter {
            scheme(of: $0.value) != "https" && !mismatchesBundle($0.value, setup: setup)
        }
        for uri in explicit {
            guard let wanted = scheme(of: uri.value), !registered.contains(wanted) else { continue }
            if !unresolved.isEmpty { return .notChecked(unresolvedSchemes(unresolved)) }
            findings.append(
                Finding(
                    rule: "redirect-scheme-not-registered",
                    problem: "the redirect URI \(uri.value) (\(uri.location.description)) uses the scheme "
                        + "\(wanted), which CFBundleURLTypes does not register"
                        + registeredList(registered),
                    location: SetupLocation(file: location.file, keyPath: "CFBundleURLTypes"),
                    errors: [notRegisteredError],
                    fix: "add \(wanted) to CFBundleURLTypes > CFBundleURLSchemes in \(location.file) (no spaces), "
                        + "and register \(uri.value) for the app in the Entra admin center"))
        }
        if !setup.redirectURIs.isEmpty {
            if findings.isEmpty,
                let other = setup.redirectURIs.first(where: {
                    scheme(of: $0.value).map { $0 != "https" && !registered.contains($0) } == true
                })
            {
                return .notChecked(
                    "the redirect URI \(other.value) is for another bundle id and its scheme is not registered either: "
                        + "redirect-uri-bundle-mismatch reports both")
            }
            return findings.isEmpty ? .passed : .findings(findings)
        }

        // No redirect URI configured: MSAL's default.
        guard let bundle = setup.bundleIdentifier else { return .notChecked("the bundle identifier is unknown") }
        guard let bundleID = bundle.value.value else {
            return .notChecked("the bundle identifier \(rawBundle(bundle.value)) is not resolved")
        }
        let wanted = "msauth.\(bundleID)"
        if registered.contains(wanted) { return .passed }
        if !unresolved.isEmpty { return .notChecked(unresolvedSchemes(unresolved)) }
        let near = registered.filter { $0.lowercased().hasPrefix("msauth.") }.sorted()
        if near.isEmpty, setup.configuresMSAL == false {
            // Flutter, React Native and .NET apps create MSAL's application outside the sources read.
            return .notChecked(
                "no source read creates MSAL's application (MSALPublicClientApplicationConfig), so its redirect "
                    + "URI is not known")
        }
        if let fallback = registered.sorted().first(where: { $0.hasPrefix("msal") && !$0.hasPrefix("msauth") }) {
            return nonBrokerFallback(fallback, wanted: wanted, setup: setup, location: location)
        }
        let mismatch =
            near.isEmpty
            ? "" : "; it registers \(near.joined(separator: ", ")), which does not match the bundle id \(bundleID)"
        var errors = [notRegisteredError]
        if !near.isEmpty {
            errors.append(
                PredictedError(
                    domain: "AADSTS", code: 50011,
                    note: "when the app passes \(near[0])://auth while the registration says \(wanted)://auth"))
        }
        return .findings([
            Finding(
                rule: "redirect-scheme-not-registered",
                problem: "CFBundleURLTypes does not register \(wanted), the scheme of MSAL's redirect URI "
                    + "\(wanted)://auth for the bundle id \(bundleID)\(mismatch)",
                location: SetupLocation(file: location.file, keyPath: "CFBundleURLTypes"),
                errors: errors,
                fix: "add \(wanted) to CFBundleURLTypes > CFBundleURLSchemes in \(location.file) and register "
                    + "\(wanted)://auth as the app's iOS/macOS redirect URI in the Entra admin center")
        ])
    }

    /// MSAL's default when only `msal<client id>` is registered: that older URI, which is not broker-capable. MSAL
    /// before 2.0 takes it for any authority; 2.0 and later refuse to create the application with it for an Entra
    /// authority other than the consumers tenant, and give no error object then (MSALPublicClientApplication.m,
    /// `initWithConfiguration:error:` and `isAADNonConsumerTenant:`, since MSAL 2.0.0).
    private static func nonBrokerFallback(
        _ fallback: String, wanted: String, setup: AppSetup, location: SetupLocation
    ) -> DoctorRule.Outcome {
        if let version = setup.msalVersion, MSALVersion.isOlder(version.value, than: [2, 0, 0]) { return .passed }
        // MSAL refuses it only for an MSALAADAuthority: one on a custom domain may be B2C or External ID.
        if let custom = setup.authorities.first(where: { $0.value.kind == .custom }) {
            return .notChecked(
                "MSAL 2.0 and later refuse \(fallback)://auth for an Entra authority only, and the authority "
                    + "\(custom.value.text) (\(custom.location.description)) is on a custom domain")
        }
        if !refusesNonBrokerRedirect(setup) { return .passed }
        let version =
            setup.msalVersion.map { "MSAL \($0.value) (\($0.location.description))" }
            ?? "the MSAL version was not found"
        return .findings([
            Finding(
                rule: "redirect-scheme-not-registered",
                problem:
                    "CFBundleURLTypes registers \(fallback) but not \(wanted): MSAL then takes \(fallback)://auth, "
                    + "which is not broker-capable, and MSAL 2.0 and later refuse to create MSALPublicClientApplication "
                    + "with it for an Entra authority other than consumers (\(version)); the initializer fails with no "
                    + "NSError, which Swift throws as Foundation._GenericObjCError.nilError",
                location: SetupLocation(file: location.file, keyPath: "CFBundleURLTypes"),
                errors: [],
                fix: "add \(wanted) to CFBundleURLTypes > CFBundleURLSchemes in \(location.file), register "
                    + "\(wanted)://auth as the app's iOS/macOS redirect URI in the Entra admin center, and add msauthv2 "
                    + "and msauthv3 to LSApplicationQueriesSchemes")
        ])
    }

    /// Whether MSAL 2.0 and later refuse a redirect URI that is not broker-capable for the app's authorities: every
    /// one but B2C, External ID and Entra's consumers tenant (none configured means MSAL's default, `/common`).
    static func refusesNonBrokerRedirect(_ setup: AppSetup) -> Bool {
        setup.authorities.isEmpty
            || !setup.authorities.allSatisfy { authority in
                [.b2c, .ciam].contains(authority.value.kind)
                    || (authority.value.kind == .entra && isConsumersTenant(authority.value.text))
            }
    }

    /// An Entra authority for personal Microsoft accounts only: `/consumers` (IdentityCore's MSIDAADTenant gives the
    /// consumers type to that word only; the tenant's id counts as any tenant's).
    static func isConsumersTenant(_ authority: String) -> Bool {
        let lower = authority.lowercased()
        let afterHost = lower.range(of: "://").map { lower[$0.upperBound...] } ?? lower[...]
        return afterHost.split(separator: "/").dropFirst().first == "consumers"
    }

    /// An msauth redirect URI that redirect-uri-bundle-mismatch reports (not `msauth.<bundle id>://auth`).
    static func mismatchesBundle(_ uri: String, setup: AppSetup) -> Bool {
        guard uri.lowercased().hasPrefix("msauth"), let bundleID = setup.bundleIdentifier?.value.value else {
            return false
        }
        let external =
            !setup.authorities.isEmpty && setup.authorities.allSatisfy { [.b2c, .ciam].contains($0.value.kind) }
        return !external && !isBrokerCapable(uri, bundleID: bundleID)
    }

    static let notRegisteredError = PredictedError.msalInternal(
        -42001,
        note: "when MSALPublicClientApplication is created (MSIDErrorDomain -51118 "
            + "MSIDErrorRedirectSchemeNotRegistered in the logs)")

    /// The scheme of a URI as MSAL's NSURL reads it: the text before `:`, lower-cased as URL schemes compare.
    static func scheme(of uri: String) -> String? {
        guard let colon = uri.firstIndex(of: ":"), colon > uri.startIndex else { return nil }
        return String(uri[..<colon])
    }

    static func notIOS(_ setup: AppSetup) -> String {
        setup.platform == nil ? "the platform is unknown" : "MSAL checks this on iOS only"
    }

    static func registeredList(_ registered: Set<String>) -> String {
        registered.isEmpty
            ? " (it registers no scheme)" : " (it registers \(registered.sorted().joined(separator: ", ")))"
    }

    static func unresolvedSchemes(_ unresolved: [Located<String>]) -> String {
        "a registered scheme is not resolved: "
            + unresolved.map { "\($0.value) (\($0.location.description))" }.joined(separator: ", ")
    }

    static func rawBundle(_ bundle: AppSetup.BundleIdentifier) -> String {
        switch bundle {
        case .resolved(let value), .unresolved(let value): value
        }
    }
}

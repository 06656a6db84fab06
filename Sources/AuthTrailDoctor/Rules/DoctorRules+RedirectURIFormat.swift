internal import Foundation

extension DoctorRules {
    /// A redirect URI in MSAL's own form must be `msauth.<bundle id>://auth` exactly, and from MSAL 2.0 any other
    /// form is refused for an Entra authority (iOS and macOS).
    ///
    /// MSIDRedirectUri `redirectUriIsBrokerCapable`: `msauth.<bundle id>://auth`, or any scheme with the bundle id as
    /// host (ADAL's form), is broker-capable; anything else gets `MSIDErrorInvalidRedirectURI` (-51119), and
    /// `MSALPublicClientApplication` refuses to be created with it (-50000 with sub-code -42011) for an Entra
    /// authority that is not the consumers tenant (MSALPublicClientApplication.m, initWithConfiguration). The same
    /// URI registered for the app is what the STS compares: a wrong one is AADSTS50011 at sign-in.
    package static let redirectURIFormat = DoctorRule(
        id: "redirect-uri-bundle-mismatch",
        title: "the redirect URI is broker-capable: msauth.<bundle id>://auth",
        reference: "IdentityCore src/util/MSIDRedirectUri.m (redirectUriIsBrokerCapable); "
            + "MSAL src/MSALPublicClientApplication.m (initWithConfiguration:error:)"
    ) { setup in
        let msauth = setup.redirectURIs.filter { $0.value.lowercased().hasPrefix("msauth") }
        let others = setup.redirectURIs.filter { !$0.value.lowercased().hasPrefix("msauth") }
        if setup.redirectURIs.isEmpty, let unspelled = setup.unspelledRedirectURI {
            return .notChecked(
                "the redirect URI is \(unspelled.value) (\(unspelled.location.description)), which the sources read do "
                    + "not spell out")
        }
        guard !setup.redirectURIs.isEmpty else { return .notChecked("the app configures no redirect URI") }
        if let off = setup.redirectValidationOff {
            return .notChecked("the app turns MSAL's redirect URI validation off (\(off.description))")
        }
        guard let bundle = setup.bundleIdentifier else { return .notChecked("the bundle identifier is unknown") }
        guard let bundleID = bundle.value.value else {
            return .notChecked("the bundle identifier \(rawBundle(bundle.value)) is not resolved")
        }
        // B2C and External ID authorities do not use the broker, so MSAL accepts a URI that is not broker-capable.
        let external =
            !setup.authorities.isEmpty && setup.authorities.allSatisfy { [.b2c, .ciam].contains($0.value.kind) }
        if external { return .passed }
        // Only an iOS app (not an extension) has its scheme checked, first (MSIDRedirectUriVerifier).
        let checksScheme = setup.platform == .iOS && !setup.isAppExtension && setup.urlSchemes != nil
        let schemes = Set((setup.urlSchemes ?? []).map { $0.value.lowercased() })
        let unregistered = { (uri: String) in
            checksScheme && scheme(of: uri).map { $0 != "https" && !schemes.contains($0.lowercased()) } == true
        }
        // Another form (a custom scheme, https) is refused by MSAL 2.0 and later for an Entra authority; one whose
        // scheme is not registered fails on that first, which redirect-scheme-not-registered reports.
        let refusedOthers = refusesAtCreation(setup) ? others.filter { !unregistered($0.value) } : []
        let wanted = "msauth.\(bundleID)://auth"
        let version = setup.msalVersion == nil ? " (the MSAL version was not found)" : ""
        let registration =
            ", register it in the Entra admin center" + (checksScheme ? " and its scheme in CFBundleURLTypes" : "")
        let findings = (msauth + refusedOthers).filter { !isBrokerCapable($0.value, bundleID: bundleID) }.map { uri in
            let schemeMissing = unregistered(uri.value)
            let creation: PredictedError =
                schemeMissing
                ? notRegisteredError
                : .msalInternal(
                    -42011,
                    note: "when MSALPublicClientApplication is created (MSIDErrorDomain -51119 "
                        + "MSIDErrorInvalidRedirectURI in the logs)")
            let alsoScheme = schemeMissing ? ", and CFBundleURLTypes does not register its scheme" : ""
            guard uri.value.lowercased().hasPrefix("msauth") else {
                return Finding(
                    rule: "redirect-uri-bundle-mismatch",
                    problem: "the redirect URI \(uri.value) is not broker-capable, which MSAL 2.0 and later refuse for "
                        + "an Entra authority other than consumers\(version): MSAL expects \(wanted)\(alsoScheme)",
                    location: uri.location, errors: [creation],
                    fix: "pass \(wanted) as the redirect URI\(registration) (a custom scheme is accepted for B2C, "
                        + "External ID and the consumers tenant only)")
            }
            return Finding(
                rule: "redirect-uri-bundle-mismatch",
                problem: "the redirect URI \(uri.value) does not match the bundle id \(bundleID): MSAL expects "
                    + "\(wanted)\(alsoScheme)",
                location: uri.location,
                errors: [
                    creation,
                    PredictedError(
                        domain: "AADSTS", code: 50011,
                        note: "at sign-in, when the URI registered for the app is not the one passed"),
                ],
                fix: "pass \(wanted) as the redirect URI\(registration), or change the bundle id so the two match")
        }
        if findings.isEmpty, msauth.isEmpty, refusedOthers.isEmpty, !others.isEmpty, checksScheme,
            others.allSatisfy({ unregistered($0.value) })
        {
            return .notChecked("the redirect URI's scheme is not registered: redirect-scheme-not-registered reports it")
        }
        return findings.isEmpty ? .passed : .findings(findings)
    }

    /// Whether MSAL refuses a redirect URI that is not broker-capable when the application is created: from MSAL 2.0
    /// (an unknown version counts as current), on iOS and macOS, for an Entra authority other than consumers, none on
    /// a custom domain (MSALPublicClientApplication.m, `initWithConfiguration:error:`, outside any platform `#if`).
    static func refusesAtCreation(_ setup: AppSetup) -> Bool {
        if let version = setup.msalVersion, MSALVersion.isOlder(version.value, than: [2, 0, 0]) { return false }
        if setup.authorities.contains(where: { $0.value.kind == .custom }) { return false }
        return refusesNonBrokerRedirect(setup)
    }

    /// MSIDRedirectUri's test: the default `msauth.<bundle id>://auth`, or ADAL's form with the bundle id as host.
    static func isBrokerCapable(_ uri: String, bundleID: String) -> Bool {
        if uri == "msauth.\(bundleID)://auth" { return true }
        guard let range = uri.range(of: "://") else { return false }
        let host = uri[range.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return host == bundleID && range.lowerBound > uri.startIndex
    }
}

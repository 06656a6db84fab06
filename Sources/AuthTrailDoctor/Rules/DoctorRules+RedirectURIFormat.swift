internal import Foundation

extension DoctorRules {
    /// A redirect URI in MSAL's own form must be `msauth.<bundle id>://auth` exactly, and from MSAL 2.0 any other
    /// form is refused for an Entra authority on iOS.
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
        // Another form (a custom scheme, https) is refused only by MSAL 2.0 and later, on iOS, for an Entra authority;
        // one whose scheme is not registered fails on that first, which redirect-scheme-not-registered reports.
        let schemes = Set((setup.urlSchemes ?? []).map { $0.value.lowercased() })
        let refusedOthers =
            setup.platform == .iOS && setup.urlSchemes != nil && refusesAtCreation(setup)
            ? others.filter { scheme(of: $0.value).map { $0 == "https" || schemes.contains($0.lowercased()) } == true }
            : []
        guard !msauth.isEmpty || !refusedOthers.isEmpty else {
            return .notChecked("the app configures no msauth redirect URI")
        }
        guard let bundle = setup.bundleIdentifier else { return .notChecked("the bundle identifier is unknown") }
        guard let bundleID = bundle.value.value else {
            return .notChecked("the bundle identifier \(rawBundle(bundle.value)) is not resolved")
        }
        // B2C and External ID authorities do not use the broker, so MSAL accepts a URI that is not broker-capable.
        let external =
            !setup.authorities.isEmpty && setup.authorities.allSatisfy { [.b2c, .ciam].contains($0.value.kind) }
        if external { return .passed }
        let wanted = "msauth.\(bundleID)://auth"
        let findings = (msauth + refusedOthers).filter { !isBrokerCapable($0.value, bundleID: bundleID) }.map { uri in
            // On iOS a scheme CFBundleURLTypes does not register fails first (MSIDRedirectUriVerifier checks it
            // before the URI's form).
            let unregistered =
                setup.platform == .iOS && setup.urlSchemes != nil
                && scheme(of: uri.value).map { $0 != "https" && !schemes.contains($0.lowercased()) } == true
            let creation: PredictedError =
                unregistered
                ? notRegisteredError
                : .msalInternal(
                    -42011,
                    note: "when MSALPublicClientApplication is created (MSIDErrorDomain -51119 "
                        + "MSIDErrorInvalidRedirectURI in the logs)")
            let registration = ", register it in the Entra admin center and its scheme in CFBundleURLTypes"
            guard uri.value.lowercased().hasPrefix("msauth") else {
                return Finding(
                    rule: "redirect-uri-bundle-mismatch",
                    problem: "the redirect URI \(uri.value) is not broker-capable, which MSAL 2.0 and later refuse for "
                        + "an Entra authority other than consumers: MSAL expects \(wanted)"
                        + (unregistered ? ", and CFBundleURLTypes does not register its scheme" : ""),
                    location: uri.location, errors: [creation],
                    fix: "pass \(wanted) as the redirect URI\(registration) (a custom scheme is accepted for B2C, "
                        + "External ID and the consumers tenant only)")
            }
            return Finding(
                rule: "redirect-uri-bundle-mismatch",
                problem:
                    "the redirect URI \(uri.value) does not match the bundle id \(bundleID): MSAL expects \(wanted)"
                    + (unregistered ? ", and CFBundleURLTypes does not register its scheme" : ""),
                location: uri.location,
                errors: [
                    creation,
                    PredictedError(
                        domain: "AADSTS", code: 50011,
                        note: "at sign-in, when the URI registered for the app is not the one passed"),
                ],
                fix: "pass \(wanted) as the redirect URI\(registration), or change the bundle id so the two match")
        }
        return findings.isEmpty ? .passed : .findings(findings)
    }

    /// Whether MSAL refuses a redirect URI that is not broker-capable when the application is created: from MSAL 2.0
    /// (an unknown version counts as current), for an Entra authority other than consumers, none on a custom domain
    /// (MSALPublicClientApplication.m, `initWithConfiguration:error:`).
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

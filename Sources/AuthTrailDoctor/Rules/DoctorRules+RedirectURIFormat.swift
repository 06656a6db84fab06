internal import Foundation

extension DoctorRules {
    /// A redirect URI in MSAL's own form must be `msauth.<bundle id>://auth` exactly.
    ///
    /// MSIDRedirectUri `redirectUriIsBrokerCapable`: `msauth.<bundle id>://auth`, or any scheme with the bundle id as
    /// host (ADAL's form), is broker-capable; anything else gets `MSIDErrorInvalidRedirectURI` (-51119), and
    /// `MSALPublicClientApplication` refuses to be created with it (-50000 with sub-code -42011) for an Entra
    /// authority that is not the consumers tenant (MSALPublicClientApplication.m, initWithConfiguration). The same
    /// URI registered for the app is what the STS compares: a wrong one is AADSTS50011 at sign-in.
    package static let redirectURIFormat = DoctorRule(
        id: "redirect-uri-bundle-mismatch",
        title: "an msauth redirect URI is msauth.<bundle id>://auth",
        reference: "IdentityCore src/util/MSIDRedirectUri.m (redirectUriIsBrokerCapable); "
            + "MSAL src/MSALPublicClientApplication.m (initWithConfiguration:error:)"
    ) { setup in
        let msauth = setup.redirectURIs.filter { $0.value.lowercased().hasPrefix("msauth") }
        guard !msauth.isEmpty else { return .notChecked("the app configures no msauth redirect URI") }
        guard let bundle = setup.bundleIdentifier else { return .notChecked("the bundle identifier is unknown") }
        guard let bundleID = bundle.value.value else {
            return .notChecked("the bundle identifier \(rawBundle(bundle.value)) is not resolved")
        }
        // B2C and External ID authorities do not use the broker, so MSAL accepts a URI that is not broker-capable.
        let external =
            !setup.authorities.isEmpty && setup.authorities.allSatisfy { [.b2c, .ciam].contains($0.value.kind) }
        if external { return .passed }
        let wanted = "msauth.\(bundleID)://auth"
        let findings = msauth.filter { !isBrokerCapable($0.value, bundleID: bundleID) }.map { uri in
            Finding(
                rule: "redirect-uri-bundle-mismatch",
                problem: "the redirect URI \(uri.value) does not match the bundle id \(bundleID): MSAL expects "
                    + "\(wanted)",
                location: uri.location,
                errors: [
                    .msalInternal(
                        -42011,
                        note: "when MSALPublicClientApplication is created (MSIDErrorDomain -51119 "
                            + "MSIDErrorInvalidRedirectURI in the logs)"),
                    PredictedError(
                        domain: "AADSTS", code: 50011,
                        note: "at sign-in, when the URI registered for the app is not the one passed"),
                ],
                fix: "pass \(wanted) as the redirect URI (and register it in the Entra admin center), or change the "
                    + "bundle id so the two match")
        }
        return findings.isEmpty ? .passed : .findings(findings)
    }

    /// MSIDRedirectUri's test: the default `msauth.<bundle id>://auth`, or ADAL's form with the bundle id as host.
    static func isBrokerCapable(_ uri: String, bundleID: String) -> Bool {
        if uri == "msauth.\(bundleID)://auth" { return true }
        guard let range = uri.range(of: "://") else { return false }
        let host = uri[range.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return host == bundleID && range.lowerBound > uri.startIndex
    }
}

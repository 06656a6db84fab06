extension DoctorRules {
    /// iOS: an app whose redirect URI can use the broker must list `msauthv2` and `msauthv3` in
    /// `LSApplicationQueriesSchemes`.
    ///
    /// MSALPublicClientApplication.m (initWithConfiguration, TARGET_OS_IPHONE): with broker availability on (the
    /// default) and a broker-capable redirect URI, `verifyAdditionalRequiredSchemesAreRegistered` must pass, else the
    /// application is not created: `MSIDErrorRedirectSchemeNotRegistered` ("The required query schemes msauthv2 and
    /// msauthv3 are not registered"), -50000 with sub-code -42001 to the app.
    package static let brokerQuerySchemes = DoctorRule(
        id: "broker-query-schemes-missing",
        title: "LSApplicationQueriesSchemes lists msauthv2 and msauthv3",
        reference: "MSAL src/MSALPublicClientApplication.m (initWithConfiguration:error:); IdentityCore "
            + "src/util/ios/MSIDRedirectUriVerifier.m (verifyAdditionalRequiredSchemesAreRegistered)"
    ) { setup in
        guard setup.platform == .iOS else { return .notChecked(notIOS(setup)) }
        if let off = setup.brokerDisabled { return .notChecked("the app turns the broker off (\(off.description))") }
        guard let queries = setup.querySchemes else { return .notChecked("no Info.plist was read") }
        // MSAL CHANGELOG 0.6.0: "Enable iOS 13 compatible broker", the one msauthv3 asks for.
        if let version = setup.msalVersion, MSALVersion.isOlder(version.value, than: [0, 6, 0]) {
            return .notChecked(
                "MSAL \(version.value) (\(version.location.description)) predates the iOS 13 broker and its query schemes"
            )
        }
        let missing = ["msauthv2", "msauthv3"].filter { !queries.value.contains($0) }
        guard !missing.isEmpty else { return .passed }
        switch brokerCapability(setup) {
        case .no: return .notChecked("the redirect URI is not broker-capable, so MSAL does not ask")
        case .unknown(let reason): return .notChecked(reason)
        case .yes: break
        }
        return .findings([
            Finding(
                rule: "broker-query-schemes-missing",
                problem: "LSApplicationQueriesSchemes lacks \(missing.joined(separator: " and ")), so MSAL cannot ask "
                    + "whether Microsoft Authenticator or Company Portal (the broker) is installed",
                location: SetupLocation(file: queries.location.file, keyPath: "LSApplicationQueriesSchemes"),
                errors: [
                    .msalInternal(
                        -42001,
                        note: "when MSALPublicClientApplication is created (MSIDErrorDomain -51118: the required "
                            + "query schemes msauthv2 and msauthv3 are not registered)")
                ],
                fix: "add \(missing.joined(separator: " and ")) to LSApplicationQueriesSchemes in "
                    + "\(queries.location.file)")
        ])
    }

    enum BrokerCapability {
        case yes, no
        case unknown(String)
    }

    /// Whether MSAL will treat the app's redirect URI as broker-capable.
    static func brokerCapability(_ setup: AppSetup) -> BrokerCapability {
        guard let bundleID = setup.bundleIdentifier?.value.value else {
            return .unknown("the bundle identifier is unknown or not resolved")
        }
        if !setup.redirectURIs.isEmpty {
            return setup.redirectURIs.contains { isBrokerCapable($0.value, bundleID: bundleID) } ? .yes : .no
        }
        if let unspelled = setup.unspelledRedirectURI {
            return .unknown(
                "the redirect URI is \(unspelled.value) (\(unspelled.location.description)), which the sources read do "
                    + "not spell out")
        }
        // MSAL's default is msauth.<bundle id>://auth when that scheme is registered, else msal<client id>://auth.
        guard let schemes = setup.urlSchemes else { return .unknown("no Info.plist was read") }
        if schemes.contains(where: { $0.value == "msauth.\(bundleID)" }) { return .yes }
        let fallback = schemes.contains { $0.value.hasPrefix("msal") && !$0.value.hasPrefix("msauth") }
        // With neither registered MSAL refuses to start: that is redirect-scheme-not-registered's one finding, and
        // its fix (msauth.<bundle id>) is broker-capable, so this rule does not call it otherwise.
        return fallback
            ? .no
            : .unknown(
                "MSAL's redirect scheme is not registered yet (redirect-scheme-not-registered); msauthv2 and msauthv3 "
                    + "are needed once msauth.\(bundleID) is")
    }
}

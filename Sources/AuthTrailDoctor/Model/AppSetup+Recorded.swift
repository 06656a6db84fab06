package import AuthTrail

extension AppSetup {
    /// Where a recorded fact came from, as the findings name it: the app's own files, as the running app read them.
    enum RecordedSource {
        static let infoPlist = "Info.plist"
        static let entitlements = "the app's entitlements"
        static let configuration = "MSALPublicClientApplicationConfig"
    }

    /// The set-up a running app recorded in its `app.configuration` event, for the same rules that judge its files.
    ///
    /// What the app cannot see from inside (its source code, its entitlements list, the redirect URI's path) stays
    /// unknown, so the rules that need it are not checked rather than guessed. The event keeps the redirect URI's
    /// scheme only, lower-cased: it is spelled back as the app registers it (or as `msauth.<bundle id>`) when the
    /// letters are the same, URL schemes comparing without letter case, and the path is taken to be MSAL's `auth`.
    package init(recorded: RecordedAppConfiguration) {
        self.init(name: recorded.bundleID ?? "the recorded set-up")
        switch recorded.platform {
        case "iOS", "visionOS", "Mac Catalyst": platform = .iOS
        case "macOS": platform = .macOS
        default: platform = nil
        }
        let info = RecordedSource.infoPlist
        if let bundleID = recorded.bundleID {
            bundleIdentifier = Located(
                .resolved(bundleID), at: SetupLocation(file: info, keyPath: "CFBundleIdentifier"))
        }
        // The Info.plist facts are known when the app had one: then `registersMSALScheme` is set.
        if recorded.registersMSALScheme != nil {
            urlTypesLocation = SetupLocation(file: info, keyPath: "CFBundleURLTypes")
            urlSchemes = recorded.urlSchemes.map {
                Located($0, at: SetupLocation(file: info, keyPath: "CFBundleURLTypes"))
            }
        }
        if let v2 = recorded.queriesMSAuthV2, let v3 = recorded.queriesMSAuthV3 {
            let schemes = (v2 ? ["msauthv2"] : []) + (v3 ? ["msauthv3"] : [])
            querySchemes = Located(schemes, at: SetupLocation(file: info, keyPath: "LSApplicationQueriesSchemes"))
        }
        if let sandboxed = recorded.sandboxed, platform == .iOS {
            // iOS apps are always sandboxed; on macOS the running app cannot read its network entitlement, so the
            // sandbox rule stays unchecked there.
            sandbox = Located(sandboxed, at: SetupLocation(file: RecordedSource.entitlements))
        }
        let configuration = RecordedSource.configuration
        msalVersion = recorded.msalVersion.map { Located($0, at: SetupLocation(file: "the running app's MSAL")) }
        if let scheme = recorded.redirectScheme {
            let spellings = recorded.urlSchemes + (recorded.bundleID.map { ["msauth.\($0)"] } ?? [])
            let spelled = spellings.first { $0.lowercased() == scheme } ?? scheme
            redirectURIs = [
                Located("\(spelled)://auth", at: SetupLocation(file: configuration, keyPath: "redirectUri"))
            ]
        }
        authorities = recorded.authorityHosts.map { host in
            Located(
                Authority(text: host, kind: Authority.Kind(host: host)),
                at: SetupLocation(file: configuration, keyPath: "authority"))
        }
        if !recorded.knownAuthorityHosts.isEmpty {
            knownAuthorities = SetupLocation(file: configuration, keyPath: "knownAuthorities")
        }
        if let group = recorded.keychainGroup {
            let stripped = SettingReference.keychainGroupWithoutPrefix(group)
            let location = SetupLocation(file: RecordedSource.entitlements, keyPath: "keychain-access-groups")
            if stripped != DoctorRules.defaultKeychainGroup(platform ?? .iOS) {
                keychainSharingGroup = Located(
                    stripped, at: SetupLocation(file: configuration, keyPath: "cacheConfig.keychainSharingGroup"))
            }
            switch recorded.keychainProbe {
            case .answered?: keychain = .probe(group: group, answered: true, location: location)
            case .refused?: keychain = .probe(group: group, answered: false, location: location)
            case .notChecked?, nil: break
            }
        }
    }
}

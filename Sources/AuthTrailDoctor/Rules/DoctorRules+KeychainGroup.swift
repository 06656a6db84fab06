extension DoctorRules {
    /// The keychain access group MSAL's token cache uses must be in the app's `keychain-access-groups`.
    ///
    /// MSALCacheConfig.h: `keychainSharingGroup` defaults to `com.microsoft.adalcache` on iOS and
    /// `com.microsoft.identity.universalstorage` on macOS, "and it needs to be declared in your application's
    /// entitlements"; set to the bundle id, MSAL uses the app's private group, which needs no declaration. Without
    /// it every keychain call fails with errSecMissingEntitlement (-34018), so tokens never persist.
    package static let keychainGroup = DoctorRule(
        id: "keychain-group-missing",
        title: "the entitlements declare the keychain group MSAL's cache uses",
        reference: "MSAL src/public/configuration/publicClientApplication/cache/MSALCacheConfig.h "
            + "(keychainSharingGroup); src/configuration/MSALCacheConfig.m (defaultKeychainSharingGroup)"
    ) { setup in
        guard let platform = setup.platform else { return .notChecked("the platform is unknown") }
        guard let keychain = setup.keychain else { return .notChecked("no entitlements were read") }
        var wanted = defaultKeychainGroup(platform)
        if let custom = setup.keychainSharingGroup {
            guard let group = custom.value else {
                let setting = setup.msalNET == nil ? "keychainSharingGroup" : "WithIosKeychainSecurityGroup"
                return .notChecked(
                    "the app sets \(setting) (\(custom.location.description)) to a value the sources do not spell out")
            }
            // The bundle id names the app's own group, which the application identifier grants without a
            // keychain-access-groups entry.
            if group == AppSetup.ownKeychainGroup || group == setup.bundleIdentifier?.value.value { return .passed }
            wanted = group
        }
        switch keychain {
        case .probe(let group, let answered, let location):
            guard group == wanted || SettingReference.keychainGroupWithoutPrefix(group) == wanted else {
                return .notChecked("the recorded probe asked for \(group), not \(wanted)")
            }
            return answered ? .passed : .findings([finding(wanted, setup, at: location, declared: nil)])
        case .entitlements(let groups, let location):
            let stripped = groups.map(SettingReference.keychainGroupWithoutPrefix)
            if stripped.contains(wanted) { return .passed }
            if let unresolved = stripped.first(where: SettingReference.occurs(in:)) {
                return .notChecked("a keychain group is not resolved: \(unresolved)")
            }
            return .findings([finding(wanted, setup, at: location, declared: groups)])
        }
    }

    /// MSAL's keychain group when the app sets none (MSALCacheConfig.m, defaultKeychainSharingGroup).
    package static func defaultKeychainGroup(_ platform: AppSetup.Platform) -> String {
        platform == .iOS ? "com.microsoft.adalcache" : "com.microsoft.identity.universalstorage"
    }

    private static func finding(
        _ group: String, _ setup: AppSetup, at location: SetupLocation, declared: [String]?
    ) -> Finding {
        let listed: String
        switch declared {
        case nil: listed = "the keychain refused the group"
        case let groups? where groups.isEmpty: listed = "the entitlements declare no keychain group"
        case let groups?: listed = "the entitlements declare only \(groups.joined(separator: ", "))"
        }
        let problem: String
        let errors: [PredictedError]
        let fix: String
        if setup.msalNET != nil {
            let given =
                location.keyPath == "CodesignEntitlements"
                ? "the app has no Entitlements.plist and its project names none (CodesignEntitlements)" : listed
            problem = "MSAL.NET's token cache uses the keychain group \(group) on iOS, but \(given)"
            errors = [
                PredictedError(
                    domain: "NSOSStatusErrorDomain", code: -34018,
                    note: "on the token cache's first keychain write; MSAL.NET throws MsalClientException "
                        + "missing_entitlements and no token persists")
            ]
            fix =
                "add $(AppIdentifierPrefix)\(group) to keychain-access-groups in the iOS Entitlements.plist (the "
                + "project's CodesignEntitlements), or pass the bundle id to WithIosKeychainSecurityGroup to use the "
                + "app's private group"
        } else {
            problem =
                "MSAL's token cache uses the keychain group \(group) on \(setup.platform?.rawValue ?? ""), but \(listed)"
            errors = [
                PredictedError(
                    domain: "NSOSStatusErrorDomain", code: -34018,
                    note: "on every token cache read and write; MSAL logs it as MSIDKeychainErrorDomain -34018 and "
                        + "tokens never persist, so every start asks the user to sign in again"),
                .msalInternal(nil, note: "when creating the application or saving a token fails on the keychain"),
            ]
            fix =
                "add $(AppIdentifierPrefix)\(group) to keychain-access-groups (Signing & Capabilities > Keychain "
                + "Sharing: \(group)), or set MSALCacheConfig.keychainSharingGroup to the bundle id to use the app's "
                + "private group"
        }
        return Finding(
            rule: "keychain-group-missing", problem: problem,
            location: SetupLocation(file: location.file, keyPath: location.keyPath ?? "keychain-access-groups"),
            errors: errors, fix: fix)
    }
}

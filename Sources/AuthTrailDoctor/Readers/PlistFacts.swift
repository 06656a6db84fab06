/// Fills an `AppSetup` from an Info.plist's or an entitlements file's dictionary, resolving build settings.
package enum PlistFacts {
    /// The bundle id, URL schemes, query schemes, scenes and platform hints of an Info.plist.
    package static func applyInfo(
        _ plist: PropertyListValue, file: String, settings: BuildSettings, to setup: inout AppSetup
    ) {
        if let raw = plist["CFBundleIdentifier"]?.string {
            let value = settings.resolve(raw)
            let location = SetupLocation(file: file, keyPath: "CFBundleIdentifier")
            let resolved = SettingReference.occurs(in: value)
            setup.bundleIdentifier = Located(resolved ? .unresolved(value) : .resolved(value), at: location)
            if resolved { setup.unresolved.append(Located(value, at: location)) }
        }
        var schemes = [Located<String>]()
        for (typeIndex, urlType) in (plist["CFBundleURLTypes"]?.array ?? []).enumerated() {
            for (index, scheme) in (urlType["CFBundleURLSchemes"]?.strings ?? []).enumerated() {
                let keyPath = "CFBundleURLTypes[\(typeIndex)].CFBundleURLSchemes[\(index)]"
                let value = settings.resolve(scheme)
                let location = SetupLocation(file: file, keyPath: keyPath)
                if SettingReference.occurs(in: value) { setup.unresolved.append(Located(value, at: location)) }
                schemes.append(Located(value, at: location))
            }
        }
        setup.urlSchemes = (setup.urlSchemes ?? []) + schemes
        setup.urlTypesLocation = setup.urlTypesLocation ?? SetupLocation(file: file, keyPath: "CFBundleURLTypes")
        let queries = (plist["LSApplicationQueriesSchemes"]?.strings ?? []).map { settings.resolve($0) }
        setup.querySchemes = Located(
            (setup.querySchemes?.value ?? []) + queries,
            at: setup.querySchemes?.location ?? SetupLocation(file: file, keyPath: "LSApplicationQueriesSchemes"))
        if plist["UIApplicationSceneManifest"] != nil {
            setup.infoDeclaresScenes = true
        }
        if plist["NSExtension"] != nil { setup.isAppExtension = true }
        if setup.platform == nil { setup.platform = platform(info: plist) }
        // UIDeviceFamily is UIKit's: with macOS sandbox entitlements it is a Mac Catalyst app, which MSAL builds
        // for iOS (TARGET_OS_IPHONE: iOS's keychain group) while the App Sandbox still applies.
        if plist["UIDeviceFamily"] != nil, plist["LSMinimumSystemVersion"] == nil, setup.platform == .macOS {
            setup.platform = .iOS
            setup.macCatalyst = true
        }
    }

    /// iOS for `LSRequiresIPhoneOS` or an iPhone platform list; macOS for `LSMinimumSystemVersion` or
    /// `NSPrincipalClass` NSApplication.
    static func platform(info plist: PropertyListValue) -> AppSetup.Platform? {
        let platforms = plist["CFBundleSupportedPlatforms"]?.strings ?? []
        if platforms.contains(where: { $0.hasPrefix("iPhone") }) || plist["LSRequiresIPhoneOS"] != nil
            || plist["UIApplicationSceneManifest"] != nil || plist["UILaunchStoryboardName"] != nil
            || plist["UIDeviceFamily"] != nil
        {
            return .iOS
        }
        if platforms.contains("MacOSX") || plist["LSMinimumSystemVersion"] != nil
            || plist["NSPrincipalClass"]?.string == "NSApplication"
        {
            return .macOS
        }
        return nil
    }

    /// The keychain groups and sandbox entitlements.
    package static func applyEntitlements(
        _ plist: PropertyListValue, file: String, settings: BuildSettings, to setup: inout AppSetup
    ) {
        let groups = (plist["keychain-access-groups"]?.strings ?? []).map { group in
            // The team prefix is compared without resolving it (SettingReference.keychainGroupWithoutPrefix).
            group.hasPrefix("$(AppIdentifierPrefix)") || group.hasPrefix("$(TeamIdentifierPrefix)")
                ? group : settings.resolve(group)
        }
        let location = SetupLocation(file: file, keyPath: "keychain-access-groups")
        setup.keychain = .entitlements(groups: groups, location: location)
        let sandbox = plist["com.apple.security.app-sandbox"]?.bool ?? false
        setup.sandbox = Located(sandbox, at: SetupLocation(file: file, keyPath: "com.apple.security.app-sandbox"))
        if let client = plist["com.apple.security.network.client"]?.bool {
            setup.networkClient = Located(
                client, at: SetupLocation(file: file, keyPath: "com.apple.security.network.client"))
        }
        // Only macOS has an App Sandbox; iOS entitlements carry application-identifier or aps-environment.
        let keys = plist.dictionary?.keys.map { $0 } ?? []
        if keys.contains(where: { $0.hasPrefix("com.apple.security.") }) {
            if setup.platform == nil { setup.platform = .macOS }
            // An iOS Info.plist read first, with the App Sandbox: Mac Catalyst.
            if setup.platform == .iOS, plist["com.apple.security.app-sandbox"] != nil { setup.macCatalyst = true }
        }
    }
}

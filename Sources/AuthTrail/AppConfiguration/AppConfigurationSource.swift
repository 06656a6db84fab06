import Foundation

/// Where the `app.configuration` event's facts come from: the main bundle's Info.plist, the process environment, the
/// platform and the Keychain. Tests inject real Info.plist contents and a Keychain that answers as a refusing one does.
package struct AppConfigurationSource: Sendable {
    /// The Info.plist's facts; nil when the process has none.
    package var bundle: @Sendable () -> AppBundleFacts?
    /// The process environment (`APP_SANDBOX_CONTAINER_ID` says a Mac app is sandboxed).
    package var environment: @Sendable () -> [String: String]
    /// `os.name` as segment metadata writes it: `iOS`, `macOS`, `Mac Catalyst`, `visionOS`, `Linux`.
    package var platform: String
    /// The Keychain to probe; nil where there is none.
    package var keychain: (any KeychainCalls)?

    package init(
        bundle: @escaping @Sendable () -> AppBundleFacts?, environment: @escaping @Sendable () -> [String: String],
        platform: String, keychain: (any KeychainCalls)?
    ) {
        self.bundle = bundle
        self.environment = environment
        self.platform = platform
        self.keychain = keychain
    }

    /// The running app: `Bundle.main`, this process's environment and platform, and the Security framework's Keychain
    /// where there is one. Nothing is read until the writer thread asks.
    package static var current: AppConfigurationSource {
        #if canImport(Security)
        let keychain: (any KeychainCalls)? = KeychainItem()
        #else
        let keychain: (any KeychainCalls)? = nil
        #endif
        return AppConfigurationSource(
            bundle: { AppBundleFacts(infoDictionary: Bundle.main.infoDictionary ?? [:]) },
            environment: { ProcessInfo.processInfo.environment },
            platform: SegmentMetadata.currentOperatingSystem.name, keychain: keychain)
    }
}

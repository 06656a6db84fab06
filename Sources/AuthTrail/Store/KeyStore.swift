public import Foundation

/// Where the install's pseudonym key lives. Never in the log folder: that folder is backed up, zipped and attached to
/// tickets, and a key next to its pseudonyms would let anyone confirm a guessed identity.
///
/// On Apple platforms the default is the Keychain, this device only (`kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly`:
/// not restored to another device from a backup). Elsewhere it is a 0600 file named after the install id in a 0700
/// folder: `$XDG_DATA_HOME/authtrail/keys`, or `~/.local/share/authtrail/keys`.
///
/// When the Keychain refuses for good (a Mac app without a keychain entitlement, `swift run`, `swift test`), the key
/// goes to files outside the log folder instead, and `TrailHealth.keyStore` and every segment's `redaction.key_store`
/// say so. Before the first unlock the Keychain only refuses for a while: the trail waits for it.
public struct KeyStore: Sendable, Hashable {
    enum Location: Sendable, Hashable {
        case folder(URL)
        /// `fallback`: the folder of key files used when the Keychain refuses for good.
        case keychain(service: String, accessGroup: String?, fallback: URL)
    }

    let location: Location
    /// The Keychain calls: the Security framework's, or a test's. Not part of equality: it is how, not where.
    let keychainCalls: any KeychainCalls

    init(location: Location, keychainCalls: any KeychainCalls = KeychainItem()) {
        self.location = location
        self.keychainCalls = keychainCalls
    }

    /// Keys as 0600 files named `<install id>.key` in `folder` (created with mode 0700). Choose a folder that is
    /// neither shared nor backed up with the logs.
    public static func files(in folder: URL) -> KeyStore { KeyStore(location: .folder(folder)) }

    /// Keys as generic-password Keychain items (service `service`, account the install id), readable after the first
    /// unlock and never migrated to another device. An app and its extensions that log into one folder must name the
    /// same `accessGroup` so they share one key: `TrailConfiguration(appGroup:)` does it for an App Group. Where the
    /// Keychain refuses for good (or there is none), keys are files in Application Support/AuthTrailKeys (elsewhere
    /// the XDG folder of `platformDefault`).
    public static func keychain(service: String = "AuthTrail", accessGroup: String? = nil) -> KeyStore {
        KeyStore(location: .keychain(service: service, accessGroup: accessGroup, fallback: fallbackFolder))
    }

    /// A Keychain reached through `calls`, falling back to files in `fallbackFolder`: for tests that answer as a
    /// refusing Keychain does.
    package static func keychain(
        service: String = "AuthTrail", accessGroup: String? = nil, fallbackFolder: URL, calls: any KeychainCalls
    ) -> KeyStore {
        KeyStore(
            location: .keychain(service: service, accessGroup: accessGroup, fallback: fallbackFolder),
            keychainCalls: calls)
    }

    /// The Keychain on Apple platforms; elsewhere files under `$XDG_DATA_HOME/authtrail/keys` (or
    /// `~/.local/share/authtrail/keys`).
    public static var platformDefault: KeyStore {
        #if canImport(Security)
        .keychain()
        #else
        .files(in: defaultFolder(environment: ProcessInfo.processInfo.environment))
        #endif
    }

    /// Where keys go when the Keychain refuses for good: Application Support/AuthTrailKeys on Apple platforms (a
    /// sibling of the usual Application Support/AuthTrail log folder, never inside it, whatever the case of the
    /// file system), elsewhere the XDG folder of `platformDefault`.
    static var fallbackFolder: URL {
        #if canImport(Darwin)
        FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
            .appendingPathComponent("AuthTrailKeys", isDirectory: true)
        #else
        defaultFolder(environment: ProcessInfo.processInfo.environment)
        #endif
    }

    /// `$XDG_DATA_HOME/authtrail/keys`, else `$HOME/.local/share/authtrail/keys`, else the home directory Foundation
    /// knows.
    static func defaultFolder(environment: [String: String]) -> URL {
        let dataHome =
            environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".local/share")
        return dataHome.appendingPathComponent("authtrail/keys")
    }

    public static func == (left: KeyStore, right: KeyStore) -> Bool { left.location == right.location }

    public func hash(into hasher: inout Hasher) { hasher.combine(location) }
}

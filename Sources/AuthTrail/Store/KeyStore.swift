public import Foundation

/// Where the install's pseudonym key lives. Never in the log folder: that folder is backed up, zipped and attached to
/// tickets, and a key next to its pseudonyms would let anyone confirm a guessed identity.
///
/// On Apple platforms the default is the Keychain, this device only (`kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly`:
/// not restored to another device from a backup). Elsewhere it is a 0600 file named after the install id in a 0700
/// folder: `$XDG_DATA_HOME/authtrail/keys`, or `~/.local/share/authtrail/keys`.
public struct KeyStore: Sendable, Hashable {
    enum Location: Sendable, Hashable {
        case folder(URL)
        case keychain(service: String, accessGroup: String?)
    }

    let location: Location

    /// Keys as 0600 files named `<install id>.key` in `folder` (created with mode 0700). Choose a folder that is
    /// neither shared nor backed up with the logs.
    public static func files(in folder: URL) -> KeyStore { KeyStore(location: .folder(folder)) }

    /// Keys as generic-password Keychain items (service `service`, account the install id), readable after the first
    /// unlock and never migrated to another device. An app and its extensions that log into one App Group folder
    /// must name the same `accessGroup` (a keychain access group they share) so they share one key. Only Apple
    /// platforms have a Keychain; elsewhere opening the key fails and the trail keeps retrying.
    public static func keychain(service: String = "AuthTrail", accessGroup: String? = nil) -> KeyStore {
        KeyStore(location: .keychain(service: service, accessGroup: accessGroup))
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

    /// `$XDG_DATA_HOME/authtrail/keys`, else `$HOME/.local/share/authtrail/keys`, else the home directory Foundation
    /// knows.
    static func defaultFolder(environment: [String: String]) -> URL {
        let dataHome =
            environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".local/share")
        return dataHome.appendingPathComponent("authtrail/keys")
    }
}

package import Foundation

extension TrailConfiguration {
    /// The configuration an app and its extensions share through an App Group: one log folder in the group's
    /// container (`Library/Application Support/AuthTrail`), and one pseudonym key in the Keychain under the group's
    /// access group, so every target gives a user the same pseudonym. Each target that logs needs the App Group
    /// entitlement, and nothing more. Change other settings on the result.
    ///
    /// If the Keychain refuses for good, the key goes to `Library/Application Support/AuthTrailKeys` in the same
    /// container, so the targets still share one key.
    /// - Parameters:
    ///   - identifier: the App Group, for example `group.com.example.myapp`.
    ///   - app: the app's identifier and version, recorded in every segment.
    /// - Throws: `TrailConfiguration.Invalid` when the target lacks the App Group entitlement (no container on iOS; on
    ///   macOS, which names a container for any identifier, one that does not exist or cannot be written), or off
    ///   Apple platforms.
    public init(appGroup identifier: String, app: AppInfo = .current) throws {
        #if canImport(Darwin)
        let container = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: identifier)
        #else
        let container: URL? = nil
        #endif
        guard let container, Self.isUsableContainer(container) else {
            throw Invalid(reason: "no container for App Group \(identifier): is the App Group entitlement missing?")
        }
        self.init(appGroup: identifier, container: container, app: app)
    }

    /// Whether an App Group container can hold the trail: an existing folder this process may write. The system
    /// makes the container of an entitled target; a sandboxed macOS app without the entitlement gets a path it can
    /// neither find nor create, where the writer would retry forever.
    package static func isUsableContainer(_ container: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: container.path, isDirectory: &isDirectory)
            && isDirectory.boolValue && FileManager.default.isWritableFile(atPath: container.path)
    }

    /// `init(appGroup:app:)` with the group's container given: what every target gets.
    package init(appGroup identifier: String, container: URL, app: AppInfo = .current) {
        let support = container.appendingPathComponent("Library/Application Support", isDirectory: true)
        // An App Group is also a keychain access group its members share (on macOS in the data-protection keychain).
        let keyStore = KeyStore(
            location: .keychain(
                service: "AuthTrail", accessGroup: identifier,
                fallback: support.appendingPathComponent("AuthTrailKeys", isDirectory: true)))
        self.init(
            directory: support.appendingPathComponent("AuthTrail", isDirectory: true), app: app, keyStore: keyStore)
    }
}

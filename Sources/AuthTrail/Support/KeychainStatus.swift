/// An `OSStatus` the Security framework returned, with names for the ones the key store tells apart. Unknown codes are
/// kept. Defined here, not taken from Security, so the decisions about them build and are tested on every platform.
package struct KeychainStatus: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    package var rawValue: Int32
    package init(rawValue: Int32) { self.rawValue = rawValue }

    package static let success = KeychainStatus(rawValue: 0)
    /// errSecUnimplemented, also what a platform without a Keychain answers here.
    package static let unimplemented = KeychainStatus(rawValue: -4)
    package static let itemNotFound = KeychainStatus(rawValue: -25300)
    package static let duplicateItem = KeychainStatus(rawValue: -25299)
    package static let notAvailable = KeychainStatus(rawValue: -25291)
    package static let noSuchKeychain = KeychainStatus(rawValue: -25294)
    /// Before the first unlock after a restart; it passes on its own.
    package static let interactionNotAllowed = KeychainStatus(rawValue: -25308)
    /// No application-identifier or keychain-access-groups entitlement (`swift run`, Developer ID without a profile);
    /// also seen for a moment in background launches and extensions, before securityd answers for the process.
    package static let missingEntitlement = KeychainStatus(rawValue: -34018)

    /// Refusals that no retry will change for this process: the file store takes over. -34018 only in the foreground:
    /// in the background it is retried like an unknown status first (`refusesForGood(inBackground:)`).
    package var refusesForGood: Bool { refusesForGood(inBackground: false) }

    package func refusesForGood(inBackground: Bool) -> Bool {
        [.unimplemented, .notAvailable, .noSuchKeychain].contains(self)
            || (self == .missingEntitlement && !inBackground)
    }

    /// Refusals that pass (the device gets unlocked): falling back would mint a second key, so the writer retries.
    package var isTransient: Bool { self == .interactionNotAllowed }

    package var description: String { String(rawValue) }
}

/// The two Keychain calls the key store makes: `KeychainItem` makes them for real; tests answer with the statuses a
/// Keychain gives when it refuses.
package protocol KeychainCalls: Sendable {
    /// `SecItemCopyMatching` of the item's data: the status, and the data when it is `success`.
    func copyData(service: String, account: String, accessGroup: String?) -> (status: KeychainStatus, data: [UInt8]?)
    /// `SecItemAdd` of an item holding `data`, readable after the first unlock and never migrated to another device.
    func add(_ data: [UInt8], service: String, account: String, accessGroup: String?) -> KeychainStatus
}

/// A Keychain call that did not give the secret.
package struct KeychainFailure: Error, Sendable, CustomStringConvertible {
    package var status: KeychainStatus
    package var description: String { "Keychain error \(status)" }
}

extension KeychainCalls {
    /// The secret of one generic-password item: read it, or add it (`make`) when missing. Two processes adding at once
    /// agree on the first one added.
    func loadOrAdd(
        service: String, account: String, accessGroup: String?, make: () -> [UInt8]
    ) throws(KeychainFailure) -> [UInt8] {
        for _ in 0..<2 {
            let found = copyData(service: service, account: account, accessGroup: accessGroup)
            if found.status == .success, let data = found.data, data.count >= 16 { return data }
            guard found.status == .itemNotFound else { throw KeychainFailure(status: found.status) }
            let secret = make()
            let added = add(secret, service: service, account: account, accessGroup: accessGroup)
            if added == .success { return secret }
            // Another process added it first: read theirs.
            guard added == .duplicateItem else { throw KeychainFailure(status: added) }
        }
        throw KeychainFailure(status: .duplicateItem)
    }
}

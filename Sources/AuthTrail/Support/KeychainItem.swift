import Foundation

#if canImport(Security)
import Security
#endif

/// A generic-password Keychain item that holds one secret: read it, or add it when missing. Two processes adding at
/// once agree on the first one added. Apple platforms only; elsewhere every call fails with `unavailable`.
enum KeychainItem {
    struct Failure: Error, CustomStringConvertible {
        /// The `OSStatus` the Security framework returned; 0 when the platform has no Keychain.
        var status: Int32
        var description: String {
            status == 0 ? "no Keychain on this platform" : "Keychain error \(status)"
        }
    }

    static func loadOrAdd(service: String, account: String, accessGroup: String?, make: () -> [UInt8]) throws -> [UInt8] {
        #if canImport(Security)
        var item: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
            kSecAttrAccount as String: account, kSecUseDataProtectionKeychain as String: true,
        ]
        if let accessGroup { item[kSecAttrAccessGroup as String] = accessGroup }
        for _ in 0..<2 {
            var query = item
            query[kSecReturnData as String] = true
            query[kSecMatchLimit as String] = kSecMatchLimitOne
            var found: CFTypeRef?
            let status = SecItemCopyMatching(query as CFDictionary, &found)
            if status == errSecSuccess, let data = found as? Data, data.count >= 16 { return [UInt8](data) }
            // Before the first unlock this is errSecInteractionNotAllowed: the caller retries later.
            guard status == errSecItemNotFound else { throw Failure(status: status) }
            let secret = make()
            var addition = item
            addition[kSecValueData as String] = Data(secret)
            // Readable after the first unlock (background work needs it), never restored to another device.
            addition[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
            let added = SecItemAdd(addition as CFDictionary, nil)
            if added == errSecSuccess { return secret }
            // Another process added it first: read theirs.
            guard added == errSecDuplicateItem else { throw Failure(status: added) }
        }
        throw Failure(status: errSecDuplicateItem)
        #else
        throw Failure(status: 0)
        #endif
    }
}

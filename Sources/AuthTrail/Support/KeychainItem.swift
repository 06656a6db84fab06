import Foundation

#if canImport(Security)
import Security
#endif

/// The Security framework's Keychain, data-protection keychain on macOS too (the one iOS has). Elsewhere every call
/// answers `unimplemented`, as a platform without a Keychain would.
package struct KeychainItem: KeychainCalls {
    package init() {}

    package func copyData(
        service: String, account: String, accessGroup: String?
    ) -> (status: KeychainStatus, data: [UInt8]?) {
        #if canImport(Security)
        var query = Self.attributes(service: service, account: account, accessGroup: accessGroup)
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        var found: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &found)
        return (KeychainStatus(rawValue: status), (found as? Data).map { [UInt8]($0) })
        #else
        return (.unimplemented, nil)
        #endif
    }

    package func add(_ data: [UInt8], service: String, account: String, accessGroup: String?) -> KeychainStatus {
        #if canImport(Security)
        var addition = Self.attributes(service: service, account: account, accessGroup: accessGroup)
        addition[kSecValueData as String] = Data(data)
        // Readable after the first unlock (background work needs it), never restored to another device.
        addition[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
        return KeychainStatus(rawValue: SecItemAdd(addition as CFDictionary, nil))
        #else
        return .unimplemented
        #endif
    }

    #if canImport(Security)
    private static func attributes(service: String, account: String, accessGroup: String?) -> [String: Any] {
        var item: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
            kSecAttrAccount as String: account, kSecUseDataProtectionKeychain as String: true,
        ]
        if let accessGroup { item[kSecAttrAccessGroup as String] = accessGroup }
        return item
    }
    #endif
}

/// Build-setting references (`$(PRODUCT_BUNDLE_IDENTIFIER)`, `${TARGET_NAME}`) in values read from an app's files.
package enum SettingReference {
    /// Whether `text` still holds a `$(…)` or `${…}` reference.
    package static func occurs(in text: String) -> Bool {
        text.contains("$(") || text.contains("${")
    }

    /// The keychain group with its team prefix taken off: `$(AppIdentifierPrefix)com.microsoft.adalcache`,
    /// `$(TeamIdentifierPrefix)com.microsoft.adalcache` and `UBF8T346G9.com.microsoft.adalcache` all give
    /// `com.microsoft.adalcache`. Xcode prefixes every group with the team's identifier, so the rules compare the
    /// rest.
    package static func keychainGroupWithoutPrefix(_ group: String) -> String {
        for prefix in ["$(AppIdentifierPrefix)", "$(TeamIdentifierPrefix)", "${AppIdentifierPrefix}"]
        where group.hasPrefix(prefix) {
            return String(group.dropFirst(prefix.count))
        }
        // A resolved prefix: ten upper-case letters or digits and a dot (Apple's team and app id prefixes).
        let parts = group.split(separator: ".", maxSplits: 1)
        if parts.count == 2, parts[0].count == 10, parts[0].allSatisfy({ $0.isUppercase || $0.isNumber }) {
            return String(parts[1])
        }
        return group
    }
}

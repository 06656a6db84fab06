/// Whether the keychain access group MSAL keeps its tokens in answers this app: a read of an item that does not exist,
/// in that group. A missing `keychain-access-groups` entitlement answers `-34018` (errSecMissingEntitlement), which
/// MSAL reports as keychain errors and tokens that never persist. Nothing is ever added, and no data is looked at.
package enum KeychainGroupProbe: Sendable, Hashable {
    /// The group answered: the item was not found (`-25300`) or, improbably, found.
    case answered(KeychainStatus)
    /// The Keychain refused the group, with its status (`-34018`: no entitlement for it).
    case refused(KeychainStatus)
    /// Not probed, and why (no Keychain on this platform; the team prefix is unknown).
    case notChecked(reason: String)

    /// Service and account of the probe's item, which nobody ever adds.
    static let service = "AuthTrail.msal-keychain-probe"
    static let account = "probe"

    /// Reasons written when the group is not probed.
    static let noKeychain = "no Keychain on this platform"
    static let unknownPrefix = "team prefix unknown"

    /// Probes `group` (with its team prefix) through `keychain`.
    static func probe(_ group: String, with keychain: any KeychainCalls) -> KeychainGroupProbe {
        // The data, if an item ever were found, is dropped here and never reaches an event.
        let status = keychain.copyData(service: service, account: account, accessGroup: group).status
        return status == .success || status == .itemNotFound ? .answered(status) : .refused(status)
    }

    /// `answered`, `refused` or `not_checked`, as the event's `msal.keychain.probe` says.
    var word: String {
        switch self {
        case .answered: "answered"
        case .refused: "refused"
        case .notChecked: "not_checked"
        }
    }

    /// The OSStatus of a probe that ran.
    var status: KeychainStatus? {
        switch self {
        case .answered(let status), .refused(let status): status
        case .notChecked: nil
        }
    }
}

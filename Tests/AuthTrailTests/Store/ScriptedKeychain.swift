import AuthTrail
import Foundation

/// A Keychain that answers every call with `refusal` while it is set, as a Keychain without an entitlement, or before
/// the first unlock, does; without one it keeps items in memory, as a working Keychain does.
final class ScriptedKeychain: KeychainCalls {
    private struct State {
        var refusal: KeychainStatus?
        var items: [String: [UInt8]] = [:]
        var calls = 0
    }

    private let state: Locked<State>

    init(refusing refusal: KeychainStatus? = nil) { state = Locked(State(refusal: refusal)) }

    /// Starts or stops refusing.
    func refuse(_ refusal: KeychainStatus?) { state.withLock { $0.refusal = refusal } }

    /// Calls answered so far, refused ones included.
    var calls: Int { state.withLock { $0.calls } }

    /// The secret stored for `account`, if any.
    func secret(account: String) -> [UInt8]? {
        state.withLock { state in state.items.first { $0.key.hasSuffix("|\(account)") }?.value }
    }

    func copyData(service: String, account: String, accessGroup: String?) -> (status: KeychainStatus, data: [UInt8]?) {
        state.withLock { state in
            state.calls += 1
            if let refusal = state.refusal { return (refusal, nil) }
            guard let data = state.items[Self.key(service, account, accessGroup)] else { return (.itemNotFound, nil) }
            return (.success, data)
        }
    }

    func add(_ data: [UInt8], service: String, account: String, accessGroup: String?) -> KeychainStatus {
        state.withLock { state in
            state.calls += 1
            if let refusal = state.refusal { return refusal }
            let key = Self.key(service, account, accessGroup)
            guard state.items[key] == nil else { return .duplicateItem }
            state.items[key] = data
            return .success
        }
    }

    private static func key(_ service: String, _ account: String, _ accessGroup: String?) -> String {
        "\(service)|\(accessGroup ?? "-")|\(account)"
    }
}

/// An operation's (`install.id`, `operation.id`), the key the report groups attempts by. Operations without an
/// operation id have an empty `operationID` and are never selected by key.
package struct OperationKey: Sendable, Hashable, Comparable {
    package let installID: String
    package let operationID: String
    /// `DistinctCount.hash` of the operation id, computed once per key: operation ids are random UUIDs, so hashing
    /// the install too would double the cost for no spread (equality still compares both); operations of one
    /// attempt share the empty id, so their install's hash tells them apart.
    private let keyHash: UInt64

    /// No operation (empty ids, which cost no reference count).
    static let none = OperationKey(installID: "", operationID: "")

    package init(installID: String, operationID: String) {
        self.installID = installID
        self.operationID = operationID
        keyHash = DistinctCount.hash(operationID.isEmpty ? installID : operationID)
    }

    package static func == (left: Self, right: Self) -> Bool {
        left.keyHash == right.keyHash && left.operationID == right.operationID && left.installID == right.installID
    }

    package func hash(into hasher: inout Hasher) { hasher.combine(keyHash) }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// The table's bucket without running `Hasher` over the id (`StableHash`): the open operations' dictionary
    /// looks each key up once or twice per event and rehashes its neighbours on every removal.
    package func _rawHashValue(seed: Int) -> Int { StableHash.bucketHash(keyHash, seed: seed) }

    package static func < (left: Self, right: Self) -> Bool {
        (left.installID, left.operationID) < (right.installID, right.operationID)
    }
}

/// The key of the ids last asked for, made again only when they change: an attempt's start and end mostly follow
/// each other, and making a key hashes its operation id (hashing it per event was about 1 % of a report; perf, large
/// segments).
struct LastOperationKey {
    private var key = OperationKey.none

    mutating func key(installID: String?, operationID: String?) -> OperationKey {
        // Compared as given: `installID ?? ""` made a copy of each id per event (a retain and a release).
        func same(_ kept: String, _ given: String?) -> Bool {
            if let given { kept == given } else { kept.isEmpty }
        }
        if !same(key.operationID, operationID) || !same(key.installID, installID) {
            key = OperationKey(installID: installID ?? "", operationID: operationID ?? "")
        }
        return key
    }
}

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

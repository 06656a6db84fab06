/// An operation's (`install.id`, `operation.id`), the key the report groups attempts by. Operations without an
/// operation id have an empty `operationID` and are never selected by key.
package struct OperationKey: Sendable, Hashable, Comparable {
    package var installID: String
    package var operationID: String

    package init(installID: String, operationID: String) {
        self.installID = installID
        self.operationID = operationID
    }

    // Operation ids are random UUIDs: hashing the install too would double the cost for no spread (equality still
    // compares both). Operations of one attempt share the empty id, so their install tells them apart.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(operationID)
        if operationID.isEmpty { hasher.combine(installID) }
    }

    package static func < (left: Self, right: Self) -> Bool {
        (left.installID, left.operationID) < (right.installID, right.operationID)
    }
}

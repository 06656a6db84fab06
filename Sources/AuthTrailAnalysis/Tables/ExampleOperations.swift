/// Up to `limit` example operations of one failure pattern: the operations whose earliest attempt with the pattern
/// ended first, ties by install id, then operation id. Which operations are kept depends only on the attempts given,
/// not on their order or on how they were split between builders (`merge`).
struct ExampleOperations: Sendable, Hashable {
    /// Examples kept per pattern: enough to see whether the operations failed alike, few enough that a fleet's HTML
    /// report stays small.
    static let limit = 3

    struct Entry: Sendable, Hashable, Comparable {
        var time: Int64
        var installID: String
        var operationID: String

        static func < (left: Self, right: Self) -> Bool {
            (left.time, left.installID, left.operationID) < (right.time, right.installID, right.operationID)
        }
    }

    /// Sorted, one per operation, at most `limit`: always the smallest entries of the operations seen, each
    /// operation at its earliest.
    private(set) var entries: [Entry] = []

    mutating func add(_ entry: Entry) {
        if let index = entries.firstIndex(where: {
            $0.operationID == entry.operationID && $0.installID == entry.installID
        }) {
            guard entry < entries[index] else { return }
            entries[index] = entry
        } else {
            // An operation left out had `limit` smaller operations, which only get smaller: a later entry of it
            // cannot get in unless it is smaller than the largest kept.
            if entries.count == Self.limit, let largest = entries.last, !(entry < largest) { return }
            entries.append(entry)
        }
        entries.sort()
        if entries.count > Self.limit { entries.removeLast() }
    }

    /// Adds `other`'s examples: the result is what one list given both lists' attempts would hold.
    mutating func merge(_ other: Self) {
        for entry in other.entries { add(entry) }
    }

    var examples: [Report.OperationExample] {
        entries.map {
            Report.OperationExample(
                installID: $0.installID, operationID: $0.operationID, failedAt: ReportTime(milliseconds: $0.time))
        }
    }
}

/// `ExampleOperations` per pattern key for the first `cap` keys (as `CappedTable` gives them rows); later keys share
/// the `other` list, as their attempts share the `(other)` row.
struct ExampleOperationTable<Key: Hashable & Comparable & Sendable>: Sendable {
    let cap: Int
    private(set) var rows: [Key: ExampleOperations] = [:]
    private(set) var other = ExampleOperations()

    init(cap: Int) { self.cap = cap }

    mutating func add(_ key: Key, _ entry: ExampleOperations.Entry) {
        if rows.count < cap || rows[key] != nil {
            rows[key, default: ExampleOperations()].add(entry)
        } else {
            other.add(entry)
        }
    }

    /// Adds `other`'s lists, its keys in ascending order, so which keys get rows past the cap does not depend on
    /// dictionary order.
    mutating func merge(_ other: Self) {
        for key in other.rows.keys.sorted() {
            guard let list = other.rows[key] else { continue }
            if rows.count < cap || rows[key] != nil {
                rows[key, default: ExampleOperations()].merge(list)
            } else {
                self.other.merge(list)
            }
        }
        self.other.merge(other.other)
    }

    /// The examples of `key`'s row, or of the `(other)` row when `key` is nil; nil when there are none.
    func examples(_ key: Key?) -> [Report.OperationExample]? {
        let list = key.map { rows[$0] ?? ExampleOperations() } ?? other
        return list.entries.isEmpty ? nil : list.examples
    }
}

extension PatternKey: Comparable {
    /// By `text`, which names each key once: an order for merging the same way every time, not for display.
    static func < (left: PatternKey, right: PatternKey) -> Bool { left.text < right.text }
}

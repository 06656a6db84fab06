/// Rows by key for the first `cap` distinct keys; every later key's updates go to one `other` row, and the table
/// counts how many distinct keys it folded there. Memory follows `cap`, not the variety of the input.
struct CappedTable<Key: Hashable, Value> {
    let cap: Int
    private(set) var rows: [Key: Value] = [:]
    /// The row gathering the keys past `cap`; nil while none was folded.
    private(set) var other: Value?
    /// Distinct keys folded into `other`.
    private(set) var folded = DistinctCount(limit: ReportBounds.exactDistinctFolded)

    init(cap: Int) { self.cap = cap }

    /// Applies `body` to `key`'s row, created with `make` when new, or to `other` when the table is full.
    /// - Parameters:
    ///   - hash: a stable hash of `key` (`DistinctCount.hash`), computed only when the key is folded.
    ///   - updateOther: false to count a folded key without applying `body` to `other` again (one attempt that
    ///     carries several folded keys counts once there).
    /// - Returns: whether `key` was folded.
    @discardableResult
    mutating func update(
        _ key: Key, hash: () -> UInt64, make: () -> Value, updateOther: Bool = true, _ body: (inout Value) -> Void
    ) -> Bool {
        if rows.count < cap || rows[key] != nil {
            body(&rows[key, default: make()])
            return false
        }
        folded.insert(hash: hash())
        guard updateOther else { return true }
        if other == nil { other = make() }
        body(&other!)
        return true
    }

    /// Adds `other`'s rows and "(other)" row, as if its updates had come after this table's: a key with a row here
    /// adds to it, a new key gets a row while there is room, later ones fold into `other`. Keys new here are taken in
    /// order of `hash`, so which get rows does not depend on dictionary order.
    /// - Parameters:
    ///   - hash: the stable hash `update` is given for the key.
    ///   - combine: adds one row's value to another.
    mutating func merge(_ other: Self, hash: (Key) -> UInt64, combine: (inout Value, Value) -> Void) {
        let fits = rows.count + other.rows.count <= cap
        let incoming = fits ? Array(other.rows) : other.rows.sorted { hash($0.key) < hash($1.key) }
        for (key, value) in incoming {
            if rows[key] != nil {
                combine(&rows[key]!, value)
            } else if rows.count < cap {
                rows[key] = value
            } else {
                folded.insert(hash: hash(key))
                fold(value, combine: combine)
            }
        }
        if let value = other.other { fold(value, combine: combine) }
        folded.merge(other.folded)
    }

    private mutating func fold(_ value: Value, combine: (inout Value, Value) -> Void) {
        if other == nil { other = value } else { combine(&other!, value) }
    }
}

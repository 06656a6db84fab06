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
}

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
    /// - Parameter hash: a stable hash of `key` (`DistinctCount.hash`), computed only when the key is folded.
    mutating func update(
        _ key: Key, hash: () -> UInt64, make: () -> Value, _ body: (inout Value) -> Void
    ) {
        if rows.count < cap || rows[key] != nil {
            body(&rows[key, default: make()])
            return
        }
        folded.insert(hash: hash())
        if other == nil { other = make() }
        body(&other!)
    }
}

/// A string with its stable hash (`DistinctCount.hash`) computed once, as a dictionary key: a table looked up per
/// attempt by a value that rarely changes (an install's versions, an authority host) then hashes one integer instead
/// of the string each time (the breakdown tables' string hashing was about 3 % of a report; perf, large segments).
struct HashedString: Hashable, Sendable {
    let value: String
    /// `DistinctCount.hash(value)`: the same in every run.
    let stableHash: UInt64

    init(_ value: String) {
        self.value = value
        stableHash = DistinctCount.hash(value)
    }

    static func == (left: Self, right: Self) -> Bool {
        left.stableHash == right.stableHash && left.value == right.value
    }

    func hash(into hasher: inout Hasher) { hasher.combine(stableHash) }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// The table's bucket without running `Hasher` (`StableHash`).
    func _rawHashValue(seed: Int) -> Int { StableHash.bucketHash(stableHash, seed: seed) }
}

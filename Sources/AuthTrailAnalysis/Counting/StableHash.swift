/// A 64-bit hash that is already well mixed (`DistinctCount.hash`), as a set or dictionary key: the table's bucket
/// comes from it and the table's seed alone, without running `Hasher`.
///
/// Hand-written for speed: seeding and finalising `Hasher` for keys whose hash was computed once was about 3 % of a
/// report's CPU (perf, large segments; docs/BENCHMARKS.md). `_rawHashValue(seed:)` is the standard library's hook
/// for that (its own integers use it); the seed is mixed in with a finaliser, so tables with different seeds still
/// order their keys differently and copying one table into another cannot cluster.
struct StableHash: Hashable, Sendable {
    let value: UInt64

    init(_ value: UInt64) { self.value = value }

    func hash(into hasher: inout Hasher) { hasher.combine(value) }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    func _rawHashValue(seed: Int) -> Int { Self.bucketHash(value, seed: seed) }

    /// `value` mixed with a table's `seed` (the finaliser of MurmurHash3).
    static func bucketHash(_ value: UInt64, seed: Int) -> Int {
        var hash = value ^ UInt64(bitPattern: Int64(seed))
        hash ^= hash >> 33
        hash &*= 0xff51_afd7_ed55_8ccd
        hash ^= hash >> 33
        return Int(truncatingIfNeeded: hash)
    }
}

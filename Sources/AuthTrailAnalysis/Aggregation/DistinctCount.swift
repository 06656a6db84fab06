/// How many distinct strings were seen, in memory bounded by `limit`: exact up to `limit` distinct values, then
/// estimated from a uniform sample of their hashes (adaptive sampling: the hashes whose top `level` bits are zero,
/// scaled by 2^level; the relative error is about 1/√(limit/2)).
///
/// Values are kept as 64-bit hashes of their UTF-8 bytes, not as strings: an install id costs 8 bytes instead of a
/// heap-allocated string, and the hash is the same in every run, so an estimate is reproducible. Below the limit a
/// collision (which would undercount by one) has a probability of about n²/2^65.
struct DistinctCount: Sendable {
    let limit: Int
    private var hashes = Set<UInt64>()
    private var level: UInt64 = 0

    init(limit: Int) { self.limit = max(limit, 1) }

    mutating func insert(_ value: String) { insert(hash: Self.hash(value)) }

    mutating func insert(hash: UInt64) {
        // A shift by 64 gives 0 in Swift, so level 0 keeps every hash.
        guard hash >> (64 - level) == 0 else { return }
        hashes.insert(hash)
        while hashes.count > limit {
            level += 1
            hashes = hashes.filter { $0 >> (64 - level) == 0 }
        }
    }

    /// Adds `other`'s values. The result is the one inserting them here one by one would give: a hash is kept at the
    /// lowest level that holds at most `limit`, whatever the order the values came in.
    mutating func merge(_ other: Self) {
        if other.level > level {
            level = other.level
            hashes = hashes.filter { $0 >> (64 - level) == 0 }
        }
        for hash in other.hashes { insert(hash: hash) }
    }

    /// The number of distinct values: exact while `isExact`.
    var count: Int { hashes.count << Int(level) }

    /// Whether `count` is exact (fewer than `limit` distinct values so far).
    var isExact: Bool { level == 0 }

    /// FNV-1a over the UTF-8 bytes, then MurmurHash3's finaliser so the top bits (the sample's test) are mixed.
    static func hash(_ value: String) -> UInt64 {
        var value = value
        return value.withUTF8 { hash(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// `hash(_:)` of raw bytes.
    static func hash(bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        hash ^= hash >> 33
        hash &*= 0xff51_afd7_ed55_8ccd
        hash ^= hash >> 33
        hash &*= 0xc4ce_b9fe_1a85_ec53
        return hash ^ (hash >> 33)
    }
}

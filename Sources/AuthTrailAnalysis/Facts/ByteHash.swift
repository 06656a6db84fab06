/// A 64-bit hash of bytes, the same on every run and machine (Swift's `Hasher` is seeded per process): FNV-1a, then
/// MurmurHash3's finaliser so that every bit is mixed. For hashes that decide an output: distinct counts, the order
/// of events tied in time, the names of long values.
enum ByteHash {
    static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        hash ^= hash >> 33
        hash &*= 0xff51_afd7_ed55_8ccd
        hash ^= hash >> 33
        hash &*= 0xc4ce_b9fe_1a85_ec53
        return hash ^ (hash >> 33)
    }
}

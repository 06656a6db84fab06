/// 64-bit hashes of bytes, the same on every run and machine (Swift's `Hasher` is seeded per process), for hashes
/// that decide an output.
enum ByteHash {
    /// FNV-1a, then MurmurHash3's finaliser so that every bit is mixed: distinct counts and the names of long values.
    static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return finalized(hash)
    }

    /// Eight bytes per multiply, then the same finaliser: the order of events tied in time, hashed on every line that
    /// waits for its install's turn. `of`, a multiply per byte, was a fifth of a bundle's report (perf: a bundle of
    /// the bench's large segments, docs/BENCHMARKS.md).
    static func ofWords(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            hash = (hash ^ word) &* 0x9e37_79b9_7f4a_7c15
            hash ^= hash >> 29
            offset += 8
        }
        var tail: UInt64 = 0
        for index in stride(from: bytes.count - 1, through: offset, by: -1) { tail = tail << 8 | UInt64(bytes[index]) }
        return finalized((hash ^ tail) &* 0x9e37_79b9_7f4a_7c15)
    }

    /// MurmurHash3's 64-bit finaliser.
    private static func finalized(_ value: UInt64) -> UInt64 {
        var hash = value ^ (value >> 33)
        hash &*= 0xff51_afd7_ed55_8ccd
        hash ^= hash >> 33
        hash &*= 0xc4ce_b9fe_1a85_ec53
        return hash ^ (hash >> 33)
    }
}

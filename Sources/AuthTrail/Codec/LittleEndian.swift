/// zstd's little-endian fields (RFC 8878): frame magic numbers, skippable frames' sizes, block headers. Callers check
/// that the bytes are there.
extension UnsafeRawBufferPointer {
    /// The 32-bit word at `offset`.
    package func littleEndianUInt32(at offset: Int) -> UInt32 {
        UInt32(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    /// The 24-bit word at `offset` (a block header).
    package func littleEndianUInt24(at offset: Int) -> Int {
        Int(self[offset]) | Int(self[offset + 1]) << 8 | Int(self[offset + 2]) << 16
    }
}

extension Array where Element == UInt8 {
    /// The 32-bit word at `offset`.
    package func littleEndianUInt32(at offset: Int) -> UInt32 { withUnsafeBytes { $0.littleEndianUInt32(at: offset) } }

    /// The 24-bit word at `offset` (a block header).
    package func littleEndianUInt24(at offset: Int) -> Int { withUnsafeBytes { $0.littleEndianUInt24(at: offset) } }
}

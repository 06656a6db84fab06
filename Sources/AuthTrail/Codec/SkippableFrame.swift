/// zstd skippable frames: user data that every zstd decoder (the CLI, DuckDB, bindings) steps over.
///
/// Layout (RFC 8878 §3.1.2): a 4-byte little-endian magic `0x184D2A50 | variant`, a 4-byte little-endian size, then
/// the payload.
package enum SkippableFrame {
    package static let magicBase: UInt32 = 0x184D_2A50
    package static let magicMask: UInt32 = 0xFFFF_FFF0
    /// The variant AuthTrail uses for its segment and bundle headers.
    package static let authTrailVariant: UInt8 = 0xA & 0x0F

    /// Encodes `payload` as one skippable frame.
    package static func encode(_ payload: [UInt8], variant: UInt8 = authTrailVariant) -> [UInt8] {
        precondition(payload.count <= Int(UInt32.max), "a skippable frame holds at most 4 GiB")
        var frame = [UInt8]()
        frame.reserveCapacity(8 + payload.count)
        appendLittleEndian(magicBase | UInt32(variant & 0x0F), to: &frame)
        appendLittleEndian(UInt32(payload.count), to: &frame)
        frame.append(contentsOf: payload)
        return frame
    }

    static func appendLittleEndian(_ value: UInt32, to bytes: inout [UInt8]) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }
}

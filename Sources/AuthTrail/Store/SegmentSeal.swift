/// The last 16 bytes of a segment that will never be appended to again: an empty-looking zstd skippable frame
/// (variant 0xB, 8-byte payload) that every zstd reader steps over.
///
/// A segment without a seal whose lock nobody holds was torn by a crash; the next `Trail` to open a segment in the
/// folder rewrites it with every recoverable event and seals it (`recovered`).
package enum SegmentSeal {
    package static let variant: UInt8 = 0xB
    /// Written by `SegmentWriter.close`.
    package static let clean = SkippableFrame.encode(Array("SEALED01".utf8), variant: variant)
    /// Written after a torn segment was rewritten.
    package static let recovered = SkippableFrame.encode(Array("RECOVER1".utf8), variant: variant)

    /// True when `tail` (the file's last 16 bytes) is a seal.
    package static func isSeal(_ tail: [UInt8]) -> Bool { tail == clean || tail == recovered }
}

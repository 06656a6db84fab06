/// The parts of a zstd frame header the reader needs, parsed from RFC 8878 §3.1.1.1 rather than libzstd's
/// experimental (static-linking-only) API.
package enum FrameHeader {
    /// Magic (4) + descriptor (1) + window (1) + dictionary id (4) + content size (8).
    package static let maximumSize = 18

    case valid(size: Int, hasChecksum: Bool)
    /// More bytes are needed to tell.
    case incomplete
    case invalid

    /// Parses the header at the start of `bytes` (which begin with the zstd magic number).
    package init(_ bytes: ArraySlice<UInt8>) {
        guard bytes.count >= 5 else {
            self = .incomplete
            return
        }
        let descriptor = bytes[bytes.startIndex + 4]
        let contentSizeFlag = Int(descriptor >> 6)
        let singleSegment = descriptor & 0x20 != 0
        let reservedBit = descriptor & 0x08 != 0
        let hasChecksum = descriptor & 0x04 != 0
        let dictionaryIDFlag = Int(descriptor & 0x03)
        guard !reservedBit else {
            self = .invalid
            return
        }
        let contentSizeBytes = [singleSegment ? 1 : 0, 2, 4, 8][contentSizeFlag]
        let size = 5 + (singleSegment ? 0 : 1) + [0, 1, 2, 4][dictionaryIDFlag] + contentSizeBytes
        self = bytes.count >= size ? .valid(size: size, hasChecksum: hasChecksum) : .incomplete
    }
}

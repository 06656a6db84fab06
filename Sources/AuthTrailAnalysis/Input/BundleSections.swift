import AuthTrail

/// The sections of a support bundle (`SupportBundleWriter`): each bundled segment's metadata frame and the event
/// frames after it, as byte ranges of the bundle. `InputOrder.plan` files each section with its install, as if the
/// folder the bundle came from were read: a bundle's events then go to the report in each install's time order, on
/// the shards' threads, instead of waiting in memory for their install's turn (past `InstallTimeOrder.maxDeferred`
/// they were counted out of order).
///
/// Found by walking the frames' headers (RFC 8878 §3.1: a frame header, then block headers up to the last block, then
/// the checksum), reading no event. Nil for anything but a well-formed bundle (damage, foreign frames, events before
/// the first metadata frame), which is then read whole, as one file holding several installs.
enum BundleSections {
    struct Section: Equatable {
        /// Its metadata frame (for a foreign file's lines, `SupportBundleWriter` writes one without an install).
        var header: SegmentHeader
        /// From the section's metadata frame to the next one's (or the end of the bundle).
        var range: Range<Int>
    }

    private static let zstdMagic: UInt32 = 0xFD2F_B528
    /// A metadata frame past this size is not one (the writer's take a few hundred bytes).
    private static let metadataBytes = 1 << 20
    /// Bytes read at once while walking.
    private static let windowBytes = 256 << 10
    /// How much of the manifest is read to find its format.
    private static let manifestPrefix = 64 << 10
    private static let manifestFormat = Array(#""format":"\#(BundleManifest.format)""#.utf8)
    /// Bytes read at a time while walking: every header fits.
    private static let headerBytes = FrameHeader.maximumSize

    /// The sections of the bundle at `path`, in file order; nil when it is not a well-formed bundle.
    static func read(path: String) -> [Section]? {
        guard path != StandardInput.path, let descriptor = try? SystemCalls.open(path, write: false) else { return nil }
        defer { SystemCalls.close(descriptor) }
        guard let status = try? SystemCalls.status(descriptor), status.isRegular else { return nil }
        // Headers are read through a window of the file: a bundle of many small frames or blocks costs a read per
        // window, not per header.
        var window: [UInt8] = []
        var windowStart = 0
        func bytes(at offset: Int, _ count: Int) -> [UInt8]? {
            if offset < windowStart || offset + count > windowStart + window.count {
                let length = min(max(count, windowBytes), status.size - offset)
                guard length >= count, let read = try? SystemCalls.read(descriptor, count: length, at: offset) else {
                    return nil
                }
                window = read
                windowStart = offset
            }
            guard offset + count <= windowStart + window.count else { return nil }
            return Array(window[(offset - windowStart)..<(offset - windowStart + count)])
        }
        var sections: [Section] = []
        var offset = 0
        var sawManifest = false
        while offset < status.size {
            guard let head = bytes(at: offset, min(headerBytes, status.size - offset)), head.count >= 8 else {
                return nil
            }
            let magic = head.littleEndianUInt32(at: 0)
            if magic & SkippableFrame.magicMask == SkippableFrame.magicBase {
                let end = offset + 8 + Int(head.littleEndianUInt32(at: 4))
                guard end <= status.size else { return nil }
                if offset == 0 {
                    guard magic == SkippableFrame.magicBase | UInt32(SkippableFrame.authTrailVariant) else {
                        return nil
                    }
                    // The manifest opens the bundle, and names its format before its list of segments (its keys
                    // are sorted).
                    guard let start = bytes(at: 8, min(end - 8, manifestPrefix)),
                        start.withUnsafeBytes({ $0.firstRange(of: manifestFormat) }) != nil
                    else { return nil }
                    sawManifest = true
                } else if magic == SkippableFrame.magicBase | UInt32(SkippableFrame.authTrailVariant) {
                    guard sawManifest, end - offset - 8 <= metadataBytes,
                        let payload = bytes(at: offset + 8, end - offset - 8),
                        let header = payload.withUnsafeBytes({ SegmentHeader(payload: $0) }), !header.isBundleManifest
                    else { return nil }
                    if !sections.isEmpty {
                        sections[sections.count - 1].range = sections.last!.range.lowerBound..<offset
                    }
                    sections.append(Section(header: header, range: offset..<offset))
                }
                offset = end
            } else if magic == zstdMagic, !sections.isEmpty {
                guard let end = frameEnd(at: offset, size: status.size, bytes: bytes) else { return nil }
                offset = end
            } else {
                return nil
            }
        }
        guard !sections.isEmpty else { return nil }
        sections[sections.count - 1].range = sections.last!.range.lowerBound..<status.size
        return sections
    }

    /// Where the zstd frame at `offset` ends: its header, its blocks up to the last, and its checksum.
    private static func frameEnd(at offset: Int, size: Int, bytes: (Int, Int) -> [UInt8]?) -> Int? {
        guard let head = bytes(offset, min(headerBytes, size - offset)),
            case .valid(let headerSize, let hasChecksum) = FrameHeader(head[...])
        else { return nil }
        var position = offset + headerSize
        while true {
            guard let block = bytes(position, 3) else { return nil }
            let header = block.littleEndianUInt24(at: 0)
            let type = (header >> 1) & 3
            guard type != 3 else { return nil }
            // Raw blocks hold their size in bytes, RLE blocks one byte, compressed blocks their compressed size.
            position += 3 + (type == 1 ? 1 : header >> 3)
            guard position <= size else { return nil }
            if header & 1 == 1 { break }
        }
        position += hasChecksum ? 4 : 0
        return position <= size ? position : nil
    }
}

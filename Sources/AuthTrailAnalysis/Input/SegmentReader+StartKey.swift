import AuthTrail

extension SegmentReader {
    /// Where a segment file belongs in reading order: its install and start.
    package struct StartKey: Sendable, Equatable {
        package var installID: String
        /// Milliseconds since 1970: `segment.created_at`, or the first event's time when the file has no metadata
        /// frame; nil when the metadata's time does not parse (such files sort first in their install).
        package var start: Int64?
        /// `segment.sequence`; 0 without a metadata frame.
        package var sequence: Int
    }

    /// How much of a file without a metadata frame is decoded to find its first event lines (a segment's first
    /// frame holds up to 1 MiB, but its first block, at most 128 KiB compressed, already starts with `segment.start`).
    static let startKeyPrefix = 256 * 1024

    /// The install and start of the segment at `path`: from its metadata frame, else from its first event carrying
    /// `install.id` and a time (the `segment.start` line, which repeats the metadata). Nil for a bundle, standard
    /// input, or a file naming no install in its first events.
    package static func startKey(path: String) -> StartKey? {
        guard path != StandardInput.path else { return nil }
        let header = SegmentHeader(file: path)
        if header?.isBundleManifest == true { return nil }
        return startKey(header: header, path: path, at: 0, count: startKeyPrefix)
    }

    /// The key of a segment whose metadata frame is `header` (nil without one) and whose frames are the `count` bytes
    /// at `offset` of `path` (a file, or a bundle's segment: `BundleSections`): from the frame's install and
    /// `segment.created_at`, else from its first event carrying an install and a time.
    static func startKey(header: SegmentHeader?, path: String, at offset: Int, count: Int) -> StartKey? {
        if let header, let install = header.installID, let created = header.createdAt {
            return StartKey(installID: install, start: ReportTime.parse(created), sequence: header.sequence ?? 0)
        }
        return firstEventKey(path: path, at: offset, count: count, header: header)
    }

    /// The key of the first event with an install and a time among the first `count` bytes at `offset` of `path`
    /// (at most `startKeyPrefix`), with the install and sequence of `header` when the events lack them.
    private static func firstEventKey(path: String, at offset: Int, count: Int, header: SegmentHeader?) -> StartKey? {
        guard let descriptor = try? SystemCalls.open(path, write: false) else { return nil }
        defer { SystemCalls.close(descriptor) }
        guard let prefix = try? SystemCalls.read(descriptor, count: min(count, startKeyPrefix), at: offset) else {
            return nil
        }
        var finder = FirstEvent()
        // Lines held back for the frame's checksum are released past the prefix's size: the prefix of a frame that
        // compresses well decodes to megabytes (`authtrail-bench hostile`), and the first event is all this read
        // needs.
        var limits = ZstdStreamReader.Limits()
        limits.unverifiedFrameBytes = startKeyPrefix
        var reader = SegmentReader(limits: limits)
        _ = reader.read(bytes: prefix, name: path, into: &finder)
        guard let install = finder.installID ?? header?.installID, let time = finder.time else { return nil }
        return StartKey(installID: install, start: time, sequence: header?.sequence ?? 0)
    }

    /// Keeps the first event that carries an install id and a time.
    private struct FirstEvent: LogConsumer {
        var stringFields: LogRecord.StringFields { .identifiers }
        var installID: String?
        var time: Int64?
        mutating func event(_ record: LogRecord, line: UnsafeRawBufferPointer) {
            guard time == nil, let install = record.installID, let time = record.timestampMilliseconds,
                ReportBounds.timestampMilliseconds.contains(time)
            else { return }
            installID = install
            self.time = time
        }
    }
}

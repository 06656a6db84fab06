extension SegmentHeader {
    /// The metadata frame that opens the file at `path` (at most 1 MiB), if it opens with AuthTrail's skippable frame.
    /// Nil for anything but a regular file: a pipe's or device's bytes are left for the read that needs them.
    package init?(file path: String) {
        guard let descriptor = try? SystemCalls.open(path, write: false) else { return nil }
        defer { SystemCalls.close(descriptor) }
        guard (try? SystemCalls.status(descriptor))?.isRegular == true else { return nil }
        guard let start = try? SystemCalls.read(descriptor, count: 8, at: 0), start.count == 8 else { return nil }
        let magic = start.littleEndianUInt32(at: 0)
        guard magic == SkippableFrame.magicBase | UInt32(SkippableFrame.authTrailVariant) else { return nil }
        let size = Int(start.littleEndianUInt32(at: 4))
        guard size <= 1 << 20, let payload = try? SystemCalls.read(descriptor, count: size, at: 8),
            payload.count == size
        else { return nil }
        guard let header = payload.withUnsafeBytes({ SegmentHeader(payload: $0) }) else { return nil }
        self = header
    }
}

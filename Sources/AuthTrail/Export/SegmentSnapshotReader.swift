/// Reads the app's own segments into a `SupportBundleWriter`, line by line, with the codec's `ZstdStreamReader` and
/// `WrittenLineHeader` alone (no analysis scanner): what the library needs to bundle a trail's folder from inside the
/// app.
///
/// A segment is read only as far as it reached when the reading began (`ByteLimitedSource`), so the trail keeps
/// appending to its active segment meanwhile. That segment's last frame is unterminated at that point, which is its
/// normal state while it is written, not damage: for a segment that may still be written, an unterminated or cut
/// final frame is not reported. Every other decode issue is, one line each.
struct SegmentSnapshotReader {
    /// What reading one segment found besides its events.
    struct Summary {
        /// The SHA-256 of the bytes read, hex, and how many.
        var sha256: String
        var bytes: Int
        /// One line per decode issue (file, byte offset, what was lost), the first `issuesKept` of them, then one line
        /// for the rest: a file of nothing but damage costs a few lines.
        var issues: [String] = []
        /// Lines that are not events in the writer's form.
        var invalidLines = 0
    }

    /// Decode issues of one segment kept whole.
    static let issuesKept = 5

    private let decoder: ZstdStreamReader

    init() throws(ZstdError) { decoder = try ZstdStreamReader() }

    /// Reads the first `byteCount` bytes of `descriptor` (the segment `name`) into `writer`.
    /// - Parameters:
    ///   - since: events before this time (milliseconds since 1970), or without a time, are left out.
    ///   - mayStillBeWritten: the segment has no seal and its writer may still append (the active segment).
    func read(
        descriptor: Int32, byteCount: Int, name: String, since: Int64?, mayStillBeWritten: Bool,
        into writer: inout SupportBundleWriter
    ) -> Summary {
        var source = DigestingSource(ByteLimitedSource(FileDescriptorSource(descriptor: descriptor), limit: byteCount))
        let issues = withUnsafeMutablePointer(to: &writer) { writer in
            var sink = Sink(writer: writer, name: name, since: since, mayStillBeWritten: mayStillBeWritten)
            decoder.read(from: &source, into: &sink)
            if sink.issueCount > Self.issuesKept {
                sink.issues.append("… and \(sink.issueCount - Self.issuesKept) more decode issues in \(name)")
            }
            return (sink.issues, sink.invalidLines)
        }
        return Summary(
            sha256: source.hexDigest(), bytes: source.byteCount, issues: issues.0, invalidLines: issues.1)
    }

    // Lives only inside `read`, so it holds the writer by pointer instead of copying it (and its buffers) in and out.
    private struct Sink: DecodedStreamSink {
        let writer: UnsafeMutablePointer<SupportBundleWriter>
        let name: String
        let since: Int64?
        let mayStillBeWritten: Bool
        var issues: [String] = []
        var issueCount = 0
        var invalidLines = 0

        init(writer: UnsafeMutablePointer<SupportBundleWriter>, name: String, since: Int64?, mayStillBeWritten: Bool) {
            self.writer = writer
            self.name = name
            self.since = since
            self.mayStillBeWritten = mayStillBeWritten
        }

        mutating func skippableFrame(variant: UInt8, payload: UnsafeRawBufferPointer, offset: Int) {
            // The seal (another variant) and foreign skippable frames are not sections.
            guard variant == SkippableFrame.authTrailVariant else { return }
            writer.pointee.beginSection(metadata: payload)
        }

        mutating func line(_ bytes: UnsafeRawBufferPointer) {
            guard !bytes.isEmpty else { return }
            guard let fields = WrittenLineHeader(bytes) else {
                invalidLines += 1
                return
            }
            if let since {
                guard let time = fields.timestampMilliseconds, time >= since else { return }
            }
            writer.pointee.addEvent(line: bytes, timestampMilliseconds: fields.timestampMilliseconds)
        }

        mutating func issue(_ issue: DecodeIssue) {
            // The active segment ends inside its open frame (possibly inside a write landing as it was read).
            if mayStillBeWritten && issue.kind == .truncatedFrame { return }
            issueCount += 1
            if issueCount <= SegmentSnapshotReader.issuesKept { issues.append(issue.message(file: name)) }
        }
    }
}

package import AuthTrail

/// What reading one input found besides its events: metadata frames, undecodable bytes and lines, newer schemas.
package struct InputSummary: Sendable {
    package var path: String
    /// False for a bundle's segments but its first (`input.files` counts a bundle once).
    package var countsAsFile = true
    /// Lines that parsed as events (before any filter).
    package var events = 0
    /// Segment metadata frames, in input order (a bundle holds one per bundled segment).
    package var segments: [SegmentHeader] = []
    /// Damage the decoder stepped over: every issue counted, the first few of each kind kept with their offsets.
    package var issues = DecodeIssueTally()
    /// Lines that were not JSON objects with an event name.
    package var invalidLines = 0
    /// The first invalid line, cut to 200 bytes, as a sample for the warning.
    package var invalidLineSample: String?
    /// Events whose `schema` is newer than this reader knows.
    package var newerSchemaEvents = 0
    /// The newest schema version seen.
    package var newestSchema = 0
    /// Set when the input was raw MSAL log text rather than segments or bundles.
    package var rawLog: RawLogInput?
    /// True when the input was read as text from decoded zstd frames (a compressed text file), false for plain text.
    package var textWasCompressed = false
    /// String values longer than `ReportBounds.stringBytes`, kept shortened (`LongValue`).
    package var shortenedValues = 0

    package init(path: String) { self.path = path }

    /// Counts a line that is not an event, keeping the first (cut to 200 bytes) as the warning's sample.
    mutating func countInvalidLine(_ bytes: UnsafeRawBufferPointer) {
        invalidLines += 1
        if invalidLineSample == nil { invalidLineSample = String(decoding: bytes.prefix(200), as: UTF8.self) }
    }

    /// Counts an event, and its `schema` when it is newer than this reader knows.
    mutating func countEvent(schema: Int?) {
        events += 1
        if let schema, schema > SegmentReader.knownSchema {
            newerSchemaEvents += 1
            newestSchema = max(newestSchema, schema)
        }
    }

    /// One-line warnings naming the file and byte offset: a bounded number however damaged the input is (see
    /// `DecodeIssueTally`).
    package var warnings: [String] {
        var lines = issues.messages(file: path)
        if invalidLines > 0 {
            lines.append(
                "\(path): \(invalidLines) lines are not AuthTrail events, for example: \(invalidLineSample ?? "")")
        }
        if newerSchemaEvents > 0 {
            lines.append(
                "\(path): \(newerSchemaEvents) events use schema \(newestSchema), newer than \(SegmentReader.knownSchema); "
                    + "fields this version does not know are ignored")
        }
        if shortenedValues > 0 {
            lines.append(
                "\(path): \(shortenedValues) string values are longer than \(ReportBounds.stringBytes) bytes; each is "
                    + "kept as its first \(LongValue.keptBytes) bytes and a hash of the whole (`…#` and 16 hex digits)")
        }
        return lines
    }
}

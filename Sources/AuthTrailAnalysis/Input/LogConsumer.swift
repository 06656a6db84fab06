package import AuthTrail

/// Receives the events and metadata frames of the inputs a `SegmentReader` reads, in input order.
package protocol LogConsumer {
    /// The optional string fields this consumer reads; the others may be left nil. All of them unless it says less.
    var stringFields: LogRecord.StringFields { get }
    /// Whether this consumer reads metadata frames (`segment(_:path:)`, `InputSummary.segments`); true unless it
    /// says otherwise. When false, the reader skips parsing their JSON.
    static var readsSegmentHeaders: Bool { get }
    /// A segment's or bundle's metadata frame; events after it belong to that segment. Ignored unless it says
    /// otherwise.
    mutating func segment(_ header: SegmentHeader, path: String)
    /// One event and its line as written (without the newline; valid only during the call).
    mutating func event(_ record: LogRecord, line: UnsafeRawBufferPointer)
    /// One line of an input read as text (raw MSAL log text, plain or zstd), as it was read: before the reader turns
    /// it into redacted events. Ignored unless it says otherwise (`verify` scans it for residual personal data).
    mutating func textLine(_ line: UnsafeRawBufferPointer)
}

extension LogConsumer {
    package var stringFields: LogRecord.StringFields { .all }
    package static var readsSegmentHeaders: Bool { true }
    package mutating func segment(_ header: SegmentHeader, path: String) {}
    package mutating func textLine(_ line: UnsafeRawBufferPointer) {}
}

import AuthTrailAnalysis

/// A consumer that keeps nothing: `InputReader` counts the readable events (`InputSummary.events`, before any
/// filter) while it feeds them here.
struct EventCounter: LogConsumer {
    var stringFields: LogRecord.StringFields { [] }
    static var readsSegmentHeaders: Bool { false }

    mutating func event(_ record: LogRecord, line: UnsafeRawBufferPointer) {}
}

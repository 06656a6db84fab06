import AuthTrail
import AuthTrailAnalysis

/// Keeps every record and metadata frame a reader delivers, for tests.
struct RecordCollector: LogConsumer {
    var records: [LogRecord] = []
    var segments: [SegmentHeader] = []
    var lines: [String] = []

    mutating func segment(_ header: SegmentHeader, path: String) { segments.append(header) }

    mutating func event(_ record: LogRecord, line: UnsafeRawBufferPointer) {
        records.append(record)
        lines.append(String(decoding: line, as: UTF8.self))
    }
}

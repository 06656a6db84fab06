package import AuthTrail

/// Everything in one input held in memory: for small inputs and tests. The report and `cat` stream instead.
package struct SegmentReadResult: Sendable {
    package var summary: InputSummary
    package var records: [LogRecord]
    package var segments: [SegmentHeader]
    package var path: String { summary.path }
    package var warnings: [String] { summary.warnings }
}

extension SegmentReader {
    /// Reads the whole file at `path` ("-" for standard input) into memory.
    package static func read(path: String) throws -> SegmentReadResult {
        var collector = Collector()
        let summary = try read(path: path, into: &collector)
        return SegmentReadResult(summary: summary, records: collector.records, segments: collector.segments)
    }

    /// Reads bytes already in memory.
    package static func read(bytes: [UInt8], name: String) -> SegmentReadResult {
        var collector = Collector()
        let summary = read(bytes: bytes, name: name, into: &collector)
        return SegmentReadResult(summary: summary, records: collector.records, segments: collector.segments)
    }

    private struct Collector: LogConsumer {
        var records: [LogRecord] = []
        var segments: [SegmentHeader] = []
        mutating func segment(_ header: SegmentHeader, path: String) { segments.append(header) }
        mutating func event(_ record: LogRecord, line: UnsafeRawBufferPointer) { records.append(record) }
    }
}

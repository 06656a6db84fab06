import AuthTrail
import Foundation

/// Reads the flat JSON objects the AuthTrail writer produces in one pass over the bytes, keeping only the keys a
/// `LogRecord` holds and stepping over everything else.
///
/// Why hand-written: Foundation's JSONSerialization and JSONDecoder parse these lines at about 40-65 MB/s, while the
/// report's goal is at least half of `zstd -d`'s throughput (over 700 MB/s). The scanner allocates only the strings
/// it keeps and never builds a dictionary. It declines (returns nil from `scan`) anything unusual — an escaped key,
/// an exponent, a number too long for an exact conversion, a malformed array — and `record(_:)` then hands the line
/// to Foundation, so odd but valid lines still count.
package enum EventScanner {
    /// Reads `line` into `record`: the scanner's reading, or Foundation's when the scanner declines.
    /// - Parameters:
    ///   - record: replaced by the line's record (a reader reuses one, so no record is copied per line).
    ///   - memory: what earlier lines of the same input taught the scanner; it never changes the result.
    ///   - fields: the optional string fields to fill; the scanner steps over the others.
    /// - Returns: false, leaving `record` unspecified, when the line is not a JSON object with an `event.name`.
    package static func record(
        _ line: UnsafeRawBufferPointer, into record: inout LogRecord, memory: inout EventScannerCache,
        fields: LogRecord.StringFields = .all
    ) -> Bool {
        if scan(line, into: &record, memory: &memory, fields: fields) { return true }
        guard let parsed = LogRecord(foundationParsing: line, shortened: &memory.shortenedValues) else { return false }
        record = parsed
        return true
    }

    /// `record(_:into:memory:)` for one line on its own.
    package static func record(_ line: UnsafeRawBufferPointer) -> LogRecord? {
        var memory = EventScannerCache()
        var record = LogRecord(eventName: "")
        return self.record(line, into: &record, memory: &memory) ? record : nil
    }

    /// The scanner alone: false when the line is not in the writer's plain form (the caller falls back).
    package static func scan(
        _ line: UnsafeRawBufferPointer, into record: inout LogRecord, memory: inout EventScannerCache,
        fields: LogRecord.StringFields = .all
    ) -> Bool {
        guard let base = line.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return false }
        return withUnsafeMutablePointer(to: &memory) { memory in
            var cursor = EventCursor(base: base, end: line.count, memory: memory, fields: fields)
            return cursor.object(into: &record)
        }
    }

    /// `scan(_:into:memory:fields:)` returning the record, with `memory` shared across lines.
    package static func scan(
        _ line: UnsafeRawBufferPointer, memory: inout EventScannerCache, fields: LogRecord.StringFields = .all
    ) -> LogRecord? {
        var record = LogRecord(eventName: "")
        return scan(line, into: &record, memory: &memory, fields: fields) ? record : nil
    }

    /// The scanner alone on one line on its own.
    package static func scan(_ line: UnsafeRawBufferPointer) -> LogRecord? {
        var memory = EventScannerCache()
        return scan(line, memory: &memory)
    }
}

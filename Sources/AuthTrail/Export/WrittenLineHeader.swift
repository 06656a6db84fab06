import Foundation

/// The two things the bundle's manifest needs from one of the library's own event lines, read without a JSON
/// parser: that it is an event (a JSON object with an `event.name` key) and its time.
///
/// The writer always opens a line with `{"timestamp":"` and the time in its one 24-byte form
/// (`2026-11-22T21:56:58.123Z`, see `TrailEvent.encode` and `Timestamp`), and always writes `"event.name":"`, so
/// these are read at fixed places; a line in any other shape is not an event here. (`authtrail bundle` reads other
/// tools' lines with the analysis scanner, which accepts any JSON object; on lines this library wrote both agree.)
package struct WrittenLineHeader: Sendable, Hashable {
    /// Milliseconds since 1970; nil when the line does not open with the writer's timestamp.
    package var timestampMilliseconds: Int64?

    private static let timestampPrefix = Array(#"{"timestamp":""#.utf8)
    private static let eventNameKey = Array(#""event.name":""#.utf8)

    /// Nil when `line` is not an event in the writer's form.
    package init?(_ line: UnsafeRawBufferPointer) {
        guard line.first == UInt8(ascii: "{"), line.last == UInt8(ascii: "}"),
            Self.contains(Self.eventNameKey, in: line)
        else { return nil }
        let start = Self.timestampPrefix.count
        let end = start + Timestamp.length
        if line.count > end, line.starts(with: Self.timestampPrefix), line[end] == UInt8(ascii: "\""),
            let date = Timestamp.parse(Array(line[start..<end]))
        {
            timestampMilliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        }
    }

    private static func contains(_ needle: [UInt8], in line: UnsafeRawBufferPointer) -> Bool {
        guard line.count >= needle.count, let first = needle.first else { return false }
        var index = 0
        let last = line.count - needle.count
        while index <= last {
            if line[index] == first, line[index..<(index + needle.count)].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}

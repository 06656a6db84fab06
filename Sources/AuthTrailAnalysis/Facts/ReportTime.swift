import AuthTrail
package import Foundation

/// A time in the report: milliseconds since 1970, kept as the integer so tables compare and add to it exactly; the
/// renderers (and the JSON encoding) show it as RFC 3339 UTC with milliseconds.
package struct ReportTime: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    package var milliseconds: Int64

    package init(milliseconds: Int64) { self.milliseconds = milliseconds }

    /// The millisecond `Timestamp` writes for `date`, so the report shows the time the date would.
    package init(_ date: Date) { milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down)) }

    package static func < (left: Self, right: Self) -> Bool { left.milliseconds < right.milliseconds }

    /// This time `milliseconds` later.
    package func advanced(by milliseconds: Int64) -> Self { Self(milliseconds: self.milliseconds + milliseconds) }

    /// `2026-11-22T21:56:58.123Z`.
    package var description: String { Self.string(milliseconds) }

    /// The RFC 3339 form of `milliseconds` since 1970.
    package static func string(_ milliseconds: Int64) -> String { Timestamp.string(milliseconds: milliseconds) }

    /// Parses RFC 3339 (`2026-11-22T21:56:58Z`, with or without milliseconds or an offset) or a date `2026-11-22`.
    package static func parse(_ text: String) -> Int64? {
        var bytes = Array(text.utf8)
        if bytes.count == 10 { bytes += Array("T00:00:00Z".utf8) }
        guard let date = Timestamp.parse(bytes) else { return nil }
        return Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let milliseconds = Self.parse(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an RFC 3339 time: \(text)")
        }
        self.init(milliseconds: milliseconds)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

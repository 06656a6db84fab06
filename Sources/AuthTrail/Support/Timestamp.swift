package import Foundation

/// RFC 3339 timestamps in UTC with milliseconds, for example `2026-11-22T21:56:58.123Z`.
///
/// Hand-written civil-date arithmetic (Howard Hinnant's days-from-civil) instead of `ISO8601DateFormatter`, which is
/// slow and not thread-safe to share; the writer formats one per event.
package enum Timestamp {
    /// The length of every timestamp this writes.
    package static let length = 24

    /// The first and last instants RFC 3339's four year digits can write, in milliseconds since 1970:
    /// 0000-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z.
    package static let writableMilliseconds: ClosedRange<Double> = -62_167_219_200_000...253_402_300_799_999

    /// Writes the RFC 3339 form of `date` (`length` bytes) at `out`. A date outside `writableMilliseconds` is written
    /// as the nearest end of it, NaN as its start: a clock's nonsense must not trap the writer (converting 1e300 ms
    /// to `Int` would).
    package static func write(_ date: Date, to out: UnsafeMutablePointer<UInt8>) {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded(.down)
        write(
            milliseconds: milliseconds.isNaN
                ? Int64(writableMilliseconds.lowerBound)
                : Int64(min(max(milliseconds, writableMilliseconds.lowerBound), writableMilliseconds.upperBound)),
            to: out)
    }

    /// Writes the RFC 3339 form of `milliseconds` since 1970 (`length` bytes) at `out`, clamped to
    /// `writableMilliseconds`. Exact: a `Date` holds seconds as a `Double`, whose product by 1000 can fall just
    /// below the millisecond it came from.
    package static func write(milliseconds: Int64, to out: UnsafeMutablePointer<UInt8>) {
        let totalMilliseconds = Int(
            min(max(milliseconds, Int64(writableMilliseconds.lowerBound)), Int64(writableMilliseconds.upperBound)))
        var days =
            totalMilliseconds >= 0 ? totalMilliseconds / 86_400_000 : (totalMilliseconds - 86_399_999) / 86_400_000
        let millisecondOfDay = totalMilliseconds - days * 86_400_000
        days += 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)

        func digits(_ value: Int, _ width: Int, at offset: Int) {
            var remainder = value
            for position in stride(from: offset + width - 1, through: offset, by: -1) {
                out[position] = UInt8(ascii: "0") &+ UInt8(remainder % 10)
                remainder /= 10
            }
        }
        digits(year, 4, at: 0)
        out[4] = UInt8(ascii: "-")
        digits(month, 2, at: 5)
        out[7] = UInt8(ascii: "-")
        digits(day, 2, at: 8)
        out[10] = UInt8(ascii: "T")
        digits(millisecondOfDay / 3_600_000, 2, at: 11)
        out[13] = UInt8(ascii: ":")
        digits(millisecondOfDay / 60_000 % 60, 2, at: 14)
        out[16] = UInt8(ascii: ":")
        digits(millisecondOfDay / 1000 % 60, 2, at: 17)
        out[19] = UInt8(ascii: ".")
        digits(millisecondOfDay % 1000, 3, at: 20)
        out[23] = UInt8(ascii: "Z")
    }

    /// The RFC 3339 form of `date`.
    package static func string(_ date: Date) -> String {
        String(unsafeUninitializedCapacity: length) { buffer in
            write(date, to: buffer.baseAddress!)
            return length
        }
    }

    /// The RFC 3339 form of `milliseconds` since 1970.
    package static func string(milliseconds: Int64) -> String {
        String(unsafeUninitializedCapacity: length) { buffer in
            write(milliseconds: milliseconds, to: buffer.baseAddress!)
            return length
        }
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fff…](Z|±HH:MM)`; nil when the text is not in that form.
    package static func parse<Bytes: Collection<UInt8>>(_ text: Bytes) -> Date? where Bytes.Index == Int {
        let bytes = Array(text)
        func number(_ start: Int, _ count: Int) -> Int? {
            guard start + count <= bytes.count else { return nil }
            var value = 0
            for index in start..<(start + count) {
                let digit = Int(bytes[index]) - 48
                guard (0...9).contains(digit) else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard bytes.count >= 20, let year = number(0, 4), bytes[4] == UInt8(ascii: "-"), let month = number(5, 2),
            bytes[7] == UInt8(ascii: "-"), let day = number(8, 2),
            bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "),
            let hour = number(11, 2), bytes[13] == UInt8(ascii: ":"), let minute = number(14, 2),
            bytes[16] == UInt8(ascii: ":"), let second = number(17, 2),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var index = 19
        var fraction = 0.0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            var scale = 0.1
            while index < bytes.count, (48...57).contains(bytes[index]) {
                fraction += Double(bytes[index] - 48) * scale
                scale /= 10
                index += 1
            }
        }
        guard index < bytes.count else { return nil }
        var offsetSeconds = 0
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"): index += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard let offsetHours = number(index + 1, 2), let offsetMinutes = number(index + 4, 2) else { return nil }
            offsetSeconds = (offsetHours * 3600 + offsetMinutes * 60) * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
            index += 6
        default: return nil
        }
        guard index == bytes.count else { return nil }
        let days = daysSince1970(year: year, month: month, day: day)
        let seconds = Double(days * 86400 + hour * 3600 + minute * 60 + second - offsetSeconds) + fraction
        return Date(timeIntervalSince1970: seconds)
    }

    /// The day number since 1970-01-01 of a civil date (Howard Hinnant's days-from-civil), for any year; `month` in
    /// 1...12. The one calendar computation the writer's parser, the HTTP-date reader and the event scanner share.
    @inline(__always)
    package static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

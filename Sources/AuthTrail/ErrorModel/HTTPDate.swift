/// The three HTTP-date forms of RFC 9110 §5.6.7, plus the `yyyy-MM-dd HH:mm:ss.SSSS` GMT form MSAL's own parser
/// accepts, read by hand: a pure function from bytes to seconds since 1970.
///
/// `DateFormatter` did this before. On Linux it leaked memory on some hostile values (found by the `retry-after` fuzz
/// target inside Foundation's character-set code), cost tens of microseconds per try and depended on ICU's leniency;
/// the forms are fixed, so a small parser is simpler to trust.
///
/// ```
/// Sun, 06 Nov 1994 08:49:37 GMT     IMF-fixdate
/// Sunday, 06-Nov-94 08:49:37 GMT    RFC 850 (a two-digit year more than 50 years ahead is the past century's)
/// Sun Nov  6 08:49:37 1994          asctime
/// 2026-11-22 21:56:58.1230          MSAL (GMT; the fraction is optional)
/// ```
/// Day names are checked for form, not against the date. Names are matched without regard to case; the zone must be
/// `GMT` (or `UTC`).
enum HTTPDate {
    /// Seconds since 1970 for `text`, nil when it is none of the forms or names an impossible date.
    /// - Parameter currentYear: the year RFC 850's two-digit years are read against.
    static func secondsSince1970(_ text: ArraySlice<UInt8>, currentYear: Int) -> Double? {
        var cursor = Cursor(bytes: Array(text))
        guard let first = cursor.peek else { return nil }
        if isDigit(first) { return cursor.msalDate() }
        guard let dayName = cursor.letters(), let dayNameLength = Self.dayNameLength(dayName) else { return nil }
        if cursor.take(",") {
            guard cursor.take(" "), let day = cursor.digits(2) else { return nil }
            if dayNameLength == 3, cursor.take(" ") {
                // IMF-fixdate: day SP month SP year SP time SP GMT
                guard let month = cursor.month(), cursor.take(" "), let year = cursor.digits(4), cursor.take(" ")
                else { return nil }
                return cursor.timeAndZone(year: year, month: month, day: day)
            }
            // RFC 850: day-month-yy SP time SP GMT
            guard dayNameLength > 3, cursor.take("-"), let month = cursor.month(), cursor.take("-"),
                let shortYear = cursor.digits(2), cursor.take(" ")
            else { return nil }
            var year = currentYear - currentYear % 100 + shortYear
            if year > currentYear + 50 { year -= 100 }
            return cursor.timeAndZone(year: year, month: month, day: day)
        }
        // asctime: month SP ( 2DIGIT / ( SP DIGIT ) ) SP time SP year
        guard dayNameLength == 3, cursor.take(" "), let month = cursor.month(), cursor.take(" ") else { return nil }
        _ = cursor.take(" ")
        guard let day = cursor.digits(1...2), cursor.take(" "), let time = cursor.time(), cursor.take(" "),
            let year = cursor.digits(4), cursor.atEnd
        else { return nil }
        return Self.seconds(year: year, month: month, day: day, time: time)
    }

    /// 3 for `Sun`, the full length for `Sunday`; nil for anything else.
    private static func dayNameLength(_ name: [UInt8]) -> Int? {
        let names = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
        let lowered = String(decoding: name.map { $0 | 0x20 }, as: UTF8.self)
        for full in names where full == lowered || full.prefix(3) == lowered { return lowered.count }
        return nil
    }

    /// Seconds since 1970 of a civil date and time in UTC; nil for a day the month does not have.
    fileprivate static func seconds(year: Int, month: Int, day: Int, time: Double) -> Double? {
        let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let monthLengths = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (1...12).contains(month), (1...monthLengths[month - 1]).contains(day) else { return nil }
        return Double(Timestamp.daysSince1970(year: year, month: month, day: day) * 86_400) + time
    }
}

/// Reads the bytes of one date, front to back; every method consumes only what it recognises.
private struct Cursor {
    let bytes: [UInt8]
    var index = 0

    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }
    var atEnd: Bool { index == bytes.count }

    mutating func take(_ character: Unicode.Scalar) -> Bool {
        guard peek == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    /// A run of ASCII letters (at most 9, the longest day name).
    mutating func letters() -> [UInt8]? {
        let start = index
        while let byte = peek, isLetter(byte), index - start < 10 { index += 1 }
        return index > start ? Array(bytes[start..<index]) : nil
    }

    /// Exactly `count` digits.
    mutating func digits(_ count: Int) -> Int? { digits(count...count) }

    /// Between `counts.lowerBound` and `counts.upperBound` digits (as many as there are, up to the maximum).
    mutating func digits(_ counts: ClosedRange<Int>) -> Int? {
        var value = 0
        var count = 0
        while count < counts.upperBound, let byte = peek, isDigit(byte) {
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            count += 1
            index += 1
        }
        return count >= counts.lowerBound ? value : nil
    }

    /// `Jan` … `Dec`, as 1 … 12.
    mutating func month() -> Int? {
        guard index + 3 <= bytes.count else { return nil }
        let name = String(decoding: bytes[index..<(index + 3)].map { $0 | 0x20 }, as: UTF8.self)
        let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        guard let month = months.firstIndex(of: name) else { return nil }
        index += 3
        return month + 1
    }

    /// `HH:mm:ss` as seconds into the day (a leap second, 60, is allowed).
    mutating func time() -> Double? {
        guard let hour = digits(2), hour < 24, take(":"), let minute = digits(2), minute < 60, take(":"),
            let second = digits(2), second <= 60
        else { return nil }
        return Double(hour * 3600 + minute * 60 + second)
    }

    /// `time SP GMT` at the end of the text.
    mutating func timeAndZone(year: Int, month: Int, day: Int) -> Double? {
        guard let time = time(), take(" "), let zone = letters(), atEnd else { return nil }
        let name = String(decoding: zone.map { $0 | 0x20 }, as: UTF8.self)
        guard name == "gmt" || name == "utc" else { return nil }
        return HTTPDate.seconds(year: year, month: month, day: day, time: time)
    }

    /// `yyyy-MM-dd HH:mm:ss[.fraction]`, GMT.
    mutating func msalDate() -> Double? {
        guard let year = digits(4), take("-"), let month = digits(2), take("-"), let day = digits(2), take(" "),
            var time = time()
        else { return nil }
        if take(".") {
            var scale = 0.1
            let start = index
            while let byte = peek, isDigit(byte) {
                // Beyond nanoseconds the digits change nothing a wait can use.
                if index - start < 9 { time += Double(byte - UInt8(ascii: "0")) * scale }
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        guard atEnd else { return nil }
        return HTTPDate.seconds(year: year, month: month, day: day, time: time)
    }
}

private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

private func isLetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
}

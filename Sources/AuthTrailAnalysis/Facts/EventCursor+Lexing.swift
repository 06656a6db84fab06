import AuthTrail
import Foundation

// Strings, numbers and timestamps, byte by byte: the part of the scan that runs on every value.
extension EventCursor {
    /// Steps over a string starting at the opening quote; returns its content range and whether it has escapes.
    mutating func stringBounds() -> (Int, Int, Bool)? {
        index += 1
        let start = index
        // The first quote or backslash: a quote closes a plain string; a backslash means escapes, handled by the
        // byte loop below.
        let stop = ByteSearch.quoteOrBackslash(base, from: start, to: end)
        guard stop < end else { return nil }
        if base[stop] == Self.quote {
            index = stop + 1
            return (start, stop, false)
        }
        while index < end {
            let byte = base[index]
            if byte == Self.quote {
                index += 1
                return (start, index - 1, true)
            }
            index += byte == Self.backslash ? 2 : 1
        }
        return nil
    }

    func unescape(_ start: Int, _ stop: Int) -> String? {
        var bytes = [UInt8]()
        bytes.reserveCapacity(stop - start)
        var position = start
        func hex4(_ at: Int) -> UInt32? {
            guard at + 4 <= stop else { return nil }
            var value: UInt32 = 0
            for offset in 0..<4 {
                let byte = base[at + offset]
                let digit: UInt32
                switch byte {
                case 0x30...0x39: digit = UInt32(byte - 0x30)
                case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
                case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
                default: return nil
                }
                value = value << 4 | digit
            }
            return value
        }
        while position < stop {
            let byte = base[position]
            guard byte == Self.backslash else {
                bytes.append(byte)
                position += 1
                continue
            }
            guard position + 1 < stop else { return nil }
            let escape = base[position + 1]
            position += 2
            switch escape {
            case Self.quote, Self.backslash, UInt8(ascii: "/"): bytes.append(escape)
            case UInt8(ascii: "b"): bytes.append(0x08)
            case UInt8(ascii: "f"): bytes.append(0x0C)
            case UInt8(ascii: "n"): bytes.append(0x0A)
            case UInt8(ascii: "r"): bytes.append(0x0D)
            case UInt8(ascii: "t"): bytes.append(0x09)
            case UInt8(ascii: "u"):
                guard var scalar = hex4(position) else { return nil }
                position += 4
                if (0xD800...0xDBFF).contains(scalar), position + 6 <= stop, base[position] == Self.backslash,
                    base[position + 1] == UInt8(ascii: "u"), let low = hex4(position + 2),
                    (0xDC00...0xDFFF).contains(low)
                {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    position += 6
                }
                let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                bytes.append(contentsOf: Array(String(Character(character)).utf8))
            default: return nil
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A JSON number without an exponent: as an integer when it has no fraction, and as a double. Declines numbers
    /// the quick conversion cannot make exact (exponents, more than 15 digits).
    mutating func parseNumber() -> (integer: Int?, value: Double)? {
        var negative = false
        if base[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var mantissa = 0
        var digits = 0
        var fractionDigits = 0
        var sawPoint = false
        while index < end {
            let byte = base[index]
            if byte >= 0x30 && byte <= 0x39 {
                mantissa = mantissa &* 10 &+ Int(byte - 0x30)
                digits += 1
                if sawPoint { fractionDigits += 1 }
            } else if byte == UInt8(ascii: "."), !sawPoint {
                sawPoint = true
            } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                return nil
            } else {
                break
            }
            index += 1
        }
        // Fractions need the mantissa exact in a double (15 digits). Integers stop at 15 digits too: the Foundation
        // fallback keeps only integers below 9e15, and the two must agree (found by the event-scanner fuzz target:
        // Tests/Fuzz/Regressions/event-scanner/sixteen-digit-integer.json).
        guard digits > 0, digits <= 15 else { return nil }
        let signed = negative ? -mantissa : mantissa
        if !sawPoint { return (signed, Double(signed)) }
        // One correctly rounded division by an exact power of ten gives the same double as strtod.
        let value = Double(signed) / powersOfTen[fractionDigits]
        return (value.rounded() == value ? Int(value) : nil, value)
    }

    /// Steps over any JSON value; false when it is malformed.
    mutating func skipValue() -> Bool {
        guard index < end else { return false }
        switch base[index] {
        case Self.quote:
            return stringBounds() != nil
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while index < end {
                let byte = base[index]
                if byte == Self.quote {
                    guard stringBounds() != nil else { return false }
                    continue
                }
                if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") { depth += 1 }
                if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                    depth -= 1
                    if depth == 0 {
                        index += 1
                        return true
                    }
                }
                index += 1
            }
            return false
        default:
            let start = index
            while index < end {
                let byte = base[index]
                if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") || byte == 0x20 {
                    break
                }
                index += 1
            }
            return index > start
        }
    }

    /// `YYYY-MM-DDTHH:MM:SS[.fff]Z` in milliseconds since 1970; nil for other forms (the slow parser takes them).
    func fastTimestamp(_ start: Int, _ stop: Int) -> Int64? {
        let length = stop - start
        guard length == 20 || length == 24, base[start + length - 1] == UInt8(ascii: "Z") else { return nil }
        func digits(_ offset: Int, _ count: Int) -> Int? { decimal(at: start + offset, count: count) }
        guard base[start + 10] == UInt8(ascii: "T"), base[start + 13] == UInt8(ascii: ":"),
            base[start + 16] == UInt8(ascii: ":"), let hour = digits(11, 2), let minute = digits(14, 2),
            let second = digits(17, 2), hour < 24, minute < 60, second < 61,
            let days = days(start)
        else { return nil }
        var milliseconds = 0
        if length == 24 {
            guard base[start + 19] == UInt8(ascii: "."), let fraction = digits(20, 3) else { return nil }
            milliseconds = fraction
        }
        let seconds = ((days * 24 + hour) * 60 + minute) * 60 + second
        return Int64(seconds) * 1000 + Int64(milliseconds)
    }

    /// The `count` decimal digits at `position` as a number; nil when one is not a digit.
    func decimal(at position: Int, count: Int) -> Int? {
        var value = 0
        for position in position..<(position + count) {
            let digit = Int(base[position]) &- 48
            guard digit >= 0 && digit <= 9 else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    /// The day number since 1970 of the `YYYY-MM-DD` at `start`, remembered from the last timestamp when it is the
    /// same date (nearly every line).
    func days(_ start: Int) -> Int? {
        let raw = UnsafeRawPointer(base + start)
        let head = raw.loadUnaligned(as: UInt64.self)
        let tail = raw.loadUnaligned(fromByteOffset: 8, as: UInt16.self)
        if let last = memory.pointee.lastDate, last.head == head, last.tail == tail { return last.days }
        func digits(_ offset: Int, _ count: Int) -> Int? { decimal(at: start + offset, count: count) }
        guard base[start + 4] == UInt8(ascii: "-"), base[start + 7] == UInt8(ascii: "-"),
            let year = digits(0, 4), let month = digits(5, 2), let day = digits(8, 2), (1...12).contains(month),
            (1...31).contains(day)
        else { return nil }
        let days = Timestamp.daysSince1970(year: year, month: month, day: day)
        memory.pointee.lastDate = (head, tail, days)
        return days
    }
}

let powersOfTen: [Double] = (0...22).map { exponent in
    var value = 1.0
    for _ in 0..<exponent { value *= 10 }
    return value
}

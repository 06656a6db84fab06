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
        _ line: UnsafeRawBufferPointer, into record: inout LogRecord, memory: inout ScannerMemory,
        fields: LogRecord.StringFields = .all
    ) -> Bool {
        if scan(line, into: &record, memory: &memory, fields: fields) { return true }
        guard let parsed = LogRecord(foundationParsing: line) else { return false }
        record = parsed
        return true
    }

    /// `record(_:into:memory:)` for one line on its own.
    package static func record(_ line: UnsafeRawBufferPointer) -> LogRecord? {
        var memory = ScannerMemory()
        var record = LogRecord(eventName: "")
        return self.record(line, into: &record, memory: &memory) ? record : nil
    }

    /// The scanner alone: false when the line is not in the writer's plain form (the caller falls back).
    package static func scan(
        _ line: UnsafeRawBufferPointer, into record: inout LogRecord, memory: inout ScannerMemory,
        fields: LogRecord.StringFields = .all
    ) -> Bool {
        guard let base = line.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return false }
        return withUnsafeMutablePointer(to: &memory) { memory in
            var cursor = Cursor(base: base, end: line.count, memory: memory, fields: fields)
            return cursor.object(into: &record)
        }
    }

    /// `scan(_:into:memory:fields:)` returning the record, with `memory` shared across lines.
    package static func scan(
        _ line: UnsafeRawBufferPointer, memory: inout ScannerMemory, fields: LogRecord.StringFields = .all
    ) -> LogRecord? {
        var record = LogRecord(eventName: "")
        return scan(line, into: &record, memory: &memory, fields: fields) ? record : nil
    }

    /// The scanner alone on one line on its own.
    package static func scan(_ line: UnsafeRawBufferPointer) -> LogRecord? {
        var memory = ScannerMemory()
        return scan(line, memory: &memory)
    }
}

// The keys a record keeps. Looked up only when `KeyOrder` meets a key for the first time.
private enum Key: Int {
    case timestamp, schema, eventName, severityText, severityNumber, installID, operationID, attempt, kind
    case correlationID, duration, outcome, errorDomain, errorCode, errorCodeName, errorSubcode, errorSubcodeName
    case stsErrorCodes, httpStatus, retryAfter, action, waitMilliseconds, userID, droppedCount, appVersion
    case osVersion, msalVersion, authorityHost, droppedOfSeverity
}

extension Key {
    /// The group of optional string fields this key's value belongs to, if any.
    var stringGroup: LogRecord.StringFields? {
        switch self {
        case .installID, .operationID, .correlationID, .userID: .identifiers
        case .severityText, .kind, .errorCodeName, .errorSubcodeName, .action, .appVersion, .osVersion, .msalVersion,
            .authorityHost:
            .labels
        default: nil
        }
    }
}

/// Every key's bytes in one buffer, found by length: no array to retain per candidate looked at.
private final class KeyTable: Sendable {
    private let names: [UInt8]
    /// Per key length, the candidates: where their bytes start in `names`, and which key they are.
    private let candidates: [[(offset: Int, key: Key)]]

    init(_ keys: [(String, Key)]) {
        var names = [UInt8]()
        var candidates = [[(offset: Int, key: Key)]](repeating: [], count: 64)
        for (name, key) in keys {
            candidates[name.utf8.count].append((names.count, key))
            names += Array(name.utf8)
        }
        self.names = names
        self.candidates = candidates
    }

    func key(at start: UnsafePointer<UInt8>, length: Int) -> Key? {
        guard length < candidates.count else { return nil }
        return names.withUnsafeBufferPointer { names in
            candidates[length].first { ByteSearch.equal(names.baseAddress! + $0.offset, start, count: length) }?.key
        }
    }
}

private let keyTable = KeyTable([
    (FieldName.timestamp.name, .timestamp), (FieldName.schema.name, .schema), (FieldName.eventName.name, .eventName),
    (FieldName.severityText.name, .severityText), (FieldName.severityNumber.name, .severityNumber),
    (FieldName.installID.name, .installID), (FieldName.operationID.name, .operationID),
    (FieldName.attempt.name, .attempt),
    (FieldName.kind.name, .kind), (FieldName.correlationID.name, .correlationID),
    (FieldName.durationMilliseconds.name, .duration), (FieldName.outcome.name, .outcome),
    (FieldName.errorDomain.name, .errorDomain), (FieldName.errorCode.name, .errorCode),
    (FieldName.errorCodeName.name, .errorCodeName), (FieldName.errorSubcode.name, .errorSubcode),
    (FieldName.errorSubcodeName.name, .errorSubcodeName), (FieldName.stsErrorCodes.name, .stsErrorCodes),
    (FieldName.httpStatus.name, .httpStatus), (FieldName.retryAfterSeconds.name, .retryAfter),
    (FieldName.action.name, .action),
    (FieldName.waitMilliseconds.name, .waitMilliseconds), (FieldName.endUserID, .userID),
    (FieldName.droppedTotal, .droppedCount), (FieldName.appVersion, .appVersion),
    (FieldName.osVersion, .osVersion), (FieldName.msalVersion, .msalVersion),
    (FieldName.authorityHost.name, .authorityHost),
] + LogRecord.droppedSeverityKeys.map { ($0, Key.droppedOfSeverity) })

private let quote = UInt8(ascii: "\"")
private let backslash = UInt8(ascii: "\\")

private struct Cursor {
    let base: UnsafePointer<UInt8>
    let end: Int
    let memory: UnsafeMutablePointer<ScannerMemory>
    let fields: LogRecord.StringFields
    var index = 0

    init(
        base: UnsafePointer<UInt8>, end: Int, memory: UnsafeMutablePointer<ScannerMemory>,
        fields: LogRecord.StringFields
    ) {
        self.base = base
        self.end = end
        self.memory = memory
        self.fields = fields
    }

    @inline(__always) mutating func skipSpace() {
        while index < end {
            let byte = base[index]
            guard byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A else { return }
            index += 1
        }
    }

    @inline(__always) mutating func take(_ byte: UInt8) -> Bool {
        skipSpace()
        guard index < end, base[index] == byte else { return false }
        index += 1
        return true
    }

    mutating func object(into record: inout LogRecord) -> Bool {
        let keys = memory.pointee.keys
        guard take(UInt8(ascii: "{")) else { return false }
        record = LogRecord(eventName: "")
        var sawName = false
        skipSpace()
        if index < end, base[index] == UInt8(ascii: "}") { return false }
        var previous = KeyOrder.lineStart
        while true {
            guard take(quote) else { return false }
            let key: Key?
            if let (id, length) = keys.expected(after: previous, at: base + index, available: end - index) {
                // The usual case: the same key as last time after the previous one.
                index += length
                key = Key(rawValue: keys.tag(id))
                previous = id
            } else {
                let keyStart = index
                let keyEnd = ByteSearch.quoteOrBackslash(base, from: keyStart, to: end)
                // Escaped keys go to the fallback.
                guard keyEnd < end, base[keyEnd] == quote else { return false }
                index = keyEnd + 1
                guard take(UInt8(ascii: ":")) else { return false }
                let (start, length) = (base + keyStart, keyEnd - keyStart)
                let id = keys.id(of: start, length: length) { keyTable.key(at: start, length: length)?.rawValue ?? -1 }
                if let id {
                    keys.follows(id, after: previous)
                    key = Key(rawValue: keys.tag(id))
                    previous = id
                } else {
                    key = keyTable.key(at: start, length: length)
                    previous = KeyOrder.unremembered
                }
            }
            skipSpace()
            guard index < end else { return false }
            if let key {
                guard value(for: key, into: &record, sawName: &sawName) else { return false }
            } else {
                guard skipValue() else { return false }
            }
            skipSpace()
            guard index < end else { return false }
            if base[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard base[index] == UInt8(ascii: "}") else { return false }
            index += 1
            skipSpace()
            return index == end && sawName
        }
    }

    // MARK: Values

    /// Reads the value of a known key into `record`; false when the line must go to the fallback.
    mutating func value(for key: Key, into record: inout LogRecord, sawName: inout Bool) -> Bool {
        // Fields the consumer does not read are stepped over (the group-by reads none of them).
        if let group = key.stringGroup, !fields.contains(group) { return skipValue() }
        switch key {
        case .eventName:
            guard let text = stringValue(cached: key) else { return false }
            record.eventName = text
            sawName = true
        case .timestamp:
            // A repeated key replaces the earlier value even when it is not a time, as in JSONSerialization (found
            // by the event-scanner fuzz target: Tests/Fuzz/Corpus/event-scanner/duplicate-keys.json). Same below.
            record.timestampMilliseconds = nil
            guard base[index] == quote else { return skipValue() }
            guard let (start, stop, escaped) = stringBounds() else { return false }
            if !escaped, let milliseconds = fastTimestamp(start, stop) {
                record.timestampMilliseconds = milliseconds
            } else if let date = Timestamp.parse(Array(UnsafeBufferPointer(start: base + start, count: stop - start))) {
                record.timestampMilliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
            }
        case .severityText: return string(into: &record.severityText, cached: .severityText)
        case .installID: return string(into: &record.installID, cached: .installID)
        case .operationID: return string(into: &record.operationID, cached: .operationID)
        case .kind: return string(into: &record.kind, cached: .kind)
        case .correlationID: return string(into: &record.correlationID)
        case .outcome: return string(into: &record.outcome, cached: .outcome)
        case .errorDomain: return string(into: &record.errorDomain, cached: .errorDomain)
        case .errorCodeName: return string(into: &record.errorCodeName, cached: .errorCodeName)
        case .errorSubcodeName: return string(into: &record.errorSubcodeName, cached: .errorSubcodeName)
        case .action: return string(into: &record.action, cached: .action)
        case .userID: return string(into: &record.userID, cached: .userID)
        case .appVersion: return string(into: &record.appVersion, cached: .appVersion)
        case .osVersion: return string(into: &record.osVersion, cached: .osVersion)
        case .msalVersion: return string(into: &record.msalVersion, cached: .msalVersion)
        case .authorityHost: return string(into: &record.authorityHost, cached: .authorityHost)
        case .schema: return integer(into: &record.schema)
        case .severityNumber: return integer(into: &record.severityNumber)
        case .attempt: return integer(into: &record.attempt)
        case .errorCode: return integer(into: &record.errorCode)
        case .errorSubcode: return integer(into: &record.errorSubcode)
        case .httpStatus: return integer(into: &record.httpStatus)
        case .droppedCount:
            // Attributes are strings in the writer; a number is accepted too.
            guard base[index] == quote else { return integer(into: &record.droppedCount) }
            guard let text = stringValue() else { return false }
            record.droppedCount = Int(text)
            return true
        case .droppedOfSeverity:
            var count: Int?
            if base[index] == quote {
                guard let text = stringValue() else { return false }
                count = Int(text)
            } else if !integer(into: &count) {
                return false
            }
            record.addDropped(ofSeverity: count)
            return true
        case .duration: return number(into: &record.durationMilliseconds)
        case .retryAfter: return number(into: &record.retryAfterSeconds)
        case .waitMilliseconds: return number(into: &record.waitMilliseconds)
        case .stsErrorCodes:
            record.stsErrorCodes = []
            guard base[index] == UInt8(ascii: "[") else { return skipValue() }
            index += 1
            var codes = [Int]()
            if take(UInt8(ascii: "]")) {
                record.stsErrorCodes = codes
                return true
            }
            while true {
                skipSpace()
                guard index < end, let parsed = parseNumber(), let code = parsed.integer else { return false }
                codes.append(code)
                if take(UInt8(ascii: ",")) { continue }
                guard take(UInt8(ascii: "]")) else { return false }
                record.stsErrorCodes = codes
                return true
            }
        }
        return true
    }

    mutating func string(into field: inout String?, cached key: Key? = nil) -> Bool {
        guard base[index] == quote else {
            field = nil
            return skipValue()
        }
        guard let text = stringValue(cached: key) else { return false }
        field = text
        return true
    }

    mutating func integer(into field: inout Int?) -> Bool {
        guard base[index] == UInt8(ascii: "-") || (base[index] >= 0x30 && base[index] <= 0x39) else {
            field = nil
            return skipValue()
        }
        guard let parsed = parseNumber() else { return false }
        field = parsed.integer
        return true
    }

    mutating func number(into field: inout Double?) -> Bool {
        guard base[index] == UInt8(ascii: "-") || (base[index] >= 0x30 && base[index] <= 0x39) else {
            field = nil
            return skipValue()
        }
        guard let parsed = parseNumber() else { return false }
        field = parsed.value
        return true
    }

    /// A string value; nil when it is not a well-formed string.
    mutating func stringValue(cached key: Key? = nil) -> String? {
        guard base[index] == quote, let (start, stop, escaped) = stringBounds() else { return nil }
        if !escaped {
            if let key { return memory.pointee.strings.string(slot: key.rawValue, base + start, stop - start) }
            return String(decoding: UnsafeBufferPointer(start: base + start, count: stop - start), as: UTF8.self)
        }
        return unescape(start, stop)
    }

    /// Steps over a string starting at the opening quote; returns its content range and whether it has escapes.
    mutating func stringBounds() -> (Int, Int, Bool)? {
        index += 1
        let start = index
        // The first quote or backslash: a quote closes a plain string; a backslash means escapes, handled by the
        // byte loop below.
        let stop = ByteSearch.quoteOrBackslash(base, from: start, to: end)
        guard stop < end else { return nil }
        if base[stop] == quote {
            index = stop + 1
            return (start, stop, false)
        }
        while index < end {
            let byte = base[index]
            if byte == quote {
                index += 1
                return (start, index - 1, true)
            }
            index += byte == backslash ? 2 : 1
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
            guard byte == backslash else {
                bytes.append(byte)
                position += 1
                continue
            }
            guard position + 1 < stop else { return nil }
            let escape = base[position + 1]
            position += 2
            switch escape {
            case quote, backslash, UInt8(ascii: "/"): bytes.append(escape)
            case UInt8(ascii: "b"): bytes.append(0x08)
            case UInt8(ascii: "f"): bytes.append(0x0C)
            case UInt8(ascii: "n"): bytes.append(0x0A)
            case UInt8(ascii: "r"): bytes.append(0x0D)
            case UInt8(ascii: "t"): bytes.append(0x09)
            case UInt8(ascii: "u"):
                guard var scalar = hex4(position) else { return nil }
                position += 4
                if (0xD800...0xDBFF).contains(scalar), position + 6 <= stop, base[position] == backslash,
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
        case quote:
            return stringBounds() != nil
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while index < end {
                let byte = base[index]
                if byte == quote {
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

private let powersOfTen: [Double] = (0...22).map { exponent in
    var value = 1.0
    for _ in 0..<exponent { value *= 10 }
    return value
}

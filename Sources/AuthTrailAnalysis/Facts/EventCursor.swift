import AuthTrail
import Foundation

/// A position in one line being scanned, and the record it fills.
struct EventCursor {
    static let quote = UInt8(ascii: "\"")
    static let backslash = UInt8(ascii: "\\")
    let base: UnsafePointer<UInt8>
    let end: Int
    let memory: UnsafeMutablePointer<EventScannerCache>
    let fields: LogRecord.StringFields
    var index = 0

    init(
        base: UnsafePointer<UInt8>, end: Int, memory: UnsafeMutablePointer<EventScannerCache>,
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
        record.clearValues()
        var line = LineRead()
        skipSpace()
        if index < end, base[index] == UInt8(ascii: "}") { return false }
        var previous = KeyOrder.lineStart
        while true {
            guard take(Self.quote) else { return false }
            let key: EventKey?
            if let (id, length) = keys.expected(after: previous, at: base + index, available: end - index) {
                // The usual case: the same key as last time after the previous one.
                index += length
                key = EventKey(rawValue: keys.tag(id))
                previous = id
            } else {
                let keyStart = index
                let keyEnd = ByteSearch.quoteOrBackslash(base, from: keyStart, to: end)
                // Escaped keys go to the fallback.
                guard keyEnd < end, base[keyEnd] == Self.quote else { return false }
                index = keyEnd + 1
                guard take(UInt8(ascii: ":")) else { return false }
                let (start, length) = (base + keyStart, keyEnd - keyStart)
                let id = keys.id(of: start, length: length) { keyTable.key(at: start, length: length)?.rawValue ?? -1 }
                if let id {
                    keys.follows(id, after: previous)
                    key = EventKey(rawValue: keys.tag(id))
                    previous = id
                } else {
                    key = keyTable.key(at: start, length: length)
                    previous = KeyOrder.unremembered
                }
            }
            skipSpace()
            guard index < end else { return false }
            if let key {
                guard value(for: key, into: &record, line: &line) else { return false }
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
            record.severity = Severity.recorded(byNumber: line.severityByNumber, byText: line.severityByText)
            Self.clearStrings(notSetIn: line.keysSet, of: &record)
            return index == end && line.sawName
        }
    }

    // MARK: Values

    /// What is read of a line before its record is complete. Each severity key keeps its own value, so a repeated
    /// key replaces only its own earlier one, as in the Foundation fallback.
    struct LineRead {
        var sawName = false
        var severityByNumber: Severity?
        var severityByText: Severity?
        /// The keys whose fields the line set (`EventCursor.bit`).
        var keysSet: UInt64 = 0
    }

    /// Reads the value of a known key into `record` (or `line`); false when the line must go to the fallback.
    mutating func value(for key: EventKey, into record: inout LogRecord, line: inout LineRead) -> Bool {
        // Fields the consumer does not read are stepped over (the group-by reads none of them).
        if let group = key.stringGroup, !fields.contains(group) { return skipValue() }
        line.keysSet |= Self.bit(key)
        switch key {
        case .eventName:
            // Every line has one, so it is kept from the line before when it is the same (`clearValues`).
            guard base[index] == Self.quote, let (start, stop, escaped) = stringBounds() else { return false }
            if escaped || !Self.holds(record.eventName.rawValue, base + start, stop - start) {
                guard let text = text(start, stop, escaped: escaped, cached: key) else { return false }
                record.eventName = TrailEvent.Name(rawValue: text)
            }
            line.sawName = true
        case .timestamp:
            // A repeated key replaces the earlier value even when it is not a time, as in JSONSerialization (found
            // by the event-scanner fuzz target: Tests/Fuzz/Corpus/event-scanner/duplicate-keys.json). Same below.
            record.timestampMilliseconds = nil
            guard base[index] == Self.quote else { return skipValue() }
            guard let (start, stop, escaped) = stringBounds() else { return false }
            if !escaped, let milliseconds = fastTimestamp(start, stop) {
                record.timestampMilliseconds = milliseconds
            } else if let date = Timestamp.parse(Array(UnsafeBufferPointer(start: base + start, count: stop - start))) {
                record.timestampMilliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
            }
        case .severityText: return severityText(into: &line.severityByText)
        case .installID: return string(into: &record.installID, cached: .installID)
        case .operationID: return string(into: &record.operationID, cached: .operationID)
        case .kind: return recorded(into: &record.kind, cached: .kind)
        case .correlationID: return string(into: &record.correlationID)
        case .outcome: return recorded(into: &record.outcome, cached: .outcome)
        case .errorDomain: return string(into: &record.errorDomain, cached: .errorDomain)
        case .errorCodeName: return string(into: &record.errorCodeName, cached: .errorCodeName)
        case .errorSubcodeName: return string(into: &record.errorSubcodeName, cached: .errorSubcodeName)
        case .action: return recorded(into: &record.action, cached: .action)
        case .userID: return string(into: &record.userID, cached: .userID)
        case .appVersion: return string(into: &record.appVersion, cached: .appVersion)
        case .osVersion: return string(into: &record.osVersion, cached: .osVersion)
        case .msalVersion: return string(into: &record.msalVersion, cached: .msalVersion)
        case .authorityHost: return string(into: &record.authorityHost, cached: .authorityHost)
        case .schema: return integer(into: &record.schema)
        case .severityNumber:
            var number: Int?
            guard integer(into: &number) else { return false }
            line.severityByNumber = number.flatMap(Severity.init(recordedNumber:))
        case .attempt: return integer(into: &record.attempt)
        case .errorCode: return integer(into: &record.errorCode)
        case .errorSubcode: return integer(into: &record.errorSubcode)
        case .httpStatus: return integer(into: &record.httpStatus)
        case .droppedCount:
            // Attributes are strings in the writer; a number is accepted too.
            guard base[index] == Self.quote else { return integer(into: &record.droppedCount) }
            guard let text = stringValue() else { return false }
            record.droppedCount = Int(text)
            return true
        case .droppedOfSeverity:
            var count: Int?
            if base[index] == Self.quote {
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

    mutating func string(into field: inout String?, cached key: EventKey? = nil) -> Bool {
        guard base[index] == Self.quote else {
            field = nil
            return skipValue()
        }
        guard let (start, stop, escaped) = stringBounds() else { return false }
        if !escaped, Self.holds(field, base + start, stop - start) { return true }
        guard let text = text(start, stop, escaped: escaped, cached: key) else { return false }
        field = text
        return true
    }

    /// A kind, outcome or action: matched as bytes against the library's spellings, made a `String` only when it is
    /// none of them.
    mutating func recorded<Known: RecordedCases>(into field: inout RecordedValue<Known>?, cached key: EventKey) -> Bool
    {
        guard base[index] == Self.quote else {
            field = nil
            return skipValue()
        }
        guard let (start, stop, escaped) = stringBounds() else { return false }
        if !escaped, let known = Known.spellings.match(base + start, count: stop - start) {
            field = .known(known)
            return true
        }
        guard let text = text(start, stop, escaped: escaped, cached: key) else { return false }
        field = RecordedValue(rawValue: text)
        return true
    }

    /// `severity_text`: matched as bytes against the library's spellings; nil when it is none of them.
    mutating func severityText(into field: inout Severity?) -> Bool {
        field = nil
        guard base[index] == Self.quote else { return skipValue() }
        guard let (start, stop, escaped) = stringBounds() else { return false }
        if !escaped {
            field = Severity.spellings.match(base + start, count: stop - start)
            return true
        }
        guard let text = unescape(start, stop) else { return false }
        field = Severity(text: text)
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
    mutating func stringValue(cached key: EventKey? = nil) -> String? {
        guard base[index] == Self.quote, let (start, stop, escaped) = stringBounds() else { return nil }
        return text(start, stop, escaped: escaped, cached: key)
    }

    /// The string between `start` and `stop` (`stringBounds`), from the cache slot of `key` when it has one.
    /// A value longer than `ReportBounds.stringBytes` comes shortened (`LongValue`), and is counted in `memory`.
    func text(_ start: Int, _ stop: Int, escaped: Bool, cached key: EventKey?) -> String? {
        guard !escaped else {
            return unescape(start, stop).map { LongValue.bounded($0, shortened: &memory.pointee.shortenedValues) }
        }
        if stop - start > ReportBounds.stringBytes {
            memory.pointee.shortenedValues += 1
            return LongValue.shortened(UnsafeRawBufferPointer(start: base + start, count: stop - start))
        }
        if let key { return memory.pointee.strings.string(slot: key.rawValue, base + start, stop - start) }
        return String(decoding: UnsafeBufferPointer(start: base + start, count: stop - start), as: UTF8.self)
    }
}

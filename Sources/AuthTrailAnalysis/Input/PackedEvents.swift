import AuthTrail

/// Events of one install waiting for its turn (`InstallTimeOrder`'s deferred events), packed into bytes: only the
/// fields an event has, about a hundred bytes, where a `LogRecord` takes about 490 whatever it holds. Bundles and
/// standard input that interleave installs keep up to `InstallTimeOrder.maxDeferred` of them (16 to 25 MB of a
/// report's heap as records, `authtrail-bench hostile`'s `devices` and `error-domains`; heaptrack).
///
/// Hand-written: no package on hand encodes a struct into bytes in memory, and `Codable` would name every field
/// by string. `PackedEventsTests` checks that every stored field of `LogRecord` comes back.
struct PackedEvents: Sendable {
    private(set) var count = 0
    private var bytes: [UInt8] = []
    /// The events' annotations in order, for those that have one (a flag in the event's field mask).
    private var annotations: [LineAnnotation] = []

    /// Appends `event` at the end.
    mutating func append(_ event: TimeOrderedEvent) {
        count += 1
        // Packed apart first, so that an install's first event takes only its own size (appended piece by piece,
        // the bytes grew by doubling to 256, twice the usual event: 9 MB for `devices`' 32,768 installs).
        var packed = Packer()
        packed.pack(event, annotations: &annotations)
        if bytes.capacity < bytes.count + packed.bytes.count {
            bytes.reserveCapacity(max(bytes.count + packed.bytes.count, 2 * bytes.capacity))
        }
        bytes.append(contentsOf: packed.bytes)
    }

    /// One event's bytes.
    private struct Packer {
        var bytes: [UInt8] = []

        init() { bytes.reserveCapacity(256) }

        mutating func pack(_ event: TimeOrderedEvent, annotations: inout [LineAnnotation]) {
            put(event.time)
            bytes.append(event.rank)
            put(event.hash)
            put(Int64(event.file))
            let record = event.record
            var mask: UInt64 = 0
            let maskAt = bytes.count
            put(mask)
            put(record.eventName.rawValue)
            for (bit, field) in PackedEvents.strings.enumerated() {
                guard let value = record[keyPath: field] else { continue }
                mask |= 1 << bit
                put(value)
            }
            for (bit, field) in PackedEvents.integers.enumerated() {
                guard let value = record[keyPath: field] else { continue }
                mask |= 1 << (PackedEvents.integerBits + bit)
                put(Int64(value))
            }
            for (bit, field) in PackedEvents.reals.enumerated() {
                guard let value = record[keyPath: field] else { continue }
                mask |= 1 << (PackedEvents.realBits + bit)
                put(value.bitPattern)
            }
            if let time = record.timestampMilliseconds {
                mask |= PackedEvents.timestampFlag
                put(time)
            }
            if let severity = record.severity {
                mask |= PackedEvents.severityFlag
                put(Int64(severity.rawValue))
            }
            if let kind = record.kind {
                mask |= PackedEvents.kindFlag
                put(kind.rawValue)
            }
            if let outcome = record.outcome {
                mask |= PackedEvents.outcomeFlag
                put(outcome.rawValue)
            }
            if let action = record.action {
                mask |= PackedEvents.actionFlag
                put(action.rawValue)
            }
            if !record.stsErrorCodes.isEmpty {
                mask |= PackedEvents.stsFlag
                put(Int64(record.stsErrorCodes.count))
                for code in record.stsErrorCodes { put(Int64(code)) }
            }
            if let annotation = record.annotation {
                mask |= PackedEvents.annotationFlag
                annotations.append(annotation)
            }
            withUnsafeBytes(of: mask.littleEndian) { maskBytes in
                for (offset, byte) in maskBytes.enumerated() { bytes[maskAt + offset] = byte }
            }
        }

        private mutating func put(_ value: Int64) {
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }

        private mutating func put(_ value: UInt64) { put(Int64(bitPattern: value)) }

        /// A string as its UTF-8 length (LEB128) and bytes.
        private mutating func put(_ value: String) {
            var value = value
            value.withUTF8 { utf8 in
                var length = utf8.count
                repeat {
                    bytes.append(UInt8(length & 0x7F) | (length > 0x7F ? 0x80 : 0))
                    length >>= 7
                } while length > 0
                bytes.append(contentsOf: utf8)
            }
        }
    }

    /// The events, in the order they were appended.
    func unpacked() -> [TimeOrderedEvent] {
        var events: [TimeOrderedEvent] = []
        events.reserveCapacity(count)
        bytes.withUnsafeBytes { raw in
            var reader = Reader(bytes: raw)
            var nextAnnotation = 0
            while !reader.isAtEnd {
                let time = reader.integer()
                let rank = reader.byte()
                let hash = UInt64(bitPattern: reader.integer())
                let file = Int(reader.integer())
                let mask = UInt64(bitPattern: reader.integer())
                var record = LogRecord(eventName: TrailEvent.Name(rawValue: reader.string()))
                for (bit, field) in Self.strings.enumerated() where mask & (1 << bit) != 0 {
                    record[keyPath: field] = reader.string()
                }
                for (bit, field) in Self.integers.enumerated() where mask & (1 << (Self.integerBits + bit)) != 0 {
                    record[keyPath: field] = Int(reader.integer())
                }
                for (bit, field) in Self.reals.enumerated() where mask & (1 << (Self.realBits + bit)) != 0 {
                    record[keyPath: field] = Double(bitPattern: UInt64(bitPattern: reader.integer()))
                }
                if mask & Self.timestampFlag != 0 { record.timestampMilliseconds = reader.integer() }
                if mask & Self.severityFlag != 0 { record.severity = Severity(rawValue: Int(reader.integer())) }
                if mask & Self.kindFlag != 0 { record.kind = RecordedKind(rawValue: reader.string()) }
                if mask & Self.outcomeFlag != 0 { record.outcome = RecordedOutcome(rawValue: reader.string()) }
                if mask & Self.actionFlag != 0 { record.action = RecordedAction(rawValue: reader.string()) }
                if mask & Self.stsFlag != 0 {
                    record.stsErrorCodes = (0..<Int(reader.integer())).map { _ in Int(reader.integer()) }
                }
                if mask & Self.annotationFlag != 0 {
                    record.annotation = annotations[nextAnnotation]
                    nextAnnotation += 1
                }
                events.append(TimeOrderedEvent(time: time, rank: rank, hash: hash, file: file, record: record))
            }
        }
        return events
    }

    // MARK: The fields, each with its bit in an event's mask

    /// The fields `unpacked` sets by kind, besides the name (which every event has) and the few read below.
    /// Key paths in arrays: the fields are listed once, for packing and unpacking alike.
    private static let strings: [any WritableKeyPath<LogRecord, String?> & Sendable] = [
        \.installID, \.operationID, \.correlationID, \.errorDomain, \.errorCodeName, \.errorSubcodeName, \.userID,
        \.appVersion, \.osVersion, \.msalVersion, \.authorityHost,
    ]
    private static let integers: [any WritableKeyPath<LogRecord, Int?> & Sendable] = [
        \.schema, \.attempt, \.errorCode, \.errorSubcode, \.httpStatus, \.droppedCount, \.droppedBySeverity,
    ]
    private static let reals: [any WritableKeyPath<LogRecord, Double?> & Sendable] = [
        \.durationMilliseconds, \.retryAfterSeconds, \.waitMilliseconds,
    ]
    private static let integerBits = 16
    private static let realBits = 32
    private static let timestampFlag: UInt64 = 1 << 48
    private static let severityFlag: UInt64 = 1 << 49
    private static let kindFlag: UInt64 = 1 << 50
    private static let outcomeFlag: UInt64 = 1 << 51
    private static let actionFlag: UInt64 = 1 << 52
    private static let stsFlag: UInt64 = 1 << 53
    private static let annotationFlag: UInt64 = 1 << 54

    /// The stored properties of `LogRecord` this type packs: its name (and the `event` made from it), the three
    /// lists above and the seven fields with flags. `PackedEventsTests` compares it with `LogRecord`'s own.
    static var fieldCount: Int { 2 + strings.count + integers.count + reals.count + 7 }

    /// Reads back what `Packer` wrote, in order.
    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0

        var isAtEnd: Bool { offset >= bytes.count }

        mutating func byte() -> UInt8 {
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func integer() -> Int64 {
            defer { offset += 8 }
            return Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: Int64.self))
        }

        mutating func string() -> String {
            var length = 0
            var shift = 0
            while true {
                let next = byte()
                length |= Int(next & 0x7F) << shift
                shift += 7
                if next & 0x80 == 0 { break }
            }
            defer { offset += length }
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length]), as: UTF8.self)
        }
    }
}

import AuthTrail
import Foundation
import Testing

@testable import AuthTrailAnalysis

/// Events waiting for their install's turn come back from their bytes as they went in: every field `LogRecord`
/// stores, in order, with the annotations of the events that had one.
@Suite("events packed while they wait for their install come back whole")
struct PackedEventsTests {
    /// A record with every field set, to values at the edges of their types.
    static func everyField(_ index: Int) -> LogRecord {
        var record = LogRecord(
            eventName: index.isMultiple(of: 2) ? .acquisitionEnd : TrailEvent.Name(rawValue: "vendor.event-\(index)"))
        record.timestampMilliseconds = Int64.min + Int64(index)
        record.schema = index
        record.severity = .critical
        record.installID = "install-\(index)"
        record.operationID = "opération-\(index)-🔑"
        record.attempt = Int.max - index
        record.kind = index.isMultiple(of: 2) ? .known(.interactive) : .other("device-code")
        record.correlationID = String(repeating: "c", count: 200 + index)  // a length past one LEB128 byte
        record.durationMilliseconds = -0.0
        record.outcome = .other("")
        record.errorDomain = "MSALErrorDomain"
        record.errorCode = -50_002
        record.errorCodeName = "MSALErrorInteractionRequired"
        record.errorSubcode = Int.min
        record.errorSubcodeName = "MSALInternalErrorAmbiguousAuthority"
        record.stsErrorCodes = [50_076, 53_003, -1]
        record.httpStatus = 429
        record.retryAfterSeconds = .infinity
        record.action = .known(.retryAfter)
        record.waitMilliseconds = 1e300
        record.userID = "u:5f3c"
        record.droppedCount = 0
        record.appVersion = "2.4 (881)"
        record.osVersion = "iOS 18.1"
        record.msalVersion = "1.6.1"
        record.authorityHost = "login.microsoftonline.com"
        record.droppedBySeverity = -7
        let line = Array(#"{"event.name":"log","oauth.error":"invalid_grant","body":"line \#(index)"}"#.utf8)
        record.annotation = line.withUnsafeBytes { EventDetails(line: $0) }.map { LineAnnotation(details: $0) }
        return record
    }

    static func event(_ record: LogRecord, _ index: Int) -> TimeOrderedEvent {
        TimeOrderedEvent(
            time: Int64(index) * 1_000, rank: UInt8(index % 2), hash: UInt64.max - UInt64(index), file: index,
            record: record)
    }

    @Test("a record with every field set, and one with none but its name")
    func roundTrip() {
        let records = [Self.everyField(0), Self.everyField(1), LogRecord(eventName: .log)]
        var packed = PackedEvents()
        for (index, record) in records.enumerated() { packed.append(Self.event(record, index)) }
        let unpacked = packed.unpacked()
        #expect(packed.count == 3)
        #expect(unpacked.map(\.record) == records)
        #expect(unpacked.map(\.time) == [0, 1_000, 2_000])
        #expect(unpacked.map(\.rank) == [0, 1, 0])
        #expect(unpacked.map(\.hash) == [.max, .max - 1, .max - 2])
        #expect(unpacked.map(\.file) == [0, 1, 2])
        #expect(unpacked[0].record.event == .acquisitionEnd)
        #expect(unpacked[0].record.durationMilliseconds?.sign == .minus)
    }

    @Test("annotations stay with their events when only some have one")
    func annotationsInOrder() {
        var records: [LogRecord] = []
        for index in 0..<50 {
            var record = index.isMultiple(of: 3) ? Self.everyField(index) : LogRecord(eventName: .retryWait)
            if index.isMultiple(of: 5) { record.annotation = nil }
            records.append(record)
        }
        var packed = PackedEvents()
        for (index, record) in records.enumerated() { packed.append(Self.event(record, index)) }
        let unpacked = packed.unpacked().map(\.record)
        #expect(unpacked == records)
        #expect(unpacked.map { $0.details?.body } == records.map { $0.details?.body })
        #expect(unpacked.compactMap { $0.details?.body }.count == 13)
    }

    /// A field added to `LogRecord` and not to `PackedEvents` would be lost by every event that waited.
    @Test("packs as many stored fields as LogRecord has")
    func everyStoredField() {
        let stored = Mirror(reflecting: LogRecord(eventName: .log)).children.count
        #expect(stored == PackedEvents.fieldCount, "add the new LogRecord field to PackedEvents, then to this test")
    }
}

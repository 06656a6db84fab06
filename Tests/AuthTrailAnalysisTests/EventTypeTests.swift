import AuthTrail
import Foundation
import Testing

@testable import AuthTrailAnalysis

@Suite("event types")
struct EventTypeTests {
    static let named: [(TrailEvent.Name, EventType)] = [
        (.acquisitionStart, .acquisitionStart), (.acquisitionEnd, .acquisitionEnd), (.retryWait, .retryWait),
        (.log, .log), (.segmentStart, .segmentStart), (.dropped, .dropped), (.appConfiguration, .appConfiguration),
        ("acquisition.started", .other), ("Log", .other), ("", .other),
    ]

    @Test("a record's event type follows its name line after line, through the scanner and the Foundation reader")
    func typeFollowsName() throws {
        var generator = SplitMix64(seed: 9)
        var memory = EventScannerCache()
        var record = LogRecord(eventName: "")
        for _ in 0..<500 {
            let (name, type) = Self.named.randomElement(using: &generator)!
            // Escaped, the name takes the scanner's slower path; both must type it alike.
            let escaped = Bool.random(using: &generator)
            let spelled = escaped ? name.rawValue.replacingOccurrences(of: ".", with: "\\u002E") : name.rawValue
            let line = Array(#"{"event.name":"\#(spelled)","timestamp":"2026-11-18T11:06:41.649Z"}"#.utf8)
            let read = line.withUnsafeBytes { EventScanner.record($0, into: &record, memory: &memory) }
            guard !name.rawValue.isEmpty else { continue }
            #expect(read, "\(spelled)")
            #expect(record.eventName == name && record.event == type, "\(spelled) read as \(record.event)")
            let slow = line.withUnsafeBytes { LogRecord(foundationParsing: $0) }
            #expect(slow?.event == type, "\(spelled), Foundation")
        }
    }
}

import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

@testable import AuthTrailAnalysis

@Suite("event scanner")
struct EventScannerTests {
    @Test("the scanner reads every line the real writer produces exactly as Foundation does")
    func scannerMatchesFoundationOnWrittenEvents() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let trail = try Trail(configuration: TrailConfiguration(directory: directory.url))
        var events = SampleEvents.make(count: 2_000, seed: 7)
        events.append(
            TrailEvent(name: .log, message: "quote \" backslash \\ tab \t newline \n unicode é 😀 control \u{01}"))
        events.append(
            TrailEvent(name: .acquisitionEnd, duration: .microseconds(123_456), attributes: ["enduser.id": "u-1"]))
        for event in events { trail.record(event) }
        trail.shutdown(timeout: .testWait)
        let lines = try ProcessRunner.run("zstd", ["-d", "-c", "-q"] + directory.files(withSuffix: ".zst")).text.split(
            separator: "\n")
        #expect(lines.count == events.count + 1)
        var scanned = 0
        for line in lines {
            let bytes = Array(line.utf8)
            let fast = bytes.withUnsafeBytes { EventScanner.scan($0) }
            let slow = bytes.withUnsafeBytes { LogRecord(foundationParsing: $0) }
            #expect(slow != nil)
            if let fast {
                scanned += 1
                #expect(fast == slow, "scanner and Foundation disagree on \(line.prefix(120))")
            }
        }
        #expect(scanned == lines.count, "the scanner should not need the fallback for the writer's own lines")

        // A consumer that reads no optional string field gets every other field the same, and those left nil.
        var memory = EventScannerCache()
        for line in lines {
            let bytes = Array(line.utf8)
            guard var full = bytes.withUnsafeBytes({ EventScanner.scan($0) }) else { continue }
            let projected = bytes.withUnsafeBytes { EventScanner.scan($0, memory: &memory, fields: []) }
            (full.installID, full.operationID, full.correlationID, full.userID) = (nil, nil, nil, nil)
            (full.kind, full.errorCodeName, full.errorSubcodeName) = (nil, nil, nil)
            (full.action, full.appVersion, full.osVersion, full.msalVersion) = (nil, nil, nil, nil)
            full.authorityHost = nil
            #expect(projected == full, "projection changed more than the skipped fields on \(line.prefix(120))")
        }
    }

    @Test(
        "odd but valid lines go to the Foundation fallback and still parse",
        arguments: [
            #"{"event.name":"log","duration_ms":1.5e3}"#,
            #"{"event.name" : "log" , "attempt" : 2 }"#,
            #"{"ev\u0065nt.name":"log"}"#,
            #"{"event.name":"log","sts.error_codes":[50076, "x"]}"#,
        ])
    func oddLinesFallBack(line: String) {
        let record = Array(line.utf8).withUnsafeBytes { EventScanner.record($0) }
        #expect(record?.eventName == "log")
    }

    @Test(
        "severity becomes the library's level once, the same in the scanner and the Foundation fallback",
        arguments: [
            (#"{"event.name":"log","severity_number":9,"severity_text":"INFO"}"#, Severity.info),
            (#"{"event.name":"log","severity_number":14}"#, .warning),  // WARN2 is WARN
            (#"{"event.name":"log","severity_number":11,"severity_text":"INFO3"}"#, .notice),
            (#"{"event.name":"log","severity_text":"ERROR"}"#, .error),
            (#"{"event.name":"log","severity_text":"\u0046ATAL"}"#, .critical),
            // The number decides when it is one; a repeated key replaces its own earlier value.
            (#"{"event.name":"log","severity_text":"ERROR","severity_number":5}"#, .debug),
            (#"{"event.name":"log","severity_number":5,"severity_number":99,"severity_text":"WARN"}"#, .warning),
            (#"{"event.name":"log","severity_number":0,"severity_text":"Warning"}"#, nil),
        ] as [(String, Severity?)])
    func severity(line: String, expected: Severity?) {
        let scanned = Array(line.utf8).withUnsafeBytes { EventScanner.scan($0) }
        let parsed = Array(line.utf8).withUnsafeBytes { LogRecord(foundationParsing: $0) }
        #expect(parsed?.severity == expected)
        #expect(scanned != nil, "the scanner reads escapes and repeated keys itself")
        #expect(scanned?.severity == expected)
        var filter = EventFilter()
        filter.minimumSeverity = .warning
        #expect(parsed.map(filter.accepts) == (expected.map { $0 >= .warning } ?? false))
    }

    @Test(
        "lines that are not events are rejected by both parsers",
        arguments: [
            "not json", "{}", #"{"event.name":5}"#, #"{"event.name":"log""#, "[1,2]", #"{"event.name":"log"} trailing"#,
        ])
    func nonEventsAreRejected(line: String) {
        #expect(Array(line.utf8).withUnsafeBytes { EventScanner.record($0) } == nil)
    }

    @Test("timestamps convert to the milliseconds Foundation's ISO 8601 parser reads, at every offset and year")
    func timestamps() throws {
        // The oracle is Foundation's own formatter and parser, not a copy of the scanner's calendar arithmetic.
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var generator = SplitMix64(seed: 8601)
        var fixed = [
            "1970-01-01T00:00:00.000Z", "2026-11-22T21:56:58.123Z", "2000-02-29T23:59:59.999Z",
            "1969-12-31T23:59:59.500Z", "2100-03-01T00:00:00.000Z", "2026-11-22T23:30:00.250+02:00",
            "2026-01-01T00:15:00.001-05:30",
        ]
        for _ in 0..<2_000 {
            // Years 1900 to 2500, with a random zone offset in whole quarter hours.
            let milliseconds = Int64.random(in: -2_208_988_800_000...16_725_225_600_000, using: &generator)
            let offsetMinutes = Int.random(in: -48...56, using: &generator) * 15
            formatter.timeZone = TimeZone(secondsFromGMT: offsetMinutes * 60)
            fixed.append(formatter.string(from: Date(timeIntervalSince1970: Double(milliseconds) / 1000)))
        }
        for text in fixed {
            let line = #"{"event.name":"log","timestamp":"\#(text)"}"#
            let record = Array(line.utf8).withUnsafeBytes { EventScanner.scan($0) }
            let parsed = try #require(formatter.date(from: text), "Foundation reads \(text)")
            let expected = Int64((parsed.timeIntervalSince1970 * 1000).rounded())
            #expect(record?.timestampMilliseconds == expected, "\(text)")
        }
    }

    @Test("memory shared across lines (key order, cached strings, last date) never changes what a line reads")
    func sharedMemoryNeverChangesARecord() {
        // Keys that are prefixes of each other, known and unknown keys, orders that change from line to line, a
        // space before the colon, dates that share their first eight bytes, and more distinct keys than the key
        // order remembers.
        let keys = [
            "event.name", "error.code", "error.code_name", "error.subcode", "attempt", "outcome", "timestamp", "x",
            "error.domain", "acquisition.kind",
        ]
        let values = [
            #""log""#, "-50000", #""internal""#, "3", #""success""#, #""failure""#, #""2026-11-18T11:06:41.649Z""#,
            #""2026-11-19T00:00:00.000Z""#, #""2026-11-1xT00:00:00.000Z""#, #""2027-01-18T11:06:41.649Z""#, "[1,2]",
            #""MSALErrorDomain""#,
        ]
        var generator = SplitMix64(seed: 2026)
        var memory = EventScannerCache()
        var checked = 0
        for number in 0..<3_000 {
            var fields = [#""event.name":"acquisition.end""#]
            for _ in 0..<Int.random(in: 0...8, using: &generator) {
                let key =
                    number % 3 == 0
                    ? "unknown.\(Int.random(in: 0..<400, using: &generator))" : keys.randomElement(using: &generator)!
                let colon = Int.random(in: 0..<20, using: &generator) == 0 ? " :" : ":"
                let field = "\"\(key)\"\(colon)\(values.randomElement(using: &generator)!)"
                fields.insert(field, at: Int.random(in: 0...fields.count, using: &generator))
            }
            let line = Array("{\(fields.joined(separator: ","))}".utf8)
            let alone = line.withUnsafeBytes { EventScanner.scan($0) }
            let shared = line.withUnsafeBytes { EventScanner.scan($0, memory: &memory) }
            #expect(shared == alone, "line \(number): \(String(decoding: line, as: UTF8.self))")
            if let foundation = line.withUnsafeBytes({ LogRecord(foundationParsing: $0) }), let alone {
                #expect(alone == foundation, "line \(number): \(String(decoding: line, as: UTF8.self))")
                checked += 1
            }
        }
        #expect(checked > 1_000, "most generated lines should be valid JSON events")
    }

    @Test("a record reused from line to line, keeping the strings of the line before, reads each line as a fresh one")
    func reusedRecordReadsAsFresh() {
        // Every key the scanner knows, each in half the lines, with values that repeat, change, are empty, escaped,
        // or not strings at all: lines that set, keep, change and leave out every field.
        let names = keyTable.candidates.enumerated().flatMap { length, entries in
            entries.map { String(decoding: keyTable.names[$0.offset..<($0.offset + length)], as: UTF8.self) }
        }
        #expect(names.count > 30)
        let values = [
            #""a""#, #""b""#, #""""#, #""\u0041""#, "7", "-1", "1.5", "null", "[1,2]", #""silent""#, #""failure""#,
            #""2026-11-18T11:06:41.649Z""#,
        ]
        var generator = SplitMix64(seed: 35)
        for fields in [LogRecord.StringFields.all, [], .identifiers, .correlation, [.identifiers, .labels]] {
            var memory = EventScannerCache()
            var record = LogRecord(eventName: "")
            var compared = 0
            for number in 0..<3_000 {
                var parts = [#""event.name":"# + (number % 5 == 0 ? #""log""# : #""acquisition.end""#)]
                for name in names where Bool.random(using: &generator) {
                    parts.append("\"\(name)\":\(values.randomElement(using: &generator)!)")
                }
                let line = Array("{\(parts.joined(separator: ","))}".utf8)
                var fresh = LogRecord(eventName: "")
                var freshMemory = EventScannerCache()
                let readFresh = line.withUnsafeBytes {
                    EventScanner.record($0, into: &fresh, memory: &freshMemory, fields: fields)
                }
                let readReused = line.withUnsafeBytes {
                    EventScanner.record($0, into: &record, memory: &memory, fields: fields)
                }
                #expect(readReused == readFresh)
                guard readFresh else { continue }
                #expect(record == fresh, "line \(number): \(String(decoding: line, as: UTF8.self))")
                compared += 1
            }
            #expect(compared > 2_000, "most generated lines should be events")
        }
    }
}

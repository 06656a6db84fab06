import AuthTrail
import Foundation
import Testing

@testable import AuthTrailAnalysis

/// String values past `ReportBounds.stringBytes` are kept shortened, alike by the scanner and by its Foundation
/// fallback, stay distinct, and are warned about per file: without it, a 140 KB input of 2,000 operations with 1 MB
/// ids held 2 GB.
@Suite("long string values are kept shortened, distinct, and warned about")
struct LongValueTests {
    static func line(operation: String, domain: String = "NSURLErrorDomain", spaced: Bool = false) -> String {
        let separator = spaced ? ", " : ","
        return [
            #"{"timestamp":"2026-11-22T21:00:00.000Z""#, #""event.name":"acquisition.end""#, #""install.id":"d1""#,
            #""operation.id":"\#(operation)""#, #""acquisition.kind":"silent""#, #""outcome":"failure""#,
            #""error.domain":"\#(domain)""#, #""error.code":-1009}"#,
        ].joined(separator: separator)
    }

    static func scan(_ line: String) -> (record: LogRecord?, shortened: Int) {
        var memory = EventScannerCache()
        var record = LogRecord(eventName: "")
        let read = Array(line.utf8).withUnsafeBytes { EventScanner.record($0, into: &record, memory: &memory) }
        return (read ? record : nil, memory.shortenedValues)
    }

    @Test("a value past the bound keeps its first bytes and a hash of the whole; shorter ones are untouched")
    func shortened() throws {
        let long = String(repeating: "a", count: 1 << 20)
        let (record, shortened) = Self.scan(Self.line(operation: long + "-1"))
        let id = try #require(record?.operationID)
        #expect(shortened == 1)
        #expect(id.utf8.count <= ReportBounds.stringBytes)
        #expect(id.hasPrefix(String(repeating: "a", count: LongValue.keptBytes) + "…#"))
        #expect(id.utf8.count == LongValue.keptBytes + "…#".utf8.count + 16)
        #expect(Self.scan(Self.line(operation: long + "-2")).record?.operationID != id)
        #expect(Self.scan(Self.line(operation: long + "-1")).record?.operationID == id)

        let bound = String(repeating: "b", count: ReportBounds.stringBytes)
        let atBound = Self.scan(Self.line(operation: bound))
        #expect(atBound.shortened == 0)
        #expect(atBound.record?.operationID == bound)
    }

    @Test("escaped values, values cut within a character, and the Foundation fallback agree")
    func everyPathAgrees() throws {
        // Two-byte characters after one of one byte, so byte 192 is the middle of one: the cut steps back to its start.
        let accented = "x" + String(repeating: "é", count: 400)
        let escaped = "x" + String(repeating: #"\u00e9"#, count: 400)
        let plain = try #require(Self.scan(Self.line(operation: "op", domain: accented)).record)
        let unescaped = try #require(Self.scan(Self.line(operation: "op", domain: escaped)).record)
        // A space after each comma: the scanner declines, and Foundation reads the line.
        let fallback = Self.scan(Self.line(operation: "op", domain: accented, spaced: true))
        #expect(plain.errorDomain == unescaped.errorDomain)
        #expect(fallback.record?.errorDomain == plain.errorDomain)
        #expect(fallback.shortened == 1)
        let domain = try #require(plain.errorDomain)
        #expect(domain.hasPrefix("x" + String(repeating: "é", count: LongValue.keptBytes / 2 - 1) + "…#"))
        #expect(!domain.contains("\u{FFFD}"))
    }

    @Test("the report counts each long id as its own operation and names the file in one warning")
    func reportWarns() throws {
        let long = String(repeating: "x", count: 100_000)
        let lines = (0..<300).map { Self.line(operation: "\(long)-\($0)") }
        let report = try ReportBoundsTests.report(lines, name: "long-ids.zst")
        #expect(report.input.events == 300)
        #expect(report.retries.operations == 300)
        let warnings = report.health.warnings.filter { $0.contains("longer than \(ReportBounds.stringBytes) bytes") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("long-ids.zst: 300 string values") == true)
    }

    @Test("a recorded set-up keeps its values and lists bounded, counted as out of range")
    func setupValues() throws {
        let bundle = "com.example." + String(repeating: "b", count: 1 << 20)
        let schemes = (0..<100).map { "scheme\($0)" }.joined(separator: ",")
        let setup =
            #"{"timestamp":"2026-11-22T21:00:00.000Z","event.name":"app.configuration","install.id":"d1","#
            + #""app.bundle_id":"\#(bundle)","os.name":"iOS","app.url_schemes":"\#(schemes)"}"#
        let recorded = try #require(Array(setup.utf8).withUnsafeBytes { JudgedSetup.recorded(in: $0) })
        #expect(recorded.bundleID?.hasPrefix("com.example.bbb") == true)
        #expect((recorded.bundleID?.utf8.count ?? .max) <= ReportBounds.stringBytes)
        #expect(recorded.urlSchemes == (0..<LongValue.setupListEntries).map { "scheme\($0)" })

        let report = try ReportBoundsTests.report([setup, Self.line(operation: "op")], name: "setup.zst")
        #expect(report.setups?.first?.bundleID == recorded.bundleID)
        #expect(report.health.outOfRangeValues == 2)
        #expect(report.health.warnings.contains { $0.contains("setup.zst: 2 app.configuration values longer than") })
    }

    @Test("a story's log bodies and underlying errors are cut to their bound and say so")
    func storyDetails() throws {
        let body = String(repeating: "m", count: 3 * EventDetails.textBytes)
        let underlying = ([#""\#(body)""#] + (1..<20).map { #""error \#($0)""# }).joined(separator: ",")
        let line = #"{"event.name":"log","body":"\#(body)","error.underlying":[\#(underlying)],"log.source":"msal"}"#
        let details = try #require(Array(line.utf8).withUnsafeBytes { EventDetails(line: $0) })
        #expect(
            details.body == String(repeating: "m", count: EventDetails.textBytes)
                + "… (\(body.utf8.count) bytes in all)")
        #expect(details.underlying.count == EventDetails.underlyingErrors + 1)
        #expect(details.underlying.first == details.body)
        #expect(details.underlying[1] == "error 1")
        #expect(details.underlying.last == "… and 4 more")
        #expect(details.logSource == "msal")
    }
}

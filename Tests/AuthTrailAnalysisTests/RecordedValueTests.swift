import AuthTrail
import Testing

@testable import AuthTrailAnalysis

@Suite("kinds, outcomes and actions are read as the library's types, and unknown values survive")
struct RecordedValueTests {
    private static let lines = [
        #"{"event.name":"acquisition.end","install.id":"d","acquisition.kind":"silent","outcome":"failure","#
            + #""error.action":"acquireInteractively","duration_ms":120,"timestamp":"2026-11-27T01:00:00.000Z"}"#,
        // Escaped: the scanner hands it to its fallback, which must give the same typed value.
        #"{"event.name":"acquisition.end","install.id":"d","acquisition.kind":"interactiv\u0065","#
            + #""outcome":"succ\u0065ss","duration_ms":900,"timestamp":"2026-11-27T01:00:01.000Z"}"#,
        // Written by a newer library or another tool.
        #"{"event.name":"acquisition.end","install.id":"d","acquisition.kind":"broker","outcome":"timeout","#
            + #""error.action":"waitForBroker","duration_ms":30000,"timestamp":"2026-11-27T01:00:02.000Z"}"#,
    ]

    private static func records() throws -> [LogRecord] {
        try lines.map { line in try #require(Array(line.utf8).withUnsafeBytes { EventScanner.scan($0) }) }
    }

    @Test("the scanner gives the library's cases, and keeps a value it does not know as written")
    func scannerTypesTheFields() throws {
        let records = try Self.records()
        #expect(records.map(\.eventName) == [.acquisitionEnd, .acquisitionEnd, .acquisitionEnd])
        #expect(records[0].kind == .known(.silent) && records[0].outcome == .known(.failure))
        #expect(records[0].action == .known(.acquireInteractively))
        #expect(records[1].kind == .known(.interactive) && records[1].outcome == .known(.success))
        #expect(records[2].kind == .other("broker") && records[2].outcome == .other("timeout"))
        #expect(records[2].action?.known == nil && records[2].action?.rawValue == "waitForBroker")
        #expect(records[2].outcome?.countsAsFailure == true && records[1].outcome?.countsAsFailure == false)
    }

    @Test("the report counts an unknown kind and outcome in rows of their own, the outcome as a failure")
    func reportKeepsUnknownValues() throws {
        var builder = ReportBuilder()
        for record in try Self.records() { [UInt8]().withUnsafeBytes { builder.event(record, line: $0) } }
        let report = builder.finish()
        let kinds = Dictionary(uniqueKeysWithValues: report.kinds.map { ($0.kind, $0) })
        #expect(kinds.keys.sorted() == ["broker", "interactive", "silent"])
        #expect(kinds["broker"]?.failures == 1 && kinds["broker"]?.successes == 0)
        #expect(kinds["interactive"]?.successes == 1 && kinds["silent"]?.failures == 1)
        #expect(
            report.latency.map { "\($0.kind) \($0.outcome)" } == [
                "broker timeout", "interactive success", "silent failure",
            ])
        #expect(report.retries.fallback.silentFailures == 1 && report.retries.fallback.fallbacks == 0)
    }
}

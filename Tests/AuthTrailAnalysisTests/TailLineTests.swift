import AuthTrail
import AuthTrailAnalysis
import Foundation
import Testing

@Suite("a tail line shows what the event has, and nothing a trail could use to drive the terminal")
struct EventLineTests {
    private static var failure: LogRecord {
        var record = LogRecord(eventName: "acquisition.end")
        record.timestampMilliseconds = 1_795_384_618_123
        record.installID = "3f2a9c1e-0000-4000-8000-000000000001"
        record.kind = .known(.silent)
        record.attempt = 2
        record.outcome = .known(.failure)
        record.errorDomain = "MSALErrorDomain"
        record.errorCode = -50000
        record.errorCodeName = "internal"
        record.errorSubcode = -42007
        record.errorSubcodeName = "internalErrorUnhandledResponse"
        record.stsErrorCodes = [50076]
        record.httpStatus = 429
        record.retryAfterSeconds = 30
        record.durationMilliseconds = 812.5
        return record
    }

    @Test("an acquisition failure: time, install prefix, kind and attempt, outcome, codes, HTTP, Retry-After, duration")
    func acquisitionFailure() {
        let line = TailLine.format(Self.failure, message: nil, colour: false)
        #expect(
            line
                == "2026-11-22T21:56:58.123Z 3f2a9c1e acquisition.end silent #2 failure MSALErrorDomain -50000 internal "
                + "sub -42007 internalErrorUnhandledResponse AADSTS50076 HTTP 429 Retry-After 30 s 812.5 ms")
        let coloured = TailLine.format(Self.failure, message: nil, colour: true)
        #expect(coloured.contains("\u{1B}[31mfailure\u{1B}[0m"), "failure in red")
        #expect(coloured.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression) == line)
    }

    @Test("a log event ends with its message, its control characters shown as ?")
    func logMessage() {
        var record = LogRecord(eventName: "log")
        record.severity = .warning
        let line = TailLine.format(record, message: "token cache miss\u{1B}[2J\nnext\u{9B}", colour: false)
        #expect(line == "- - log WARN token cache miss?[2J?next?")
        let json = #"{"event.name":"log","body":"hello"}"#
        let message = Array(json.utf8).withUnsafeBytes { TailLine.message(of: $0) }
        #expect(message == "hello")
    }
}

import AuthTrail
import Testing

@testable import AuthTrailAnalysis

@Suite("report builder memory bounds")
struct ReportBuilderMemoryTests {
    static func attempt(
        install: String, operation: String, attempt: Int, at minute: Int64, outcome: String
    )
        -> LogRecord
    {
        var record = LogRecord(eventName: "acquisition.end")
        record.installID = install
        record.operationID = operation
        record.attempt = attempt
        record.kind = .known(.silent)
        record.outcome = .init(rawValue: outcome)
        record.durationMilliseconds = 100
        record.timestampMilliseconds = 1_795_000_000_000 + minute * 60_000
        if outcome == "failure" {
            record.errorDomain = "NSURLErrorDomain"
            record.errorCode = -1009
        }
        return record
    }

    @Test("operations that end in a failure are closed once idle, and a slow retry inside the idle window still chains")
    func idleOperationsClose() {
        var builder = ReportBuilder()
        var line: [UInt8] = []
        // 10,000 operations that fail once and are never retried, one a minute, on one device...
        for index in 0..<10_000 {
            let record = Self.attempt(
                install: "d", operation: "op-\(index)", attempt: 1, at: Int64(index), outcome: "failure")
            line.withUnsafeBytes { builder.event(record, line: $0) }
            // ...and one operation retried 20 minutes after its failure, in the middle of them.
            if index == 5_000 {
                let first = Self.attempt(
                    install: "d", operation: "slow", attempt: 1, at: Int64(index), outcome: "failure")
                line.withUnsafeBytes { builder.event(first, line: $0) }
            }
            if index == 5_020 {
                let retry = Self.attempt(
                    install: "d", operation: "slow", attempt: 2, at: Int64(index), outcome: "success")
                line.withUnsafeBytes { builder.event(retry, line: $0) }
            }
        }
        #expect(builder.openOperations < 4_096 + 100, "idle operations were not closed: \(builder.openOperations) open")
        line = []
        let report = builder.finish()
        #expect(report.retries.operations == 10_001)
        #expect(report.retries.attemptsHistogram.map { [$0.attempts, $0.operations] } == [[1, 10_000], [2, 1]])
        #expect(report.retries.retriedSucceeded == 1)
        #expect(report.retries.timeToRecover.p50 == Int64(20 * 60_000))
    }
}

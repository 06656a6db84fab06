import Testing

@testable import AuthTrailAnalysis

@Suite("stories delimit operations as the report does, also when its memory bounds close them")
struct OperationTrackerTests {
    typealias Scenario = (name: String, limits: ReportBuilder.Limits, records: [LogRecord])

    static func attempt(_ operation: String, _ attempt: Int, minute: Int64, outcome: String) -> LogRecord {
        ReportBuilderMemoryTests.attempt(
            install: "d", operation: operation, attempt: attempt, at: minute, outcome: outcome)
    }

    /// Operations that fail and are retried long after, interleaved with many others, under small limits: the idle
    /// sweep and the least-recently-seen half split some of them, so the counts depend on the exact rules.
    static var scenarios: [Scenario] {
        var idle = ReportBuilder.Limits()
        idle.idleSweepOperations = 8
        idle.idleOperation = 10 * 60_000
        var crowded = ReportBuilder.Limits()
        crowded.openOperations = 16
        crowded.idleSweepOperations = 1_000
        var records: [LogRecord] = []
        var attempts: [Int: Int] = [:]
        for index in 0..<600 {
            records.append(attempt("op-\(index)", 1, minute: Int64(index), outcome: "failure"))
            attempts[index] = 1
            // A retry of an operation 1 to 23 minutes old (spread, so some sit right at each limit), failing again
            // or, one in four, succeeding.
            let retried = index - (index * 7 % 23 + 1)
            guard retried >= 0, let done = attempts[retried] else { continue }
            let success = index % 4 == 0
            records.append(
                attempt("op-\(retried)", done + 1, minute: Int64(index), outcome: success ? "success" : "failure"))
            attempts[retried] = success ? nil : done + 1
        }
        return [("idle sweep", idle, records), ("open operations", crowded, records)]
    }

    @Test("the same number of operations", arguments: scenarios.indices)
    func sameOperations(index: Int) {
        let scenario = Self.scenarios[index]
        var builder = ReportBuilder(limits: scenario.limits)
        var finder = StoryFinder(selection: StorySelection(), limit: 1_000, limits: scenario.limits)
        let line: [UInt8] = []
        line.withUnsafeBytes { bytes in
            for record in scenario.records {
                builder.event(record, line: bytes)
                finder.event(record, line: bytes)
            }
        }
        let report = builder.finish()
        let found = finder.finish()
        // 600 first attempts and their retries: the limits split some retried operations in two.
        #expect(report.retries.operations > 600, "\(scenario.name): nothing was split, the test compares nothing")
        #expect(found.matched == report.retries.operations, "\(scenario.name)")
        #expect(Set(found.matches.map(\.serial)).count == found.matches.count)
    }
}

import AuthTrailTestSupport
import Testing

@testable import AuthTrailAnalysis

/// Replays every committed input of the `report` fuzz target (seed corpus and regressions) through the same
/// invariants the fuzzer checks, in the normal build, so a fixed crash stays fixed.
@Suite("report fuzz inputs replay")
struct ReportFuzzReplayTests {
    static let inputs = FuzzInputs.names(target: "report")

    @Test("the committed corpus is there, stored files and NDJSON text alike")
    func corpusExists() throws {
        #expect(Self.inputs.count >= 20)
        let selectors = try Self.inputs.map { try FuzzInputs.bytes($0).first ?? 0 }
        #expect(selectors.contains { $0 & 1 == 0 } && selectors.contains { $0 & 1 == 1 })
    }

    @Test(
        "every input goes through the reader, the builder and every renderer without breaking an invariant",
        arguments: inputs)
    func replay(input: String) throws {
        let violations = ReportInvariants.violations(input: try FuzzInputs.bytes(input))
        #expect(violations.isEmpty, "\(violations)")
    }

    @Test("the invariants report a rate outside 0...1, the JSON it breaks, and a miscounted decode issue")
    func invariantsCanFail() {
        var report = Report()
        report.kinds = [Report.KindTotals(kind: "silent", attempts: 1, successes: 1, successRate: .nan)]
        report.health.tornTails = 1
        let violations = ReportInvariants.violations(report: report, summary: InputSummary(path: "x.zst"))
        #expect(violations.contains("kinds.success_rate outside 0...1"))
        #expect(
            violations.contains("renderJSON output does not parse")
                || violations.contains("renderJSON output lacks report_schema"))
        #expect(violations.contains("health does not count every decode issue"))
    }
}

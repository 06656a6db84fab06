import AuthTrailTestSupport
import Testing

/// Replays every committed input of the `retry-after` fuzz target (seed corpus and regressions) through the same
/// invariants the fuzzer checks, in the normal build, so a fixed trap stays fixed.
@Suite("retry-after fuzz inputs replay")
struct RetryAfterFuzzReplayTests {
    static let inputs = FuzzInputs.names(target: "retry-after")

    @Test("the committed corpus is there, with every input form")
    func corpusExists() throws {
        #expect(Self.inputs.count >= 25)
        let selectors = Set(try Self.inputs.map { try FuzzInputs.bytes($0).first.map { $0 % 4 } })
        #expect(selectors == [0, 1, 2, 3])
    }

    @Test("every input keeps Retry-After within a day and every decided wait within the budget", arguments: inputs)
    func replay(input: String) throws {
        #expect(RetryAfterInvariants.violations(input: try FuzzInputs.bytes(input)) == [])
    }
}

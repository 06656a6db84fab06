import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

/// Replays every committed input of the `redactor` fuzz target (seed corpus and regressions) through the same
/// invariants the fuzzer checks (planted JWT and email removed, idempotent, no trap), in the normal build.
@Suite("redactor fuzz inputs replay")
struct RedactorFuzzReplayTests {
    static let inputs = FuzzInputs.names(target: "redactor")

    @Test("the committed corpus is there")
    func corpusExists() {
        #expect(Self.inputs.count >= 20)
    }

    @Test("every input, at every level, leaks no planted secret and redacts idempotently", arguments: inputs)
    func replay(input: String) throws {
        let bytes = try FuzzInputs.bytes(input)
        // The first byte picks the level; try the input under all three.
        for selector in UInt8(0)..<3 {
            let variant = [(bytes.first ?? 0) / 3 * 3 &+ selector] + bytes.dropFirst()
            #expect(RedactorInvariants.violations(input: variant) == [], "level \(selector)")
        }
    }
}

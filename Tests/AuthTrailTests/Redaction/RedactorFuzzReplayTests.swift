import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

/// Replays every committed input of the `redactor` fuzz target (seed corpus and regressions) through the same
/// invariants the fuzzer checks (planted JWT and email removed, idempotent, no trap), in the normal build.
@Suite("redactor fuzz inputs replay")
struct RedactorFuzzReplayTests {
    static let fuzzFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz")

    static var inputs: [String] {
        ["Corpus/redactor", "Regressions/redactor"].flatMap { folder -> [String] in
            let path = fuzzFolder.appendingPathComponent(folder).path
            return ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().map { "\(folder)/\($0)" }
        }
    }

    @Test("the committed corpus is there")
    func corpusExists() {
        #expect(Self.inputs.count >= 20)
    }

    @Test("every input, at every level, leaks no planted secret and redacts idempotently", arguments: inputs)
    func replay(input: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.fuzzFolder.appendingPathComponent(input)))
        // The first byte picks the level; try the input under all three.
        for selector in UInt8(0)..<3 {
            let variant = [(bytes.first ?? 0) / 3 * 3 &+ selector] + bytes.dropFirst()
            #expect(RedactorInvariants.violations(input: variant) == [], "level \(selector)")
        }
    }
}

import AuthTrailTestSupport
import Testing

/// Replays every committed input of the `doctor-readers` fuzz target (seed corpus and regressions) through the same
/// invariants the fuzzer checks, in the normal build, so a fixed trap stays fixed.
@Suite("doctor-readers fuzz inputs replay")
struct DoctorReadersFuzzReplayTests {
    static let inputs = FuzzInputs.names(target: "doctor-readers")

    @Test("the committed corpus is there, with every reader")
    func corpusExists() throws {
        #expect(Self.inputs.count >= 15)
        let selectors = Set(try Self.inputs.map { try FuzzInputs.bytes($0).first.map { $0 % 5 } })
        #expect(selectors == [0, 1, 2, 3, 4])
    }

    @Test("every input is read or refused with an error naming it, and every finding is complete", arguments: inputs)
    func replay(input: String) throws {
        #expect(DoctorReadersInvariants.violations(input: try FuzzInputs.bytes(input)) == [])
    }
}

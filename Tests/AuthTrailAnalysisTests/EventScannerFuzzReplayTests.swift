import AuthTrail
import AuthTrailAnalysis
import AuthTrailTestSupport
import Foundation
import Testing

/// Replays every committed input of the `event-scanner` fuzz target (seed corpus and regressions) through the same
/// invariants the fuzzer checks, in the normal build, so a fixed crash stays fixed.
@Suite("event scanner fuzz inputs replay")
struct EventScannerFuzzReplayTests {
    static let inputs = FuzzInputs.names(target: "event-scanner")

    @Test("the committed corpus is there")
    func corpusExists() {
        #expect(Self.inputs.count >= 30)
    }

    @Test("every input keeps the scanner inside the line and in agreement with Foundation", arguments: inputs)
    func replay(input: String) throws {
        let line = try FuzzInputs.bytes(input)
        var memory = EventScannerCache()
        #expect(EventScannerInvariants.violations(line: line, sharedMemory: &memory) == [])
    }

    @Test("the whole corpus through one shared scanner memory, as a reader sees it")
    func replayWithSharedCache() throws {
        var memory = EventScannerCache()
        for input in Self.inputs + Self.inputs {
            let line = try FuzzInputs.bytes(input)
            #expect(EventScannerInvariants.violations(line: line, sharedMemory: &memory) == [], "\(input)")
        }
    }

    @Test("writer lines are accepted by the scanner itself, not only by the fallback")
    func writerLinesTakeTheFastPath() throws {
        let writerLines = Self.inputs.filter { $0.contains("/writer-") }
        #expect(writerLines.count >= 5)
        for input in writerLines {
            let line = try FuzzInputs.bytes(input)
            let scanned = line.withUnsafeBytes { EventScanner.scan($0) }
            #expect(scanned != nil, "\(input)")
        }
    }

    @Test("a disagreement is reported by field name")
    func differingFieldsNamesTheField() {
        var left = LogRecord(eventName: "log")
        left.errorCode = -50002
        var right = left
        right.errorCode = -50003
        #expect(EventScannerInvariants.differingFields(left, right) == "errorCode")
    }
}

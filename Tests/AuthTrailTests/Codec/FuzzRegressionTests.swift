import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

/// Replays every committed fuzz input (seed corpus and crash regressions) through the frame reader with the fuzzer's
/// small limits, checking what the reader says stays inside the input.
@Suite("frame reader fuzz regressions")
struct FuzzRegressionTests {
    static let inputs = FuzzInputs.names(target: "frame-reader")

    @Test("the committed inputs exist")
    func inputsExist() {
        #expect(Self.inputs.contains("Regressions/frame-reader/resync-after-compaction.zst"))
        #expect(Self.inputs.count >= 6)
    }

    @Test("every fuzz input decodes without a trap and with consistent offsets", arguments: inputs)
    func replay(input: String) throws {
        let bytes = try FuzzInputs.bytes(input)
        var limits = ZstdStreamReader.Limits()
        limits.lineBytes = 1 << 16
        limits.unverifiedFrameBytes = 1 << 16
        limits.readChunkBytes = 4096
        let reader = try ZstdStreamReader(limits: limits)
        var source = MemorySource(bytes)
        var sink = CollectingSink()
        reader.read(from: &source, into: &sink)
        #expect(reader.bytesConsumed == bytes.count, "the reader reaches the end of the input")
        for issue in sink.issues {
            #expect(issue.offset >= 0 && issue.offset + issue.bytesLost <= bytes.count, "\(issue)")
        }
        #expect(sink.lines.allSatisfy { !$0.contains("\n") })
    }
}

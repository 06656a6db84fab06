import AuthTrailTestSupport
import Testing

@testable import AuthTrail

/// The buffer a frame decodes into, on a frame that decodes to many times the hold-back (an input written as one
/// long frame that compresses well, as `authtrail-bench hostile` writes them).
@Suite("a long frame's decoded bytes are held in a buffer bounded by the hold-back")
struct FrameOutputBoundTests {
    @Test("every line once, in order, and the buffer never past the hold-back, one block and zstd's output step")
    func boundedBuffer() throws {
        var limits = ZstdStreamReader.Limits()
        limits.unverifiedFrameBytes = 1 << 20
        let lines = (0..<60_000).map { #"{"event.name":"acquisition.start","operation.id":"op-\#($0)","attempt":1}"# }
        let compressor = try ZstdCompressor()
        var bytes: [UInt8] = []
        try compressor.write(Array(lines.map { $0 + "\n" }.joined().utf8), into: &bytes)
        try compressor.endFrame(into: &bytes)
        let decoded = lines.reduce(0) { $0 + $1.utf8.count + 1 }
        #expect(decoded > 4 * limits.unverifiedFrameBytes, "the frame must decode past the hold-back")

        let reader = try ZstdStreamReader(limits: limits)
        var source = MemorySource(bytes)
        var sink = CollectingSink()
        reader.read(from: &source, into: &sink)
        #expect(sink.lines.count == lines.count && sink.lines.first == lines.first && sink.lines.last == lines.last)
        #expect(sink.issues.isEmpty)
        let ceiling = limits.unverifiedFrameBytes + ZstdCalls.blockSizeMax + ZstdCalls.decompressionOutputSize
        #expect(reader.frameOutput.count <= ceiling, "\(reader.frameOutput.count) bytes held against \(ceiling)")
    }
}

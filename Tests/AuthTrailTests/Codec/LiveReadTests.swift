import AuthTrail
import AuthTrailTestSupport
import Testing

/// `ZstdStreamReader.readLive` on a segment that grows a few bytes at a time, as a follower sees a file its writer
/// appends to.
@Suite("a live read resumes where the writer stopped and never calls the unwritten end torn")
struct LiveReadTests {
    /// Hands out `bytes` up to `limit`, then reports the end of input until the limit grows: a file being written.
    private struct GrowingSource: ByteSource {
        let bytes: [UInt8]
        var limit = 0
        var position = 0

        mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int {
            let count = min(buffer.count, limit - position)
            guard count > 0 else { return 0 }
            for index in 0..<count { buffer[index] = bytes[position + index] }
            position += count
            return count
        }
    }

    /// A metadata frame, then two frames of flushed lines (a writer that rotated its frame), then a seal.
    private static func segment(lines: [String]) throws -> (bytes: [UInt8], flushEnds: [Int]) {
        let compressor = try ZstdCompressor()
        var output = SkippableFrame.encode(Array(#"{"format":"authtrail-segment"}"#.utf8))
        var flushEnds: [Int] = []
        for (index, line) in lines.enumerated() {
            try compressor.write(Array((line + "\n").utf8), into: &output)
            try compressor.flush(into: &output)
            flushEnds.append(output.count)
            if index == lines.count / 2 { try compressor.endFrame(into: &output) }
        }
        try compressor.endFrame(into: &output)
        output += SkippableFrame.encode(Array("SEALED01".utf8), variant: 0xB)
        return (output, flushEnds)
    }

    private static func live(
        limits: ZstdStreamReader.Limits = {
            var limits = ZstdStreamReader.Limits()
            limits.unverifiedFrameBytes = 0
            return limits
        }()
    ) throws -> ZstdStreamReader { try ZstdStreamReader(limits: limits) }

    @Test("grown one byte at a time: every flushed line once, as soon as its flush is whole, and no issue")
    func growsByteByByte() throws {
        let lines = ZstdRoundTripTests.eventLines(count: 24)
        let (bytes, flushEnds) = try Self.segment(lines: lines)
        let reader = try Self.live()
        var source = GrowingSource(bytes: bytes)
        var sink = CollectingSink()
        for size in 0...bytes.count {
            source.limit = size
            reader.readLive(from: &source, into: &sink, final: false)
            let flushed = flushEnds.filter { $0 <= size }.count
            #expect(sink.lines == Array(lines[0..<flushed]), "at \(size) bytes")
            #expect(sink.issues.isEmpty, "at \(size) bytes: \(sink.issues)")
        }
        reader.readLive(from: &source, into: &sink, final: true)
        #expect(sink.lines == lines && sink.issues.isEmpty)
        #expect(sink.skippableFrames.count == 2, "the metadata frame and the seal, each once")
    }

    @Test("the final read of a file that stopped growing mid-frame reports the torn tail, as a whole read does")
    func finalReadReportsTornTail() throws {
        let lines = ZstdRoundTripTests.eventLines(count: 12)
        let (bytes, flushEnds) = try Self.segment(lines: lines)
        let cut = flushEnds[9] + 2
        let reader = try Self.live()
        var source = GrowingSource(bytes: bytes, limit: cut)
        var sink = CollectingSink()
        reader.readLive(from: &source, into: &sink, final: false)
        #expect(sink.issues.isEmpty)
        reader.readLive(from: &source, into: &sink, final: true)
        let whole = try CollectingSink.decode(Array(bytes[0..<cut]))
        #expect(sink.lines == whole.lines && sink.lines == Array(lines[0..<10]))
        #expect(sink.issues.map(\.kind) == [.truncatedFrame])
        #expect(sink.issues.map(\.offset) == whole.issues.map(\.offset))
    }
}

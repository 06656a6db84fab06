import AuthTrail
import AuthTrailTestSupport
import Testing

@Suite("torn segments")
struct TruncationTests {
    /// A segment like the store writes after a crash: a metadata frame, then one frame flushed after every event.
    /// Returns the bytes and, for each flush, the file size after it.
    static func flushedSegment(lines: [String]) throws -> (bytes: [UInt8], flushEnds: [Int]) {
        let compressor = try ZstdCompressor()
        var output = SkippableFrame.encode(Array(#"{"format":"authtrail-segment"}"#.utf8))
        var flushEnds = [Int]()
        for line in lines {
            try compressor.write(Array((line + "\n").utf8), into: &output)
            try compressor.flush(into: &output)
            flushEnds.append(output.count)
        }
        try compressor.endFrame(into: &output)
        return (output, flushEnds)
    }

    @Test("cut at every byte offset of the last frame, every earlier event survives and the loss is counted exactly")
    func cutAtEveryOffset() throws {
        let lines = ZstdRoundTripTests.eventLines(count: 40)
        let (bytes, flushEnds) = try Self.flushedSegment(lines: lines)
        let frameStart = SkippableFrame.encode(Array(#"{"format":"authtrail-segment"}"#.utf8)).count
        #expect(
            try CollectingSink.decode(Array(bytes[0..<frameStart])).issues.isEmpty,
            "a segment cut between frames is whole")
        for cut in (frameStart + 1)..<bytes.count {
            let decoded = try CollectingSink.decode(Array(bytes[0..<cut]))
            let complete = flushEnds.lastIndex { $0 <= cut }.map { $0 + 1 } ?? 0
            // A streamed frame's header is 6 bytes: magic, descriptor, window size (no content size is known).
            let lastCompleteEnd = complete == 0 ? frameStart + 6 : flushEnds[complete - 1]
            #expect(decoded.lines == Array(lines[0..<complete]), "cut at \(cut)")
            #expect(decoded.issues.count == 1, "cut at \(cut)")
            guard let issue = decoded.issues.first else { continue }
            #expect(issue.kind == .truncatedFrame)
            #expect(issue.cutLineBytes == 0, "the writer flushes at line ends, so no line is cut")
            // After the last flush, ending the frame adds an empty last block (3 bytes) and the checksum (4 bytes).
            let lastBlockEnd = flushEnds[flushEnds.count - 1] + 3
            if complete == 0 && cut - frameStart < 6 {
                // Cut inside the frame header: the whole frame start is lost.
                #expect(issue.offset == frameStart && issue.bytesLost == cut - frameStart, "cut at \(cut)")
            } else {
                #expect(issue.offset == (cut >= lastBlockEnd ? lastBlockEnd : lastCompleteEnd), "cut at \(cut)")
                #expect(issue.offset + issue.bytesLost == cut, "cut at \(cut): lost bytes run to the cut")
            }
        }
        let whole = try CollectingSink.decode(bytes)
        #expect(whole.lines == lines && whole.issues.isEmpty)
    }

    @Test("a line split across a flush and then cut is reported as cut, with its length")
    func cutLineIsReported() throws {
        let compressor = try ZstdCompressor()
        var output = [UInt8]()
        try compressor.write(Array("{\"complete\":true}\n{\"half\":".utf8), into: &output)
        try compressor.flush(into: &output)
        let decoded = try CollectingSink.decode(output)
        #expect(decoded.lines == [#"{"complete":true}"#])
        #expect(decoded.issues.count == 1)
        #expect(decoded.issues.first?.kind == .truncatedFrame)
        #expect(decoded.issues.first?.cutLineBytes == #"{"half":"#.utf8.count)
        #expect(decoded.issues.first?.message(file: "x.zst").contains("a line was cut") == true)
    }

    @Test("a truncated skippable frame is reported and nothing is invented")
    func truncatedSkippableFrame() throws {
        let frame = SkippableFrame.encode(Array(repeating: UInt8(ascii: "x"), count: 100))
        let decoded = try CollectingSink.decode(Array(frame[0..<50]))
        #expect(decoded.lines.isEmpty && decoded.skippableFrames.isEmpty)
        #expect(decoded.issues == [DecodeIssue(kind: .truncatedSkippableFrame, offset: 0, bytesLost: 50)])
    }
}

import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

@Suite("zstd codec round trip")
struct ZstdRoundTripTests {
    /// NDJSON lines of realistic events.
    static func eventLines(count: Int) -> [String] {
        SampleEvents.make(count: count).enumerated().map { index, event in
            var writer = JSONLineWriter()
            event.encode(into: &writer, context: EventContext(installID: "install-1", sequence: index + 1))
            return String(decoding: writer.bytes.dropLast(), as: UTF8.self)
        }
    }

    /// Compresses `lines` with a flush after every `flushEvery` lines and a new frame every `frameEvery` lines.
    static func compress(
        _ lines: [String], level: Int32 = 3, flushEvery: Int = 1, frameEvery: Int = .max
    ) throws -> [UInt8] {
        let compressor = try ZstdCompressor(level: level)
        var output = SkippableFrame.encode(Array(#"{"format":"test"}"#.utf8))
        for (index, line) in lines.enumerated() {
            try compressor.write(Array((line + "\n").utf8), into: &output)
            if (index + 1) % frameEvery == 0 {
                try compressor.endFrame(into: &output)
            } else if (index + 1) % flushEvery == 0 {
                try compressor.flush(into: &output)
            }
        }
        try compressor.endFrame(into: &output)
        return output
    }

    @Test(
        "every line comes back, in order, across flushes and frames", arguments: [(1, Int.max), (7, 100), (64, 1000)])
    func roundTrip(flushEvery: Int, frameEvery: Int) throws {
        let lines = Self.eventLines(count: 2000)
        let compressed = try Self.compress(lines, flushEvery: flushEvery, frameEvery: frameEvery)
        let decoded = try CollectingSink.decode(compressed)
        #expect(decoded.issues.isEmpty)
        #expect(decoded.lines == lines)
        #expect(decoded.skippableFrames.map { String(decoding: $0.payload, as: UTF8.self) } == [#"{"format":"test"}"#])
    }

    @Test("the zstd CLI decodes our output to the same text, checking its checksums")
    func zstdCommandLineAgrees() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let lines = Self.eventLines(count: 500)
        let path = directory.path + "/events.jsonl.zst"
        try Data(try Self.compress(lines, flushEvery: 10, frameEvery: 200)).write(to: URL(fileURLWithPath: path))
        let test = try ProcessRunner.run("zstd", ["-t", "-q", path])
        #expect(test.status == 0, "zstd -t: \(test.standardError)")
        let decoded = try ProcessRunner.run("zstd", ["-d", "-c", "-q", path])
        #expect(decoded.status == 0)
        #expect(decoded.text == lines.map { $0 + "\n" }.joined())
        let listing = try ProcessRunner.run("zstd", ["-l", "-v", path])
        #expect(listing.text.contains("XXH64"), "frames carry content checksums")
    }

    @Test("frames of one event compress far worse than one long flushed frame")
    func flushKeepsTheRatio() throws {
        let lines = Self.eventLines(count: 3000)
        let raw = lines.reduce(0) { $0 + $1.utf8.count + 1 }
        let flushedEveryEvent = try Self.compress(lines, flushEvery: 1)
        let framePerEvent = try Self.compress(lines, frameEvery: 1)
        let flushRatio = Double(raw) / Double(flushedEveryEvent.count)
        let frameRatio = Double(raw) / Double(framePerEvent.count)
        #expect(flushRatio > 2 * frameRatio, "flush \(flushRatio)x vs frame-per-event \(frameRatio)x")
    }

    @Test("a final line without a newline in a complete frame is kept")
    func lastLineWithoutNewline() throws {
        let compressor = try ZstdCompressor()
        var output = [UInt8]()
        try compressor.write(Array("{\"a\":1}\n{\"b\":2}".utf8), into: &output)
        try compressor.endFrame(into: &output)
        let decoded = try CollectingSink.decode(output)
        #expect(decoded.lines == [#"{"a":1}"#, #"{"b":2}"#])
        #expect(decoded.issues.isEmpty)
    }

    @Test("a flipped bit is reported, never decoded to silently wrong lines")
    func bitFlipIsDetected() throws {
        let lines = Self.eventLines(count: 600)
        // Three frames of 200 lines; flip a bit in the middle frame.
        let compressed = try Self.compress(lines, flushEvery: 50, frameEvery: 200)
        let decodedClean = try CollectingSink.decode(compressed)
        #expect(decodedClean.lines.count == 600)
        var corrupted = compressed
        let target = compressed.count / 2
        corrupted[target] ^= 0x10
        let decoded = try CollectingSink.decode(corrupted)
        #expect(!decoded.issues.isEmpty)
        #expect(
            decoded.issues.allSatisfy { [.checksumMismatch, .corruptFrame].contains($0.kind) }, "\(decoded.issues)")
        // Every line that is delivered is exactly a line that was written, in order.
        var remaining = lines[...]
        for line in decoded.lines {
            guard let index = remaining.firstIndex(of: line) else {
                Issue.record("a delivered line was never written")
                break
            }
            remaining = remaining[(index + 1)...]
        }
        // The first and last frames are intact.
        #expect(decoded.lines.starts(with: lines[0..<200]))
        #expect(decoded.lines.suffix(200) == lines[400..<600])
        #expect(decoded.lines.count < 600)
    }

    @Test("bytes that are not zstd are skipped up to the next frame and reported with their offset")
    func garbageBetweenFrames() throws {
        let first = try Self.compress(["{\"n\":1}"])
        let second = try Self.compress(["{\"n\":2}"])
        let garbage = Array("not zstd at all".utf8)
        let decoded = try CollectingSink.decode(first + garbage + second)
        #expect(decoded.lines == [#"{"n":1}"#, #"{"n":2}"#])
        #expect(decoded.issues == [DecodeIssue(kind: .notZstd, offset: first.count, bytesLost: garbage.count)])
    }
}

import AuthTrailTestSupport
import Foundation
import Testing

@testable import AuthTrail

/// Where the blocks of a segment's zstd frame lie, read from the frame format (RFC 8878 §3.1.1) by the test itself.
private struct FrameLayout {
    var frameStart: Int
    /// Start and end (exclusive) of every block, header included.
    var blocks: [Range<Int>]
    var checksum: Range<Int>

    /// The layout of the zstd frame at `frameStart`; by default the one after the skippable metadata frame that
    /// starts `bytes`.
    init(_ bytes: [UInt8], frameStart: Int? = nil) {
        self.frameStart =
            frameStart ?? 8 + (Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24)
        let frameStart = self.frameStart
        let descriptor = bytes[frameStart + 4]
        let singleSegment = descriptor & 0x20 != 0
        let contentSizeBytes = [singleSegment ? 1 : 0, 2, 4, 8][Int(descriptor >> 6)]
        var position =
            frameStart + 5 + (singleSegment ? 0 : 1) + [0, 1, 2, 4][Int(descriptor & 3)] + contentSizeBytes
        blocks = []
        while true {
            let header = Int(bytes[position]) | Int(bytes[position + 1]) << 8 | Int(bytes[position + 2]) << 16
            let size = (header >> 1) & 3 == 1 ? 1 : header >> 3
            blocks.append(position..<(position + 3 + size))
            position += 3 + size
            if header & 1 == 1 { break }
        }
        checksum = position..<(position + 4)
    }

    /// The block whose content (not its 3-byte header) holds `offset`.
    func contentBlock(holding offset: Int) -> Int? {
        blocks.firstIndex { $0.lowerBound + 3 <= offset && offset < $0.upperBound }
    }
}

/// libzstd's own verdict on the frame, fed block by block: the first block it rejects, or nil when every block decodes
/// (and then whether the checksum failed).
private func zstdVerdict(_ bytes: [UInt8], _ layout: FrameLayout) throws -> (rejectedBlock: Int?, checksumFails: Bool) {
    let context = try ZstdCalls.createDecompressionContext()
    defer { ZstdCalls.freeDecompressionContext(context) }
    var output = [UInt8](repeating: 0, count: ZstdCalls.decompressionOutputSize)
    func feed(_ range: Range<Int>) -> Bool {
        var offset = range.lowerBound
        while true {
            let step = bytes.withUnsafeBytes { input in
                output.withUnsafeMutableBytes { out in
                    try? ZstdCalls.decompressStream(
                        context, input: UnsafeRawBufferPointer(rebasing: input[offset..<range.upperBound]), output: out)
                }
            }
            guard let step else { return false }
            offset += step.consumed
            if offset == range.upperBound && step.produced < output.count { return true }
        }
    }
    guard feed(layout.frameStart..<layout.blocks[0].lowerBound) else { return (0, false) }
    for (index, block) in layout.blocks.enumerated() where !feed(block) { return (index, false) }
    return (nil, !feed(layout.checksum))
}

/// What the `zstd` tool decodes from `bytes` before it stops: the text and whether it stopped at a checksum.
private func zstdCommandLine(
    _ bytes: [UInt8], in directory: TemporaryDirectory, checkingChecksums: Bool = true
) throws -> (text: String, checksum: Bool) {
    let path = directory.path + "/input-\(UUID().uuidString).zst"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let result = try ProcessRunner.run("zstd", ["-d", "-c", "-q"] + (checkingChecksums ? [] : ["--no-check"]) + [path])
    return (result.text, result.standardError.lowercased().contains("checksum"))
}

@Suite("a flipped bit keeps every event zstd decoded before the damaged block")
struct FlippedBitTests {
    /// A segment as the store writes it: metadata, one long frame flushed every 10 events, a seal.
    static func multiFlushSegment(in directory: TemporaryDirectory) throws -> (bytes: [UInt8], lines: [String]) {
        let metadata = SegmentMetadata(
            installID: "i", appID: "a", appVersion: "1", osName: "Linux", osVersion: "6", libraryVersion: "0",
            zstdVersion: "1.5", processID: 999_999, segmentSequence: 1, createdAt: "2026-11-20T10:00:00.000Z",
            redactionLevel: .maskAllPII, redactionKeyID: "k", compressionLevel: 1)
        let writer = try SegmentWriter(directory: directory.path, metadata: metadata, compressionLevel: 1)
        let lines = ZstdRoundTripTests.eventLines(count: 400)
        for (index, line) in lines.enumerated() {
            try writer.append(lines: Array((line + "\n").utf8), count: 1)
            if index % 10 == 9 { try writer.flush(durable: false) }
        }
        try writer.close(durable: false)
        return (Array(try Data(contentsOf: URL(fileURLWithPath: writer.path))), lines)
    }

    @Test("a bit flip that zstd rejects at 10, 50 and 90 % of the file", arguments: [0.1, 0.5, 0.9])
    func rejectedBlock(at fraction: Double) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (bytes, lines) = try Self.multiFlushSegment(in: directory)
        let layout = FrameLayout(bytes)
        #expect(layout.blocks.count >= 40, "one block per flush")
        #expect(try CollectingSink.decode(bytes).lines == lines)

        // The first bit at or after the position whose flip libzstd rejects in the very block that holds it.
        var flip: (offset: Int, bit: Int, block: Int)?
        search: for offset in Int(Double(bytes.count) * fraction)..<bytes.count {
            guard let block = layout.contentBlock(holding: offset) else { continue }
            for bit in 0..<8 {
                var damaged = bytes
                damaged[offset] ^= 1 << bit
                if try zstdVerdict(damaged, layout).rejectedBlock == block {
                    flip = (offset, bit, block)
                    break search
                }
            }
        }
        let (offset, bit, block) = try #require(flip)
        #expect(offset < Int(Double(bytes.count) * fraction) + 64, "a rejected flip close to the position")

        // The expectation, from the undamaged file cut before the damaged block and decoded by the zstd tool.
        let blockStart = layout.blocks[block].lowerBound
        let before = try zstdCommandLine(Array(bytes[..<blockStart]), in: directory).text
        let completeLines = before.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        let cutLine = before.split(separator: "\n", omittingEmptySubsequences: false).last?.utf8.count ?? 0

        var damaged = bytes
        damaged[offset] ^= 1 << bit
        let decoded = try CollectingSink.decode(damaged)
        #expect(decoded.lines.count == completeLines.count, "flip at \(offset) bit \(bit), block \(block)")
        #expect(decoded.lines == completeLines, "the kept events are exactly those written, in order")
        #expect(decoded.lines.count >= Int(Double(lines.count) * fraction) - 30, "most events before the flip survive")
        let sealStart = bytes.count - 16
        #expect(
            decoded.issues == [
                DecodeIssue(
                    kind: .corruptFrame, offset: blockStart, bytesLost: sealStart - blockStart, cutLineBytes: cutLine,
                    cause: decoded.issues.first?.cause)
            ])
        #expect(decoded.issues.first?.cause != nil, "zstd's error name")
    }

    @Test("a bit flip only the checksum catches drops the frame's lines, counted, and nothing else")
    func checksumMismatch() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (bytes, lines) = try Self.multiFlushSegment(in: directory)
        let layout = FrameLayout(bytes)
        var damaged: [UInt8]?
        search: for offset in (bytes.count / 2)..<bytes.count where layout.contentBlock(holding: offset) != nil {
            for bit in 0..<8 {
                var candidate = bytes
                candidate[offset] ^= 1 << bit
                let verdict = try zstdVerdict(candidate, layout)
                if verdict.rejectedBlock == nil && verdict.checksumFails {
                    damaged = candidate
                    break search
                }
            }
        }
        let flipped = try #require(damaged)
        #expect(try zstdCommandLine(flipped, in: directory).checksum, "the zstd tool reports a checksum error too")
        // The lines dropped are those of the altered text (the flip may have hit a newline): zstd without checks.
        let altered = try zstdCommandLine(flipped, in: directory, checkingChecksums: false).text
        let alteredLines = altered.utf8.count { $0 == UInt8(ascii: "\n") }
        #expect(abs(alteredLines - lines.count) <= 1)
        let decoded = try CollectingSink.decode(flipped)
        #expect(decoded.lines.isEmpty, "any line of the frame may be the altered one")
        #expect(
            decoded.issues == [
                DecodeIssue(
                    kind: .checksumMismatch, offset: layout.frameStart, linesDropped: alteredLines,
                    cause: decoded.issues.first?.cause)
            ])
    }

    @Test("a bundle's frames fit the reader's hold-back: a bad checksum drops its frame's lines and passes none on")
    func bundleFramesAreVerifiedWhole() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // One section of 3.5 MiB of lines: as one frame, the reader would pass its first 2 MiB on unverified.
        let lines = ZstdRoundTripTests.eventLines(count: 12_000)
        let output = directory.path + "/ticket.authtrail.zst"
        var writer = try SupportBundleWriter(output: output, toolVersion: "test", now: Date())
        writer.beginFile(name: "segment.jsonl.zst", path: "segment.jsonl.zst")
        Array(#"{"format":"authtrail-segment","install.id":"install-1"}"#.utf8).withUnsafeBytes {
            writer.beginSection(metadata: $0)
        }
        for line in lines { Array(line.utf8).withUnsafeBytes { writer.addEvent(line: $0, timestampMilliseconds: nil) } }
        writer.endFile(sha256: "", bytes: 0, warnings: [])
        _ = try writer.finish(force: true)
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: output)))

        var frames: [FrameLayout] = []
        var position = 0
        while position + 8 <= bytes.count {
            let magic = bytes[position..<(position + 4)].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            if magic & 0xFFFF_FFF0 == 0x184D_2A50 {
                position += 8 + bytes[(position + 4)..<(position + 8)].reversed().reduce(0) { $0 << 8 | Int($1) }
            } else {
                #expect(magic == ZstdStreamReader.zstdMagic)
                frames.append(FrameLayout(bytes, frameStart: position))
                position = frames.last!.checksum.upperBound
            }
        }
        let decodedBytes = lines.reduce(0) { $0 + $1.utf8.count + 1 }
        #expect(decodedBytes > 3 << 20 && frames.count >= 3, "\(frames.count) frames for \(decodedBytes) bytes")

        var damaged = bytes
        damaged[frames[0].checksum.lowerBound] ^= 1
        let decoded = try CollectingSink.decode(damaged)
        let dropped = lines.count - decoded.lines.count
        #expect(dropped > 0 && decoded.lines == Array(lines[dropped...]), "only the first frame's lines are dropped")
        let droppedBytes = lines[..<dropped].reduce(0) { $0 + $1.utf8.count + 1 }
        #expect(droppedBytes <= ZstdStreamReader.Limits().unverifiedFrameBytes)
        #expect(decoded.issues.map(\.kind) == [.checksumMismatch] && decoded.issues.first?.linesDropped == dropped)
    }

    @Test("a damaged block in one frame leaves the frames after it whole")
    func laterFramesSurvive() throws {
        let lines = ZstdRoundTripTests.eventLines(count: 600)
        // Three frames of 200 lines, flushed every 20.
        let compressed = try ZstdRoundTripTests.compress(lines, flushEvery: 20, frameEvery: 200)
        let clean = try CollectingSink.decode(compressed)
        #expect(clean.lines == lines)
        // A block in the middle frame whose type is made reserved (3): rejected for certain, wherever it lies.
        let first = FrameLayout(compressed)
        let second = FrameLayout(compressed, frameStart: first.checksum.upperBound)
        let third = second.checksum.upperBound
        let damagedBlock = second.blocks[4].lowerBound
        var damaged = compressed
        damaged[damagedBlock] |= 0b110
        let decoded = try CollectingSink.decode(damaged)
        // Frame 1 whole, frame 2 up to its 5th block (4 flushes of 20 lines), frame 3 whole.
        #expect(decoded.lines == Array(lines[0..<280]) + Array(lines[400..<600]))
        #expect(
            decoded.issues == [DecodeIssue(kind: .corruptFrame, offset: damagedBlock, bytesLost: third - damagedBlock)])
    }
}

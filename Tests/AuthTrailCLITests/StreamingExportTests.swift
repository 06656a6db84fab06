import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

/// `bundle`, `verify` and `cat` on segments larger than every buffer they read and write through (the reader's 256 KiB
/// reads, the bundle's 1 MiB output and copy buffers): each answer is checked against what whole-file tools compute
/// from the same files (`sha256sum`, `zstd -d`, one-shot compression).
@Suite("bundle, verify and cat stream large segments to the output whole files give")
struct StreamingExportTests {
    static let email = "joni.sherman@contoso.com"

    /// A segment as the writer lays it out: its metadata frame, then checksummed frames of about 256 KiB of lines.
    /// Bodies are random hex words, so the file stays several MiB compressed; `planted` lines carry `email` placed so
    /// that decoded offset `crossing` falls inside it.
    static func writeSegment(
        _ path: String, installID: String, megabytes: Int, seed: UInt64, plantedAcross crossings: [Int] = []
    ) throws -> (metadata: [UInt8], text: [UInt8]) {
        var random = SplitMix64(seed: seed)
        var text = [UInt8]()
        var sequence = 0
        func line(_ body: String, sequence: Int) -> [UInt8] {
            let time = String(
                format: "2026-11-22T%02d:%02d:%02d.%03dZ", sequence / 3_600_000 % 24, sequence / 60_000 % 60,
                sequence / 1000 % 60, sequence % 1000)
            return Array(
                (#"{"timestamp":"\#(time)","schema":1,"seq":\#(sequence),"event.name":"log","severity_text":"INFO","#
                    + #""severity_number":9,"install.id":"\#(installID)","body":"\#(body)"}"# + "\n").utf8)
        }
        func append(_ body: String) {
            sequence += 1
            text += line(body, sequence: sequence)
        }
        func words() -> String {
            (0..<30).map { _ in String(random.next() & 0xFFFF_FFFF, radix: 16) }.joined(separator: " ")
        }
        for crossing in crossings {
            while text.count < crossing - 4_000 { append(words()) }
            // A padding line sized so that `crossing` falls in the middle of the next line's address.
            let planted = line("signed in as \(email)", sequence: sequence + 2)
            let addressOffset = try #require(planted.firstRange(of: Array(email.utf8))).lowerBound
            let padding =
                crossing - text.count - line("", sequence: sequence + 1).count - addressOffset - email.count / 2
            append(String(repeating: "x", count: padding % 8) + String(repeating: " padding", count: padding / 8))
            append("signed in as \(email)")
        }
        while text.count < megabytes << 20 { append(words()) }
        let metadata = SkippableFrame.encode(
            Array(
                #"{"format":"authtrail-segment","schema":1,"install.id":"\#(installID)","app.id":"com.contoso.stream","segment.created_at":"2026-11-22T00:00:00.000Z","segment.sequence":1}"#
                    .utf8))
        var file = metadata
        let compressor = try ZstdCompressor(level: 3, checksum: true)
        var start = 0
        while start < text.count {
            var end = min(start + (256 << 10), text.count)
            while end < text.count, text[end - 1] != UInt8(ascii: "\n") { end += 1 }
            try compressor.write(Array(text[start..<end]), into: &file)
            try compressor.endFrame(into: &file)
            start = end
        }
        try Data(file).write(to: URL(fileURLWithPath: path))
        return (metadata, text)
    }

    static func sha256(_ path: String) throws -> String {
        String(try ProcessRunner.run("sha256sum", [path]).text.prefix(64))
    }

    /// The manifest frame at the start of a bundle, and where it ends.
    static func manifest(_ bundle: [UInt8]) throws -> (json: [String: Any], end: Int) {
        let size = Int(bundle[4]) | Int(bundle[5]) << 8 | Int(bundle[6]) << 16 | Int(bundle[7]) << 24
        let json = try #require(try JSONSerialization.jsonObject(with: Data(bundle[8..<(8 + size)])) as? [String: Any])
        return (json, 8 + size)
    }

    @Test("a bundle of multi-megabyte segments is byte for byte what the whole-file writer wrote; verify and cat agree")
    func largeBundleMatchesWholeFiles() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(atPath: directory.path + "/logs", withIntermediateDirectories: true)
        let large = directory.path + "/logs/a-large.jsonl.zst"
        let small = directory.path + "/logs/b-small.jsonl.zst"
        // Install ids order the inputs: the small segment's device sorts first.
        let segments = [
            small: try Self.writeSegment(small, installID: "0-device", megabytes: 1, seed: 2),
            large: try Self.writeSegment(large, installID: "1-device", megabytes: 12, seed: 1),
        ]
        let largeSize = try #require(FileManager.default.attributesOfItem(atPath: large)[.size] as? Int)
        #expect(largeSize > 3 << 20, "the segment must be larger than the 1 MiB buffers")

        let bundle = directory.path + "/ticket.authtrail.zst"
        let written = try ProcessRunner.authtrail(["bundle", "-o", bundle, directory.path + "/logs"])
        #expect(written.status == 0, "\(written.standardError)")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: bundle)))
        let (manifest, manifestEnd) = try Self.manifest(bytes)
        let entries = try #require(manifest["segments"] as? [[String: Any]])
        #expect(entries.compactMap { $0["name"] as? String } == ["b-small.jsonl.zst", "a-large.jsonl.zst"])

        // Rebuilt from whole files: each segment's metadata frame, then its lines in level-3 checksummed frames, a
        // frame ending before a line once it holds 1 MiB.
        var expected = Array(bytes[..<manifestEnd])
        var allLines = [UInt8]()
        for path in [small, large] {
            let segment = try #require(segments[path])
            let entry = try #require(
                entries.first { $0["name"] as? String == URL(fileURLWithPath: path).lastPathComponent })
            #expect(entry["sha256"] as? String == (try Self.sha256(path)))
            #expect(entry["bytes"] as? Int == (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int))
            let lines = segment.text.split(separator: UInt8(ascii: "\n")).count
            #expect(entry["events"] as? Int == lines)
            let contentPath = directory.path + "/content"
            try Data(segment.text).write(to: URL(fileURLWithPath: contentPath))
            #expect(entry["content_sha256"] as? String == (try Self.sha256(contentPath)))
            expected += segment.metadata
            let compressor = try ZstdCompressor(level: 3, checksum: true)
            for line in segment.text.split(separator: UInt8(ascii: "\n")) {
                if compressor.frameContentBytes >= 1 << 20 { try compressor.endFrame(into: &expected) }
                try compressor.write(Array(line) + [UInt8(ascii: "\n")], into: &expected)
            }
            try compressor.endFrame(into: &expected)
            allLines += segment.text
        }
        #expect(manifest["events"] as? Int == allLines.split(separator: UInt8(ascii: "\n")).count)
        let identical = bytes == expected
        #expect(identical, "the bundle differs from the one rebuilt from whole files")

        let verify = try ProcessRunner.authtrail(["verify", bundle])
        #expect(verify.status == 0)
        #expect(verify.text == "\(bundle): OK (bundle, \(manifest["events"] as? Int ?? -1) events)\n")

        let catBundle = try ProcessRunner.authtrail(["cat", bundle])
        #expect(catBundle.status == 0 && catBundle.standardError.isEmpty)
        let catSegments = try ProcessRunner.authtrail(["cat", directory.path + "/logs"])
        #expect(catSegments.status == 0)
        let sameFromBundle = Array(catBundle.standardOutput) == allLines
        let sameFromSegments = Array(catSegments.standardOutput) == allLines
        #expect(sameFromBundle && sameFromSegments, "cat did not give back every line in order")
    }

    @Test("an address crossing the first and third decoded megabyte is found on its line by bundle and verify")
    func findingsAcrossBoundaries() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let segment = directory.path + "/leaky.jsonl.zst"
        let written = try Self.writeSegment(
            segment, installID: "leaky", megabytes: 4, seed: 3, plantedAcross: [1 << 20, 3 << 20])
        let text = written.text
        let lines = text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let planted = lines.indices.filter { String(decoding: lines[$0], as: UTF8.self).contains(Self.email) }.map {
            $0 + 1
        }
        #expect(planted.count == 2)
        // Each planted line really spans its megabyte boundary.
        var offset = 0
        var spanned: [Int] = []
        for (index, line) in lines.enumerated() {
            if planted.contains(index + 1) {
                spanned += [1 << 20, 3 << 20].filter { offset < $0 && $0 < offset + line.count }
            }
            offset += line.count + 1
        }
        #expect(spanned == [1 << 20, 3 << 20])

        let bundle = directory.path + "/ticket.zst"
        let refused = try ProcessRunner.authtrail(["bundle", "-o", bundle, segment])
        #expect(refused.status == 1)
        #expect(!FileManager.default.fileExists(atPath: bundle))
        let verify = try ProcessRunner.authtrail(["verify", segment])
        #expect(verify.status == 1)
        for line in planted {
            #expect(refused.standardError.contains("\(segment): line \(line): residual e-mail address"))
            #expect(verify.text.contains("\(segment): line \(line): residual e-mail address"))
        }
        let printed = refused.standardError.contains(Self.email) || verify.text.contains(Self.email)
        #expect(!printed, "the address was printed")
    }

    @Test("a segment piped on standard input is bundled under the name stdin with the hash of the bytes read")
    func bundleFromStandardInput() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let segment = directory.path + "/piped.jsonl.zst"
        let written = try Self.writeSegment(segment, installID: "piped", megabytes: 3, seed: 4)
        let bundle = directory.path + "/ticket.zst"
        let binary = ProcessRunner.productsDirectory.appendingPathComponent("authtrail").path
        let result = try ProcessRunner.run(
            "sh", ["-c", #"exec "$0" bundle -o "$1" - < "$2""#, binary, bundle, segment])
        #expect(result.status == 0, "\(result.standardError)")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: bundle)))
        let entries = try #require(try Self.manifest(bytes).json["segments"] as? [[String: Any]])
        #expect(entries.count == 1)
        #expect(entries.first?["name"] as? String == "stdin")
        #expect(entries.first?["sha256"] as? String == (try Self.sha256(segment)))
        let decoded = try ProcessRunner.run("zstd", ["-d", "-c", "-q", bundle])
        let same = Array(decoded.standardOutput) == written.text
        #expect(same, "the bundle's events differ from the segment's")
    }
}

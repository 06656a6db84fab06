import AuthTrailTestSupport
import Foundation
import Testing

@testable import AuthTrail

/// `SegmentHeader(payload:)` reads the metadata frames our writer makes without Foundation's parser; whatever it reads,
/// it must read as Foundation does.
@Suite("a metadata frame reads the same with the fast path as with Foundation's parser")
struct SegmentHeaderParsingTests {
    /// The metadata frame of a segment the real `Trail` wrote.
    private static func writtenPayload() throws -> [UInt8] {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let trail = try Trail(configuration: TrailConfiguration(directory: directory.url))
        for event in SampleEvents.make(count: 3, seed: 1) { trail.record(event) }
        trail.shutdown(timeout: .testWait)
        let file = try #require(directory.files(withSuffix: ".zst").first)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        let size = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
        return Array(bytes[8..<(8 + size)])
    }

    private static func agree(_ payload: [UInt8]) -> Bool {
        payload.withUnsafeBytes { SegmentHeader(payload: $0) == SegmentHeader(foundationParsing: $0) }
    }

    @Test("the writer's own frame, and odd but valid or invalid ones")
    func writtenAndOddFrames() throws {
        let written = try Self.writtenPayload()
        let header = try #require(written.withUnsafeBytes { SegmentHeader(payload: $0) })
        #expect(header.format == "authtrail-segment" && header.installID != nil && header.sequence == 1)
        #expect(Self.agree(written))
        // The writer's frames take the fast path: that is what it is for.
        let values = try #require(written.withUnsafeBytes { FlatJSONObject.values(of: ["install.id", "x"], in: $0) })
        #expect(values == [header.installID, nil])
        #expect(written.withUnsafeBytes { FlatJSONObject.values(of: ["redaction.key_split"], in: $0) } == nil)
        let odd =
            [
                #"{}"#, #" { "install.id" : "a" , "segment.sequence" : 7 } "#, #"{"segment.sequence":007}"#,
                #"{"segment.sequence":1.5}"#, #"{"segment.sequence":1e3}"#, #"{"segment.sequence":-0}"#,
                #"{"schema":true}"#, #"{"install.id":null}"#, #"{"install.id":"a\"b"}"#, #"{"install.id":"a\u0041"}"#,
                #"{"install.id":"a","install.id":"b"}"#, #"{"x":1,"x":2,"install.id":"a"}"#, #"{"x":true,"x":"y"}"#,
                #"{"install.id":{"x":1}}"#, #"{"app.id":["x"]}"#,
                #"{"install.id":"a",}"#, #"{"install.id":"a"} x"#, #"["install.id"]"#, #"{"install.id":"a""#,
                #"{"segment.sequence":99999999999999999999}"#, #"{"segment.sequence":-}"#, "{\"os.name\":\"\u{7F}é😀\"}",
            ].map { Array($0.utf8) } + [
                Array(#"{"install.id":""#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8),
                Array(#"{"install.id":"a"#.utf8) + [0x01] + Array(#""}"#.utf8),
            ]
        for payload in odd {
            #expect(Self.agree(payload), "disagree on \(String(decoding: payload, as: UTF8.self))")
        }
    }

    @Test("every one-byte change of the writer's frame")
    func mutatedFrames() throws {
        let written = try Self.writtenPayload()
        var random = SplitMix64(seed: 25)
        let alphabet = Array(#"{}[]":,.-+0123456789eEtrufalsn\ "#.utf8) + [0x00, 0x01, 0x7F, 0xC3, 0xFF]
        var disagreements: [String] = []
        for _ in 0..<3_000 {
            var payload = written
            let position = Int(random.next() % UInt64(payload.count))
            let byte = alphabet[Int(random.next() % UInt64(alphabet.count))]
            switch random.next() % 3 {
            case 0: payload[position] = byte
            case 1: payload.insert(byte, at: position)
            default: payload.remove(at: position)
            }
            if !Self.agree(payload) { disagreements.append(String(decoding: payload, as: UTF8.self)) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) disagree, first: \(disagreements.first ?? "")")
    }
}

import AuthTrail
import AuthTrailAnalysis
import AuthTrailTestSupport
import Foundation
import Testing

@Suite("segment reader")
struct SegmentReaderTests {
    @Test("a segment written by the trail reads back with its metadata frame and every event")
    func writtenSegmentReadsBack() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let trail = try Trail(configuration: TrailConfiguration(directory: directory.url, app: AppInfo(identifier: "com.example", version: "2.0")))
        for event in SampleEvents.make(count: 300) { trail.record(event) }
        trail.shutdown()
        let files = try directory.files(withSuffix: ".jsonl.zst")
        #expect(files.count == 1)
        let result = try SegmentReader.read(path: files[0])
        #expect(result.warnings.isEmpty)
        #expect(result.records.count == 301, "segment.start plus 300 events")
        #expect(result.records.first?.eventName == "segment.start")
        let metadata = try JSONSerialization.jsonObject(with: Data(result.metadata[0].utf8)) as? [String: Any]
        #expect(metadata?["app.version"] as? String == "2.0")
        #expect(metadata?["install.id"] as? String == trail.installID)
        #expect(metadata?["redaction.level"] as? String == "maskAllPII")
        #expect(Set(result.records.compactMap(\.installID)) == [trail.installID])
    }

    @Test("lines that are not events are counted with a sample, and events around them are kept")
    func invalidLinesAreCounted() throws {
        let compressor = try ZstdCompressor()
        var bytes = [UInt8]()
        try compressor.write(Array("{\"event.name\":\"log\"}\nnot json at all\n{\"event.name\":\"log\"}\n".utf8), into: &bytes)
        try compressor.endFrame(into: &bytes)
        let result = try SegmentReader.read(bytes: bytes, name: "mixed.zst")
        #expect(result.records.count == 2)
        #expect(result.invalidLines == 1)
        #expect(result.warnings == ["mixed.zst: 1 lines are not AuthTrail events, for example: not json at all"])
    }
}

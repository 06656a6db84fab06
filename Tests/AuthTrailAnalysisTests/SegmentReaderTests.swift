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
        let trail = try Trail(
            configuration: TrailConfiguration(
                directory: directory.url, app: AppInfo(identifier: "com.example", version: "2.0")))
        for event in SampleEvents.make(count: 300) { trail.record(event) }
        trail.shutdown(timeout: .testWait)
        let files = try directory.files(withSuffix: ".jsonl.zst")
        #expect(files.count == 1)
        var collector = RecordCollector()
        let summary = try SegmentReader.read(path: files[0], into: &collector)
        #expect(summary.warnings.isEmpty)
        #expect(summary.events == 301, "segment.start plus 300 events")
        #expect(collector.records.first?.eventName == "segment.start")
        #expect(collector.segments.first?.appVersion == "2.0")
        #expect(collector.segments.first?.installID == trail.installID)
        #expect(collector.segments.first?.redactionLevel == "maskAllPII")
        #expect(Set(collector.records.compactMap(\.installID)) == [trail.installID])
    }

    @Test("lines that are not events are counted with a sample, and events around them are kept")
    func invalidLinesAreCounted() throws {
        let compressor = try ZstdCompressor()
        var bytes = [UInt8]()
        try compressor.write(
            Array("{\"event.name\":\"log\"}\nnot json at all\n{\"event.name\":\"log\"}\n".utf8), into: &bytes)
        try compressor.endFrame(into: &bytes)
        var collector = RecordCollector()
        let summary = SegmentReader.read(bytes: bytes, name: "mixed.zst", into: &collector)
        #expect(collector.records.count == 2)
        #expect(summary.invalidLines == 1)
        #expect(summary.warnings == ["mixed.zst: 1 lines are not AuthTrail events, for example: not json at all"])
    }

    @Test("an event with a newer schema is kept, its unknown fields ignored, and a warning names the schema")
    func newerSchemaIsWarned() throws {
        let compressor = try ZstdCompressor()
        var bytes = [UInt8]()
        let line =
            #"{"schema":3,"event.name":"acquisition.end","outcome":"success","new.thing":{"a":[1,2,{"b":"]"}]},"acquisition.kind":"silent"}"#
        try compressor.write(Array((line + "\n").utf8), into: &bytes)
        try compressor.endFrame(into: &bytes)
        var collector = RecordCollector()
        let summary = SegmentReader.read(bytes: bytes, name: "future.zst", into: &collector)
        #expect(collector.records.count == 1)
        #expect(collector.records.first?.kind == .known(.silent))
        #expect(
            summary.warnings == [
                "future.zst: 1 events use schema 3, newer than 1; fields this version does not know are ignored"
            ])
    }
}

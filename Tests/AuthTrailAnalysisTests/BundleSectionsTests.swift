import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

@testable import AuthTrailAnalysis

/// A bundle is read as the folder it came from: each bundled segment filed with its install (`BundleSections`,
/// `InputOrder.plan`), so a bundle of more events than may wait for their install's turn reports what its folder
/// reports.
@Suite("a bundle's segments are read as its folder's files")
struct BundleSectionsTests {
    /// Three installs, each written by two processes at overlapping times, one of each install's segments without a
    /// metadata frame (as a collector that recompresses uploads leaves them): 19,200 events, more than
    /// `InstallTimeOrder.maxDeferred`.
    static func writeFolder(_ folder: URL) throws {
        for install in 0..<3 {
            let installID = String(format: "%08d-0000-4000-8000-000000000000", install)
            for process in 0..<2 {
                var lines = [
                    #"{"timestamp":"\#(time(process))","event.name":"segment.start","install.id":"\#(installID)","app.version":"4.\#(process)","os.version":"17.\#(install)"}"#
                ]
                for operation in 0..<1_600 {
                    let second = operation * 4 + process * 2
                    let id = "op-\(install)-\(process)-\(operation)"
                    let failed = operation % 5 == 0
                    lines.append(
                        #"{"timestamp":"\#(time(second))","event.name":"acquisition.start","install.id":"\#(installID)","operation.id":"\#(id)","attempt":1,"acquisition.kind":"silent"}"#
                    )
                    lines.append(
                        #"{"timestamp":"\#(time(second + 1))","event.name":"acquisition.end","install.id":"\#(installID)","operation.id":"\#(id)","attempt":1,"acquisition.kind":"silent","outcome":"\#(failed ? "failure" : "success")","duration_ms":120"#
                            + (failed ? #","error.domain":"NSURLErrorDomain","error.code":-1009}"# : "}"))
                }
                let metadata: [String: Any]? =
                    process == 1
                    ? nil
                    : [
                        "format": "authtrail-segment", "install.id": installID, "segment.created_at": time(process),
                        "segment.sequence": process + 1,
                    ]
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Self.writeSegment(
                    folder.appendingPathComponent("install-\(install)-\(process).jsonl.zst").path, lines: lines,
                    metadata: metadata)
            }
        }
    }

    static func time(_ second: Int) -> String {
        String(format: "2026-11-22T%02d:%02d:%02d.000Z", second / 3_600, second / 60 % 60, second % 60)
    }

    /// `lines` in frames of 1,000 lines, after a metadata frame holding `metadata` when it is given.
    static func writeSegment(_ path: String, lines: [String], metadata: [String: Any]?) throws {
        var bytes: [UInt8] = []
        if let metadata { bytes += SkippableFrame.encode(Array(try JSONSerialization.data(withJSONObject: metadata))) }
        let compressor = try ZstdCompressor()
        for start in stride(from: 0, to: lines.count, by: 1_000) {
            try compressor.write(
                Array(lines[start..<min(start + 1_000, lines.count)].map { $0 + "\n" }.joined().utf8), into: &bytes)
            try compressor.endFrame(into: &bytes)
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    static func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

    /// The folder and its bundle.
    static func fixture() throws -> (directory: TemporaryDirectory, folder: String, bundle: String) {
        let directory = try TemporaryDirectory("bundle-sections")
        let folder = directory.url.appendingPathComponent("logs")
        try writeFolder(folder)
        let bundle = directory.url.appendingPathComponent("ticket.authtrail.zst").path
        let written = try BundleWriter(toolVersion: "test").write(paths: [folder.path], to: bundle, force: false)
        try #require(written.bundle.written)
        return (directory, folder.path, bundle)
    }

    @Test("a bundle of more events than may wait reports what its folder reports, with no warning")
    func sameReportAsFolder() throws {
        let (directory, folder, bundle) = try Self.fixture()
        defer { directory.remove() }
        let fromFolder = Report.build(paths: [folder]).report
        var fromBundle = Report.build(paths: [bundle]).report
        #expect(fromFolder.input.events == 19_206 && fromFolder.input.files == 6)
        #expect(fromBundle.input.files == 1)
        #expect(fromBundle.health.warnings.isEmpty, "\(fromBundle.health.warnings)")
        fromBundle.input.files = fromFolder.input.files
        #expect(fromBundle.renderJSON() == fromFolder.renderJSON())

        // Named twice, it is read twice, as any file; a reader of whole files (`cat`, `bundle`) reads it once.
        let twice = Report.build(paths: [bundle, bundle]).report
        #expect(twice.input.files == 2 && twice.input.events == 2 * 19_206)
        var whole = InputReader(paths: [bundle])
        var collector = RecordCollector()
        whole.read(into: &collector)
        #expect(collector.records.count == 19_206)
    }

    @Test("the sections are the bundled segments, back to back to the end, with their installs")
    func sections() throws {
        let (directory, folder, bundle) = try Self.fixture()
        defer { directory.remove() }
        let sections = try #require(BundleSections.read(path: bundle))
        #expect(sections.count == 6)
        #expect(
            sections.map(\.header.installID)
                == (0..<3).flatMap { install in
                    [String(format: "%08d-0000-4000-8000-000000000000", install), nil]
                })
        #expect(sections.allSatisfy { !$0.range.isEmpty })
        for (earlier, later) in zip(sections, sections.dropFirst()) {
            #expect(earlier.range.upperBound == later.range.lowerBound)
        }
        let size = try SystemCalls.status(path: bundle).size
        #expect(sections.last?.range.upperBound == size)
        // The events each section holds are its segment's, read by the range alone.
        var reader = SegmentReader()
        var collector = RecordCollector()
        let summary = try reader.read(path: bundle, range: sections[1].range, into: &collector)
        #expect(summary.events == 3_201 && summary.issues.isEmpty)
        #expect(Set(collector.records.compactMap(\.installID)) == ["00000000-0000-4000-8000-000000000000"])

        #expect(BundleSections.read(path: folder + "/install-0-0.jsonl.zst") == nil, "a segment is not a bundle")
        let bytes = try Self.bytes(bundle)
        let cut = directory.url.appendingPathComponent("cut.zst").path
        try Data(bytes.dropLast(10)).write(to: URL(fileURLWithPath: cut))
        #expect(BundleSections.read(path: cut) == nil, "a torn frame")
        let tailed = directory.url.appendingPathComponent("tailed.zst").path
        try Data(bytes + Array("garbage".utf8)).write(to: URL(fileURLWithPath: tailed))
        #expect(BundleSections.read(path: tailed) == nil, "bytes that are no frame")
        // Read whole, as before: every event but those of the torn frame (at most 1,000 lines).
        #expect((18_206..<19_206).contains(Report.build(paths: [cut]).report.input.events))
    }

    @Test("a bundled segment whose install cannot be told makes the bundle read whole")
    func segmentWithoutInstall() throws {
        let directory = try TemporaryDirectory("bundle-sections")
        defer { directory.remove() }
        let folder = directory.url.appendingPathComponent("logs")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // No metadata frame, and events without `install.id`: the bundle gives it a header without one.
        let lines = (0..<50).map {
            #"{"timestamp":"\#(Self.time($0))","event.name":"acquisition.end","acquisition.kind":"silent","outcome":"success"}"#
        }
        try Self.writeSegment(folder.appendingPathComponent("foreign.jsonl.zst").path, lines: lines, metadata: nil)
        let bundle = directory.url.appendingPathComponent("ticket.authtrail.zst").path
        try #require(
            try BundleWriter(toolVersion: "test").write(paths: [folder.path], to: bundle, force: false).bundle.written)
        let sections = try #require(BundleSections.read(path: bundle))
        #expect(sections.count == 1 && sections[0].header.installID == nil)
        let plan = InputOrder.plan([bundle])
        #expect(plan.installs.isEmpty && plan.unsectionedMixed == [bundle])
        #expect(Report.build(paths: [bundle]).report.input.events == 50)
    }

    @Test("damage inside a section is reported at its byte in the bundle, as when the bundle is read whole")
    func damageOffsets() throws {
        let (directory, _, bundle) = try Self.fixture()
        defer { directory.remove() }
        let sections = try #require(BundleSections.read(path: bundle))
        var bytes = try Self.bytes(bundle)
        // A byte in the middle of the third section, inside a block's content: the frames' headers stay whole.
        let damaged = sections[2].range.lowerBound + sections[2].range.count / 2
        bytes[damaged] ^= 0xFF
        try Data(bytes).write(to: URL(fileURLWithPath: bundle))
        try #require(BundleSections.read(path: bundle) != nil)

        var whole = RecordCollector()
        var reader = SegmentReader()
        let summary = try reader.read(path: bundle, into: &whole)
        let expected = summary.issues.messages(file: bundle)
        try #require(!expected.isEmpty)
        let report = Report.build(paths: [bundle]).report
        for line in expected { #expect(report.health.warnings.contains(line), "\(report.health.warnings)") }
        #expect(report.input.events == summary.events)
    }
}

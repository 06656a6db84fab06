import AuthTrail
import AuthTrailAnalysis
import AuthTrailTestSupport
import Testing

/// A device's segments are read (and bundled) in the order their `segment.created_at` times say, whatever the
/// precision those times were written with: as text, `…:05Z` sorts after `…:05.250Z`.
@Suite("segments ordered by their start time, not its text")
struct SegmentStartOrderTests {
    /// A sealed segment of install `i` created at `createdAt`, holding one event, in its own folder of `directory`.
    static func segment(createdAt: String, sequence: Int, in directory: TemporaryDirectory) throws -> String {
        let folder = directory.path + "/\(sequence)"
        try SystemCalls.makeDirectory(folder)
        let metadata = SegmentMetadata(
            installID: "i", appID: "a", appVersion: "1", osName: "Linux", osVersion: "6", libraryVersion: "0",
            zstdVersion: "1.5", processID: 999_999, segmentSequence: sequence, createdAt: createdAt,
            redactionLevel: .maskAllPII, redactionKeyID: "k", compressionLevel: 1)
        let writer = try SegmentWriter(directory: folder, metadata: metadata, compressionLevel: 1)
        let line = "{\"schema\":1,\"event.name\":\"log\",\"timestamp\":\"\(createdAt)\",\"install.id\":\"i\"}\n"
        try writer.append(lines: Array(line.utf8), count: 1)
        try writer.close(durable: false)
        return writer.path
    }

    @Test("a whole-second start sorts before a later one written with milliseconds")
    func mixedPrecision() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let earlier = try Self.segment(createdAt: "2026-11-20T10:00:05Z", sequence: 2, in: directory)
        let later = try Self.segment(createdAt: "2026-11-20T10:00:05.250Z", sequence: 1, in: directory)
        #expect(InputOrder.sorted([later, earlier]) == [earlier, later])
        #expect(InputOrder.sorted([earlier, later]) == [earlier, later])

        let earlierHeader = try #require(SegmentHeader(file: earlier))
        let laterHeader = try #require(SegmentHeader(file: later))
        #expect(earlierHeader.sortsBefore(laterHeader, name: "b", otherName: "a"))
        #expect(!laterHeader.sortsBefore(earlierHeader, name: "a", otherName: "b"))
    }
}

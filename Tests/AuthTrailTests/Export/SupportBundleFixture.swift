import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

/// A trail in a temporary folder with its key in another, and a third folder for bundles: what the export tests
/// share.
struct SupportBundleFixture {
    let logs: TemporaryDirectory
    let keys: TemporaryDirectory
    let output: TemporaryDirectory
    let trail: Trail

    /// - Parameter rotatesAt: compressed bytes after which the active segment is sealed and a new one begun. Retention
    ///   keeps every segment, so the folder holds everything recorded.
    init(
        level: RedactionLevel = .maskAllPII, clock: any TrailClock = SystemTrailClock(), rotatesAt: Int = 4 << 20
    ) throws {
        logs = try TemporaryDirectory("authtrail-export-logs")
        keys = try TemporaryDirectory("authtrail-export-keys")
        output = try TemporaryDirectory("authtrail-export-out")
        trail = try Trail(
            configuration: TrailConfiguration(
                directory: logs.url, redactionLevel: level, keyStore: .files(in: keys.url), clock: clock,
                memoryLimitBytes: 64 << 20, flushBufferBytes: 16 << 10,
                rotation: .init(maxSegmentBytes: rotatesAt),
                retention: .init(maxSegmentCount: 10_000, maxTotalBytes: 1 << 30)))
    }

    func remove() {
        _ = trail.shutdown(timeout: .testWait)
        logs.remove()
        keys.remove()
        output.remove()
    }

    /// `name` in the output folder.
    func bundle(_ name: String = "ticket.authtrail.zst") -> URL { output.url.appendingPathComponent(name) }

    /// The segment files in the log folder, in name order.
    func segments() throws -> [String] { try logs.files(withSuffix: ".jsonl.zst") }

    /// Every event line the folder's segments decode to, in name order.
    func folderLines() throws -> [String] { try FolderContents(logs.path).lines }

    /// A bundle's bytes, its manifest (as JSON) and the event lines after the manifest.
    static func read(_ bundle: URL) throws -> (bytes: [UInt8], manifest: [String: Any], lines: [String]) {
        let bytes = Array(try Data(contentsOf: bundle))
        try #require(bytes.count > 8 && bytes[0..<4] == [0x5A, 0x2A, 0x4D, 0x18], "a bundle opens with its manifest")
        let size = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(bytes[8..<(8 + size)])) as? [String: Any])
        let decoded = try CollectingSink.decode(bytes)
        #expect(decoded.issues.isEmpty, "the bundle decodes without an issue")
        return (bytes, manifest, decoded.lines)
    }

    /// `authtrail report --format json`'s `input.events` for `path`.
    static func reportedEvents(_ path: String) throws -> Int? {
        let report = try ProcessRunner.authtrail(["report", "--format", "json", path])
        let json = try JSONSerialization.jsonObject(with: report.standardOutput) as? [String: Any]
        return (json?["input"] as? [String: Any])?["events"] as? Int
    }
}

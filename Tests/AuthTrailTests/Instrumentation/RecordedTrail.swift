import AuthTrail
import AuthTrailTestSupport
import Foundation

/// A real trail in a temporary folder, on a manual clock, whose events tests read back from the zstd segments it wrote.
final class RecordedTrail {
    let directory: TemporaryDirectory
    let clock: ManualTrailClock
    let trail: Trail
    static let start = Date(timeIntervalSince1970: 1_795_000_000)

    init(redactionLevel: RedactionLevel = .maskAllPII) throws {
        directory = try TemporaryDirectory()
        clock = ManualTrailClock(start: Self.start)
        trail = try Trail(
            configuration: TrailConfiguration(
                directory: directory.url, redactionLevel: redactionLevel, clock: clock))
    }

    deinit { directory.remove() }

    /// Ends the segment and decodes every event line except `segment.start`, in order.
    func events() throws -> [[String: Any]] {
        trail.shutdown(timeout: .testWait)
        var events = [[String: Any]]()
        for path in try directory.files(withSuffix: ".jsonl.zst") {
            let sink = try CollectingSink.decode(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
            for line in sink.lines {
                let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
                if object["event.name"] as? String != "segment.start" { events.append(object) }
            }
        }
        return events
    }

    /// The raw text of every segment, decoded.
    func decodedText() throws -> String {
        trail.shutdown(timeout: .testWait)
        return try directory.files(withSuffix: ".jsonl.zst").map { path in
            try CollectingSink.decode(Array(try Data(contentsOf: URL(fileURLWithPath: path)))).lines.joined(
                separator: "\n")
        }.joined(separator: "\n")
    }
}

extension [[String: Any]] {
    /// The events named `name`.
    func named(_ name: String) -> [[String: Any]] { filter { $0["event.name"] as? String == name } }
    /// `key` of every event, as strings (missing ones as "-").
    func values(_ key: String) -> [String] { map { $0[key].map { "\($0)" } ?? "-" } }
}

import AuthTrail
import AuthTrailAnalysis
import AuthTrailTestSupport
import Foundation
import Testing

/// Hand-made `acquisition.end` lines, and zstd files of them, for the timeline suites' operation shapes.
enum EndEventFiles {
    /// An `acquisition.end` of `operation` in `install`, `second` seconds after a fixed time.
    static func line(_ install: String, _ operation: String, attempt: Int, second: Int, failed: Bool) -> String {
        let fields: [String: Any] = [
            "timestamp": ReportTime.string(1_795_000_000_000 + Int64(second) * 1000), "schema": 1,
            "event.name": "acquisition.end", "install.id": install, "operation.id": operation, "attempt": attempt,
            "acquisition.kind": "silent", "duration_ms": 100, "outcome": failed ? "failure" : "success",
            "error.domain": "MSALErrorDomain", "error.code": -50000,
        ]
        let data = try! JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    /// Two installs' files in `folder`, the other install's file (filed with it by its first event) holding the drawn
    /// operation's first attempt, as files concatenated from two devices would: `drawn-1` fails twice, then succeeds.
    static func writeAttemptInAnotherInstallsFile(in folder: String) throws -> (drawn: String, other: String) {
        let (drawn, other) = ("bbbbbbbb-0000-4000-8000-000000000002", "aaaaaaaa-0000-4000-8000-000000000001")
        try write(
            [
                line(other, "other-1", attempt: 1, second: 0, failed: false),
                line(drawn, "drawn-1", attempt: 1, second: 1, failed: true),
            ],
            to: folder + "/other.jsonl")
        try write(
            [
                line(drawn, "drawn-1", attempt: 2, second: 2, failed: true),
                line(drawn, "drawn-1", attempt: 3, second: 3, failed: false),
            ],
            to: folder + "/drawn.jsonl")
        return (drawn, other)
    }

    /// Writes `lines` compressed to `path` + `.zst` with the `zstd` tool.
    static func write(_ lines: [String], to path: String) throws {
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let zstd = try ProcessRunner.run("zstd", ["-q", "--rm", path, "-o", path + ".zst"])
        try #require(zstd.status == 0, "\(zstd.standardError)")
    }
}

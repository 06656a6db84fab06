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

    /// Writes `lines` compressed to `path` + `.zst` with the `zstd` tool.
    static func write(_ lines: [String], to path: String) throws {
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let zstd = try ProcessRunner.run("zstd", ["-q", "--rm", path, "-o", path + ".zst"])
        try #require(zstd.status == 0, "\(zstd.standardError)")
    }
}

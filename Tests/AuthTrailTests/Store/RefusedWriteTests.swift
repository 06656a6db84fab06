import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A locked device refuses opens and writes (EPERM, EACCES) under data protection. Here a real child process that
/// dropped root meets a folder it may not write: the app keeps running, the queue keeps within its cap, every event
/// is written, dropped or counted lost, and writing resumes when the folder is writable again.
@Suite("refused writes", .enabled(if: getuid() == 0, "dropping to user nobody needs root"))
struct RefusedWriteTests {
    @Test("a folder that refuses new files: events wait or are counted, and writing resumes")
    func refusedThenResumed() throws {
        let parent = try TemporaryDirectory("authtrail-refused")
        defer { parent.remove() }
        let logs = parent.url.appendingPathComponent("logs")
        let keys = parent.url.appendingPathComponent("keys")
        for folder in [logs, keys] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            #expect(chown(folder.path, 65534, 65534) == 0)
        }
        #expect(chmod(parent.path, 0o755) == 0)
        let run = try StressChild.run(["refused", logs.path, keys.path, "1500"])
        #expect(run.status == 0, "child failed: \(run.standardError)")
        let refused = run.text.split(separator: "\n").first { $0.hasPrefix("refused ") }.map(String.init) ?? ""
        #expect(refused.contains("status=retrying"), "the writer noticed the refusal: \(refused)")
        #expect(!refused.contains("failures=0"), "\(refused)")
        let health = StressChild.health(in: run.text)
        #expect(health["status"] == "writing", "writing resumed: \(health)")
        let written = Int(health["written"] ?? "") ?? -1
        let accounted = written + (Int(health["dropped"] ?? "") ?? 0) + (Int(health["lost"] ?? "") ?? 0)
        #expect(accounted == 4500, "every event written, dropped or lost, once: \(health)")
        let contents = try FolderContents(logs.path)
        #expect(contents.issues.isEmpty, "\(contents.issues.map { $0.issue.message(file: $0.file) })")
        #expect(contents.events(named: "log").count == written, "what the store counts written is in the files")
        // The last round, after the folder came back, is complete.
        let attempts = Set(contents.attemptsByOperation.values.flatMap { $0 })
        #expect(Set(3001...4500).isSubset(of: attempts))
    }
}

import AuthTrailTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `authtrail tail --operations`: each operation as one line once it closes, by the report's rules, on real trails
/// and real processes.
@Suite("authtrail tail --operations prints each operation as it closes")
struct TailOperationsTests {
    /// An `acquisition.end` line of operation `op-1` of one install: `attempt` ended at second `second`.
    static func attemptLine(_ attempt: Int, second: Int, failed: Bool, retryAfter: Int? = nil) -> String {
        var fields: [String: Any] = [
            "timestamp": String(format: "2026-11-20T10:00:%02d.000Z", second), "schema": 1,
            "event.name": "acquisition.end", "install.id": "11111111-2222-3333-4444-555555555555",
            "operation.id": "op-1", "attempt": attempt, "acquisition.kind": "silent", "duration_ms": 100,
            "outcome": failed ? "failure" : "success",
        ]
        if failed {
            fields["error.domain"] = "MSALErrorDomain"
            fields["error.code"] = -50000
            fields["error.code_name"] = "internal"
        }
        if let retryAfter {
            fields["http.response.status_code"] = 429
            fields["http.retry_after_s"] = retryAfter
        }
        let data = try! JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    /// `lines` compressed by the `zstd` tool into `path` (a segment without a metadata frame).
    /// Compressed outside the folder, then renamed into it: `tail -f` must never see a half-written file, which no
    /// AuthTrail writer holds and so reads as torn (a CI run under load caught `zstd` mid-write).
    static func writeSegment(_ lines: [String], to path: String) throws {
        let staging = NSTemporaryDirectory() + "authtrail-tail-\(UUID().uuidString)"
        try (lines.joined(separator: "\n") + "\n").write(toFile: staging, atomically: true, encoding: .utf8)
        let result = try ProcessRunner.run("zstd", ["-q", "-f", "--rm", staging, "-o", staging + ".zst"])
        #expect(result.status == 0, "\(result.standardError)")
        try FileManager.default.moveItem(atPath: staging + ".zst", toPath: path + ".jsonl.zst")
    }

    @Test("one line per operation the report counts, each attempt in it, a Retry-After honoured")
    func demoOperations() throws {
        let trail = try demoTrail("authtrail-tail-operations")
        let tail = try ProcessRunner.authtrail(["tail", "--operations", "-n", "1000", "--colour", "never", trail])
        #expect(tail.status == 0, "\(tail.standardError)")
        let report = try ProcessRunner.authtrail(["report", "--format", "json", trail])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(report.text.utf8)) as? [String: Any])
        let operations = try #require((json["retries"] as? [String: Any])?["operations"] as? Int)
        let lines = tail.text.split(separator: "\n")
        #expect(lines.count == operations && operations > 3, "\(tail.text)")
        #expect(
            lines.allSatisfy {
                $0.range(of: #"^\S+Z [0-9a-f]{8} operation \S+ \d+ attempts?: #1 "#, options: .regularExpression) != nil
            })
        #expect(
            lines.contains {
                $0.contains("#1 silent failure MSALErrorDomain -50002 interactionRequired")
                    && $0.contains("→ #2 interactive success")
            }, "the interactive fallback: \(tail.text)")
        #expect(
            lines.contains { $0.contains("HTTP 429 → #2 silent success; Retry-After 30 s honoured") }, "\(tail.text)")

        let last = try ProcessRunner.authtrail(["tail", "--operations", "-n", "2", "--colour", "never", trail])
        #expect(last.text.split(separator: "\n") == lines.suffix(2), "-n counts operations")
    }

    @Test("a Retry-After ignored and a retry storm are said on the operation's line")
    func judgements() throws {
        let directory = try TemporaryDirectory("authtrail-tail-judgements")
        defer { directory.remove() }
        var lines = [Self.attemptLine(1, second: 0, failed: true, retryAfter: 30)]
        for attempt in 2...6 { lines.append(Self.attemptLine(attempt, second: 2 * attempt, failed: attempt < 6)) }
        try Self.writeSegment(lines, to: directory.path + "/a")
        let tail = try ProcessRunner.authtrail(["tail", "--operations", "--colour", "never", directory.path])
        #expect(tail.status == 0, "\(tail.standardError)")
        let text = tail.text
        #expect(text.split(separator: "\n").count == 1, "\(text)")
        #expect(
            text.contains(" operation op-1 6 attempts: #1 silent failure MSALErrorDomain -50000 internal, HTTP 429"))
        #expect(text.contains("→ #6 silent success; Retry-After 30 s ignored (retried after 3.9 s)"), "\(text)")
        #expect(text.contains("; retry storm: 6 attempts in 12 s"), "\(text)")
    }

    @Test("with -f, an operation is written when its closing attempt lands, not before; SIGINT exits 0")
    func followWaitsForTheClosingAttempt() throws {
        let directory = try TemporaryDirectory("authtrail-tail-follow")
        defer { directory.remove() }
        try Self.writeSegment([Self.attemptLine(1, second: 0, failed: true)], to: directory.path + "/a")
        let tail = try LiveProcess.product(
            "authtrail", ["tail", "-f", "--operations", "--interval", "0.05", "--colour", "never", directory.path])
        defer { tail.send(signal: SIGKILL) }
        // The failed attempt is read (the operation is open): nothing is written for it.
        Thread.sleep(forTimeInterval: 1)
        #expect(tail.text.isEmpty, "an open operation was written: \(tail.text)")
        try Self.writeSegment([Self.attemptLine(2, second: 3, failed: false)], to: directory.path + "/b")
        #expect(tail.waitForOutput(timeout: 60) { $0.contains("\n") }, "\(tail.errorText)")
        #expect(
            tail.text.contains("2 attempts: #1 silent failure MSALErrorDomain -50000 internal → #2 silent success\n"))
        tail.send(signal: SIGINT)
        let end = tail.waitForExit(timeout: 30)
        #expect(end.status == 0 && !end.signalled, "\(end): \(tail.errorText)")
    }

    @Test(
        "with -f, SIGINT or SIGTERM ends the input: the operation still open is written, then tail exits 0",
        arguments: [SIGINT, SIGTERM])
    func stoppingWritesOpenOperations(signal: Int32) throws {
        let directory = try TemporaryDirectory("authtrail-tail-stop")
        defer { directory.remove() }
        try Self.writeSegment(
            [Self.attemptLine(1, second: 0, failed: true), Self.attemptLine(2, second: 2, failed: true)],
            to: directory.path + "/a")
        let tail = try LiveProcess.product(
            "authtrail", ["tail", "-f", "--operations", "--interval", "0.05", "--colour", "never", directory.path])
        defer { tail.send(signal: SIGKILL) }
        // Two failed attempts are read and the operation stays open: nothing is written for it yet.
        Thread.sleep(forTimeInterval: 1)
        #expect(tail.text.isEmpty, "an open operation was written: \(tail.text)")
        tail.send(signal: signal)
        let end = tail.waitForExit(timeout: 30)
        #expect(end.status == 0 && !end.signalled, "\(end): \(tail.errorText)")
        #expect(tail.text.contains("operation op-1 2 attempts: #1 silent failure"), "\(tail.text)")
        #expect(tail.text.split(separator: "\n").count == 1)
    }
}

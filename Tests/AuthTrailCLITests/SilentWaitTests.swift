import AuthTrailTestSupport
import Foundation
import Testing

/// No command waits without a word. Before: `authtrail report` with no path waited on the terminal silently;
/// `report --baseline OLD NEW` took both paths as the baseline and then waited on standard input; `tail -f | head`
/// noticed the closed pipe only at the next event it wrote.
@Suite("no silent waits", .serialized)
struct SilentWaitTests {
    static let trail = Result { try demoTrail("silent-wait") }

    /// Runs the binary with a pseudo-terminal as standard input (made by Python's os.openpty: the C calls are not
    /// imported into Swift on every platform), ends that input at once (Ctrl-D), and returns how it ended.
    static func runOnTerminal(_ arguments: [String]) throws -> ProcessOutput {
        let script = """
            import os, subprocess, sys
            master, terminal = os.openpty()
            child = subprocess.Popen(sys.argv[1:], stdin=terminal, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            os.close(terminal)
            os.write(master, b"\\x04")  # end of input at the start of a line, in canonical mode
            errors = child.communicate(timeout=60)[1]
            sys.stderr.buffer.write(errors)
            sys.exit(child.returncode)
            """
        let binary = ProcessRunner.productsDirectory.appendingPathComponent("authtrail").path
        return try ProcessRunner.run("python3", ["-c", script, binary] + arguments, timeLimit: 90)
    }

    @Test(
        "reading standard input from a terminal says so on standard error, once",
        .enabled(if: ProcessRunner.isAvailable("python3")),
        arguments: [
            ["report"], ["cat"], ["show", "--code=-50002"], ["verify", "-"], ["redact"], ["redact", "-"],
            ["bundle", "-o", "OUT", "-"], ["explain", "-"],
        ])
    func terminalInput(_ arguments: [String]) throws {
        let scratch = try TemporaryDirectory("silent-wait-tty")
        defer { scratch.remove() }
        let resolved = arguments.map { $0 == "OUT" ? scratch.path + "/out.zst" : $0 }
        let result = try Self.runOnTerminal(resolved)
        let notices = result.standardError.split(separator: "\n").filter { $0.contains("reading standard input") }
        #expect(!result.timedOut)
        #expect(notices.count == 1, "\(arguments): \(result.standardError)")
        #expect(notices.first?.contains("Ctrl-D") == true)
    }

    @Test("standard input that is not a terminal is read without a notice")
    func pipedInput() throws {
        let result = try ProcessRunner.authtrail(["redact"], input: Data("hello\n".utf8))
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty, "\(result.standardError)")
    }

    @Test("report --baseline OLD NEW takes OLD as the baseline and reads NEW, not standard input")
    func baselineTakesOnePath() throws {
        let trail = try Self.trail.get()
        let result = try ProcessRunner.authtrail(
            ["report", "--format", "json", "--baseline", trail, trail], input: Data(), timeLimit: 60)
        #expect(!result.timedOut)
        #expect(result.status == 0, "\(result.standardError.suffix(300))")
        let object = try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any]
        #expect(((object?["input"] as? [String: Any])?["events"] as? Int ?? 0) > 0, "NEW was read as the input")
        #expect(object?["baseline"] != nil, "the report compares with the baseline")
    }

    @Test("tail -f | head ends when head does, without waiting for another event")
    func tailFollowIntoHead() throws {
        let trail = try Self.trail.get()
        let binary = ProcessRunner.productsDirectory.appendingPathComponent("authtrail").path
        let started = Date()
        // Nothing writes to the trail: the only way out is noticing that head has gone (`timeout` stops a tail that
        // does not notice, with SIGTERM: exit 0 after 20 s, which fails below).
        let result = try ProcessRunner.run(
            "bash",
            ["-c", "set -o pipefail; timeout 20 '\(binary)' tail -f -n 3 --colour never '\(trail)' | head -n 1"],
            timeLimit: 30)
        #expect(!result.timedOut, "tail -f kept waiting after head had gone")
        #expect(Date().timeIntervalSince(started) < 15)
        #expect(result.status == 141, "\(result.status): \(result.standardError)")
        #expect(result.standardError.isEmpty, "a closed pipe is quiet: \(result.standardError)")
        #expect(result.text.split(separator: "\n").count == 1)
    }
}

import AuthTrailTestSupport
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An `authtrail-stress lifecycle` child: a process of a platform that suspends apps, playing an app or an extension.
/// The test plays the system: it posts the lifecycle notifications (the child posts them through `NotificationCenter`
/// under their real names), watches the background-execution assertions the trail asks for (`time begin/end` lines),
/// and stops the process with SIGSTOP where iOS would suspend it: outside the foreground, once no assertion is open.
final class AppShapeChild {
    let process: LiveProcess
    /// Lines read so far (a command's answer is looked for after the lines of earlier commands).
    private var consumed = 0

    init(directory: String, role: String = "app") throws {
        process = try LiveProcess.product("authtrail-stress", ["lifecycle", directory, role])
    }

    var processID: Int32 { process.processIdentifier }

    private var lines: [Substring] { process.text.split(separator: "\n", omittingEmptySubsequences: true) }

    /// Sends `command` and waits for the line that answers it (starting with `answer`); returns it.
    @discardableResult
    func run(_ command: String, answer: String, timeout: Double = 120) -> String? {
        let start = lines.count
        process.send(command)
        var found: String?
        process.waitForOutput(timeout: timeout) { text in
            let all = text.split(separator: "\n", omittingEmptySubsequences: true)
            found = all.dropFirst(start).first { $0.hasPrefix(answer) }.map(String.init)
            return found != nil
        }
        consumed = lines.count
        return found
    }

    /// Posts a notification by its raw name, as UIKit or Foundation would.
    func post(_ name: String) { run("post \(name)", answer: "posted \(name)") }

    /// Records `count` events (from another thread, as a background task does); returns the total recorded.
    @discardableResult
    func record(_ count: Int) -> Int? {
        run("record \(count)", answer: "recorded ").flatMap { Int($0.dropFirst("recorded ".count)) }
    }

    /// Background-execution assertions begun and not yet ended or expired, from what the child printed.
    var openAssertions: Int {
        var open = Set<Substring>()
        for line in lines {
            let words = line.split(separator: " ")
            guard words.count >= 3, words[0] == "time" else { continue }
            if words[1] == "begin" { open.insert(words[2]) } else { open.remove(words[2]) }
        }
        return open.count
    }

    /// Assertions begun so far.
    var assertionsBegun: Int { lines.filter { $0.hasPrefix("time begin ") }.count }

    /// Waits until the process holds no assertion (as iOS waits before it suspends an app in the background).
    func waitUntilSuspendable(timeout: Double = 120) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        // Settled: no assertion open, twice 100 ms apart (an assertion may begin right after another ended).
        while Date() < deadline {
            if openAssertions == 0 {
                usleep(100_000)
                if openAssertions == 0 { return true }
            }
            usleep(20_000)
        }
        return false
    }

    /// iOS suspends the process.
    func suspend() { process.send(signal: SIGSTOP) }
    /// iOS resumes it (a silent push, the user coming back).
    func resume() { process.send(signal: SIGCONT) }

    /// The `health …` and `activity …` lines' fields, asked for now.
    func health() -> [String: String] {
        let start = lines.count
        process.send("health")
        process.waitForOutput(timeout: 120) { text in
            text.split(separator: "\n").dropFirst(start).contains { $0.hasPrefix("activity ") }
        }
        var fields = [String: String]()
        for line in lines.dropFirst(start) where line.hasPrefix("health ") || line.hasPrefix("activity ") {
            let words = line.split(separator: " ")
            if words[0] == "activity" { fields["activity"] = String(words[1]) }
            for pair in words.dropFirst() {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
            }
        }
        return fields
    }

    /// Shuts the trail down and returns the final `health` fields.
    func shutdown() -> [String: String] {
        process.send("shutdown")
        _ = process.waitForExit(timeout: 300)
        return StressChild.health(in: process.text)
    }

    /// Ends the process as iOS ends a suspended app: SIGKILL, no shutdown.
    func jettison() {
        process.send(signal: SIGKILL)
        process.send(signal: SIGCONT)
        _ = process.waitForExit(timeout: 60)
    }
}

/// What the `zstd` tool decodes from every segment of a folder: the stress child's event attempts per operation. For
/// sealed segments: on a segment whose writer is alive, which ends inside a flushed frame, `zstd` stops with
/// "premature end" and may leave out the last blocks it decoded.
enum ZstdReadBack {
    static func attempts(in directory: String) throws -> [String: [Int]] {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
            .filter { $0.hasPrefix("authtrail-") && $0.hasSuffix(".jsonl.zst") }.sorted()
        return try attempts(in: names.map { "\(directory)/\($0)" })
    }

    /// The same for the segment files `files`, in that order.
    static func attempts(in files: [String]) throws -> [String: [Int]] {
        var result = [String: [Int]]()
        for file in files {
            let output = try ProcessRunner.run("zstd", ["-d", "-c", "-q", file])
            for line in output.text.split(separator: "\n") {
                let text = String(line)
                guard let operation = FolderContents.value(of: "operation.id", in: text, quoted: true),
                    let attempt = FolderContents.value(of: "attempt", in: text, quoted: false).flatMap({ Int($0) })
                else { continue }
                result[operation, default: []].append(attempt)
            }
        }
        return result
    }
}

import AuthTrailTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real writer process (`authtrail-stress live`) and real `authtrail tail` processes on the same folder.
@Suite("authtrail tail follows a running app's trail folder")
struct TailCommandTests {
    /// The indexes of the `event N` log lines in `text`, in order.
    private static func indexes(in text: String) -> [Int] {
        text.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: #" event [0-9]+$"#, options: .regularExpression) else { return nil }
            return Int(line[range].dropFirst(" event ".count))
        }
    }

    @Test("tail -f prints each flush as it lands, across rotations and with a filter, and SIGINT or SIGTERM exit 0")
    func followsARunningWriter() throws {
        let directory = try TemporaryDirectory("authtrail-tail")
        defer { directory.remove() }
        let folder = directory.path + "/trail"
        let batch = 40
        // 1 KiB segments: several rotations over the run.
        let writer = try LiveProcess.product("authtrail-stress", ["live", folder, String(batch), "1024"])
        defer { writer.send(signal: SIGKILL) }
        writer.send("go")
        #expect(writer.waitForOutput(timeout: 60) { $0.contains("flushed \(batch - 1)\n") }, "\(writer.errorText)")

        let all = try LiveProcess.product(
            "authtrail", ["tail", "-f", "-n", "5", "--interval", "0.05", "--colour", "never", folder])
        let errors = try LiveProcess.product(
            "authtrail", ["tail", "-f", "-n", "1", "--severity", "ERROR", "--colour", "never", folder])
        defer {
            all.send(signal: SIGKILL)
            errors.send(signal: SIGKILL)
        }
        #expect(all.waitForOutput(timeout: 60) { Self.indexes(in: $0).last == batch - 1 }, "\(all.errorText)")
        #expect(errors.waitForOutput(timeout: 60) { Self.indexes(in: $0) == [batch - 1] }, "\(errors.errorText)")
        // The log events among the last 5 lines (segment.start lines may be among them).
        #expect(Self.indexes(in: all.text).allSatisfy { $0 >= batch - 5 }, "more than the last 5 lines: \(all.text)")

        let rounds = 6
        for round in 1...rounds {
            writer.send("go")
            let last = batch * (round + 1) - 1
            #expect(writer.waitForOutput(timeout: 60) { $0.contains("flushed \(last)\n") })
            #expect(all.waitForOutput(timeout: 60) { Self.indexes(in: $0).last == last }, "round \(round): \(all.text)")
        }
        let total = batch * (rounds + 1)
        let segments = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".zst") }
        #expect(segments.count > 2, "the writer rotated")

        all.send(signal: SIGINT)
        let allEnd = all.waitForExit(timeout: 30)
        #expect(allEnd.status == 0 && !allEnd.signalled, "tail ended with \(allEnd): \(all.errorText)")
        #expect(all.errorText.isEmpty, "no torn-tail warning for a live segment: \(all.errorText)")
        let followed = Self.indexes(in: all.text)
        #expect(followed == Array((followed.first ?? 0)..<total), "every event once and in order after the first 5")
        #expect(all.text.hasSuffix("\n"), "the last line is complete")
        for line in all.text.split(separator: "\n") where line.contains(" log ") {
            #expect(
                line.range(
                    of: #"^\d{4}-\d\d-\d\dT[0-9:.]+Z [0-9a-f]{8} log (INFO|ERROR) event \d+$"#,
                    options: .regularExpression) != nil, "line format: \(line)")
        }

        #expect(errors.waitForOutput(timeout: 60) { Self.indexes(in: $0).last == total - 1 }, "\(errors.text)")
        errors.send(signal: SIGTERM)
        let errorsEnd = errors.waitForExit(timeout: 30)
        #expect(errorsEnd.status == 0 && !errorsEnd.signalled, "\(errors.errorText)")
        // -n 1: the last ERROR event (every 4th) from before it started, then those of the later rounds.
        let filtered = Self.indexes(in: errors.text)
        #expect(filtered == Array(stride(from: batch - 1, to: total, by: 4)), "\(errors.text)")

        writer.closeInput()
        #expect(writer.waitForExit(timeout: 60).status == 0)
    }

    @Test("without -f, tail prints the last N events and exits; a closed pipe ends it quietly with 141")
    func lastLinesAndClosedPipe() throws {
        let directory = try TemporaryDirectory("authtrail-tail-last")
        defer { directory.remove() }
        let folder = directory.path + "/trail"
        let writer = try LiveProcess.product("authtrail-stress", ["live", folder, "2000", "65536"])
        writer.send("go")
        writer.closeInput()
        #expect(writer.waitForExit(timeout: 120).status == 0, "\(writer.errorText)")

        let last = try ProcessRunner.authtrail(["tail", "-n", "3", folder])
        #expect(last.status == 0, "\(last.standardError)")
        #expect(Self.indexes(in: last.text) == [1997, 1998, 1999])
        #expect(!last.text.contains("\u{1B}["), "no colour when piped")
        let coloured = try ProcessRunner.authtrail(["tail", "-n", "3", "--colour", "always", folder])
        #expect(coloured.text.contains("\u{1B}["))

        // 2000 lines (about 150 KB) into `head -n 1`: tail's write fails with EPIPE once head has gone.
        let binary = ProcessRunner.productsDirectory.appendingPathComponent("authtrail").path
        let piped = try ProcessRunner.run(
            "bash", ["-c", "set -o pipefail; '\(binary)' tail -n 5000 --colour never '\(folder)' | head -n 1"])
        // 141 as every command (README.md, "Exit status"): pipefail sees the output was cut short.
        #expect(piped.status == 141, "tail | head: \(piped.standardError)")
        #expect(piped.standardError.isEmpty, "a closed pipe is not an error: \(piped.standardError)")
        #expect(piped.text.split(separator: "\n").count == 1)

        let missing = try ProcessRunner.authtrail(["tail", directory.path + "/nowhere"])
        #expect(missing.status == 66)
        #expect(missing.standardError.contains("nowhere: no such file or directory"))
    }

    @Test("tail of an MSAL log pasted as plain text prints its events as report reads them")
    func plainMSALLog() throws {
        let directory = try TemporaryDirectory("authtrail-tail-text")
        defer { directory.remove() }
        let log = directory.path + "/console.log"
        try """
        [MSAL] TID=91475 MSAL 1.3.3 iOS 17.5.1 [2024-07-12 14:59:08 - 30335059-0748-4504-B76C-27F0C99C7881] \
        Beginning interactive flow.
        [MSAL] TID=91475 MSAL 1.3.3 iOS 17.5.1 [2024-07-12 14:59:09 - 30335059-0748-4504-B76C-27F0C99C7881] \
        acquireToken returning with error: (MSALErrorDomain, -50005) Masked(not-null)

        """.write(toFile: log, atomically: true, encoding: .utf8)
        let tail = try ProcessRunner.authtrail(["tail", "--colour", "never", log])
        #expect(tail.status == 0, "\(tail.standardError)")
        let lines = tail.text.split(separator: "\n")
        #expect(lines.count == 3, "two log events and the request's end: \(tail.text)")
        #expect(lines.last?.contains("acquisition.end interactive #1 cancelled MSALErrorDomain -50005") == true)
    }

    @Test("tail -f of a console's MSAL log prints its last record once the app goes quiet, not at its next line")
    func followedConsoleLogShowsItsLastRecord() throws {
        let directory = try TemporaryDirectory("authtrail-tail-follow-text")
        defer { directory.remove() }
        let log = directory.path + "/console.log"
        let header =
            "[MSAL] TID=91475 MSAL 1.3.3 iOS 17.5.1 [2024-07-12 14:59:08 - 30335059-0748-4504-B76C-27F0C99C7881]"
        try "\(header) Beginning interactive flow.\n".write(toFile: log, atomically: true, encoding: .utf8)
        let tail = try LiveProcess.product("authtrail", ["tail", "-f", "--interval", "0.05", "--colour", "never", log])
        defer { tail.send(signal: SIGKILL) }
        #expect(
            tail.waitForOutput(timeout: 30) { $0.contains("Beginning interactive flow.") },
            "the only record, with no line after it: \(tail.errorText)")
        // The app logs its failure and is suspended (SIGSTOP, as iOS suspends an app in the background): the record
        // shows without a line after it.
        let app = try LiveProcess(
            "/bin/sh",
            [
                "-c", #"printf '%s\n' "$1" >> "$2"; kill -STOP $$"#, "app",
                "\(header) acquireToken returning with error: (MSALErrorDomain, -50005)", log,
            ])
        defer { app.send(signal: SIGKILL) }
        // With the request's end the line says the API returned.
        #expect(
            tail.waitForOutput(timeout: 30) {
                $0.contains("acquireToken returning with error")
                    && $0.contains("acquisition.end interactive #1 cancelled MSALErrorDomain -50005")
            }, "\(tail.errorText)")
        let state = try String(contentsOfFile: "/proc/\(app.processIdentifier)/stat", encoding: .utf8)
        #expect(state.split(separator: " ")[2] == "T", "the app is still suspended: \(state)")
        tail.send(signal: SIGINT)
        #expect(tail.waitForExit(timeout: 30).status == 0, "\(tail.errorText)")
    }

    @Test("tail -f reads a segment copied into the folder to its end, though it caught the copy half-way")
    func copiedSegmentIsReadToItsEnd() throws {
        let directory = try TemporaryDirectory("authtrail-tail-copy")
        defer { directory.remove() }
        let plain = directory.path + "/source.jsonl"
        let count = 3000
        // A field of random digits per line, so the compressed blocks are of like size and the first half of the
        // file holds whole blocks (a repetitive file compresses its later blocks to almost nothing).
        let lines = (0..<count).map {
            let noise = (0..<4).map { _ in String(UInt64.random(in: 0...UInt64.max), radix: 16) }.joined()
            return
                #"{"timestamp":"2026-11-22T21:56:58.123Z","schema":1,"event.name":"log","x":"\#(noise)","body":"event \#($0)"}"#
        }
        try (lines.joined(separator: "\n") + "\n").write(toFile: plain, atomically: true, encoding: .utf8)
        let zstd = try ProcessRunner.run("zstd", ["-q", plain, "-o", plain + ".zst"])
        try #require(zstd.status == 0, "\(zstd.standardError)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: plain + ".zst"))
        let folder = directory.path + "/trail"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)

        let tail = try LiveProcess.product(
            "authtrail", ["tail", "-f", "-n", "\(count)", "--interval", "0.05", "--colour", "never", folder])
        defer { tail.send(signal: SIGKILL) }
        // A copy that names no writer, its first half, then (once tail has read from it) the rest, as `cp` of a big
        // file caught half-way.
        let copy = URL(fileURLWithPath: folder + "/copied.jsonl.zst")
        try bytes.prefix(bytes.count / 2).write(to: copy)
        #expect(
            // Well within the quiet period (30 s), after which the unfinished half would be reported torn.
            tail.waitForOutput(timeout: 8) { !Self.indexes(in: $0).isEmpty },
            "tail read the first half: \(tail.errorText)")
        let handle = try FileHandle(forWritingTo: copy)
        try handle.seekToEnd()
        try handle.write(contentsOf: bytes.suffix(from: bytes.count / 2))
        try handle.close()
        #expect(
            tail.waitForOutput(timeout: 60) { Self.indexes(in: $0).last == count - 1 },
            "the last event of the copy: \(tail.errorText)")
        #expect(!tail.errorText.contains("truncated"), "\(tail.errorText)")
        tail.send(signal: SIGINT)
        #expect(tail.waitForExit(timeout: 30).status == 0, "\(tail.errorText)")
    }

    @Test(
        "a stop signal ends tail inside a file it is still reading, even one that never ends; exit 0",
        .enabled(if: FileManager.default.fileExists(atPath: "/dev/zero")),
        arguments: [["tail", "/dev/zero"], ["tail", "-f", "/dev/zero"]])
    func stopsWithinAnEndlessFile(arguments: [String]) throws {
        let tail = try LiveProcess.product("authtrail", arguments + ["--colour", "never"])
        defer { tail.send(signal: SIGKILL) }
        // Into the read of /dev/zero: past a few MiB read (as Linux's /proc tells), else after a second.
        let io = "/proc/\(tail.processIdentifier)/io"
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            guard let text = try? String(contentsOfFile: io, encoding: .utf8) else {
                Thread.sleep(forTimeInterval: 1)
                break
            }
            let read = text.split(separator: "\n").first { $0.hasPrefix("rchar:") }.flatMap {
                Int($0.dropFirst("rchar:".count).trimmingCharacters(in: .whitespaces))
            }
            if let read, read > 4 << 20 { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        tail.send(signal: SIGTERM)
        let end = tail.waitForExit(timeout: 30)
        #expect(end.status == 0 && !end.signalled, "\(arguments) ended with \(end): \(tail.errorText)")
        #expect(!tail.errorText.contains("truncated"), "a stop is not damage: \(tail.errorText)")
    }
}

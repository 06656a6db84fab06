import AuthTrail
import AuthTrailAnalysis
import AuthTrailTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `authtrail redact` reads its input a megabyte at a time; these inputs put secrets right where a chunk ends and
/// check that the output is still, byte for byte, the library's redaction of the whole text at once.
@Suite("redact streams any size of input to the output the whole text gives")
struct StreamingRedactTests {
    static let keyBytes = (0..<32).map { UInt8(($0 * 11 + 5) % 256) }
    static let redactor = Redactor(key: RedactionKey(bytes: keyBytes))
    static let email = "isaiah.langer@contoso.com"
    static let jwt =
        "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.eyJ1cG4iOiJpc2FpYWhAY29udG9zby5jb20ifQ.c3RyYWRkbGluZ19hX2NodW5r"
    static let pemBody = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQDStraddlingAChunkBoundary"
    static let address = "198.51.100.77"
    static let planted = [email, jwt, pemBody, address]

    /// About 5 MiB of NDJSON-like lines with, at each of the first four 1 MiB boundaries (the CLI's read size), an
    /// address, a token, a PEM key's body and an IP address cut in two by the boundary.
    static func text() -> String {
        var text = ""
        var line = 0
        func filler() {
            line += 1
            text +=
                #"{"event.name":"log","time":"2026-11-22T10:15:\#(10 + line % 50)Z","message":"token cache loaded, "#
                + #"\#(line % 7) accounts, correlation 5E3A1C2B-9D4F-4E6A-8B7C-\#(String(format: "%012X", line))"}"#
                + "\n"
        }
        /// Pads with one line so that `boundary` falls `offset` bytes into what `lines` append next.
        func plant(_ lines: String, crossing boundary: Int, at offset: Int) {
            while text.utf8.count < boundary - 4_000 { filler() }
            let padding = boundary - offset - text.utf8.count - 1
            text += String(repeating: "p", count: padding) + "\n" + lines
        }
        plant(
            #"{"message":"signed in as \#(email) after MFA"}"# + "\n", crossing: 1 << 20,
            at: #"{"message":"signed in as "#.utf8.count + 8)
        plant("Authorization: Bearer \(jwt)\n", crossing: 2 << 20, at: "Authorization: Bearer ".utf8.count + 40)
        plant(
            "key follows\n-----BEGIN PRIVATE KEY-----\n\(pemBody)\n-----END PRIVATE KEY-----\nafter the key\n",
            crossing: 3 << 20, at: "key follows\n-----BEGIN PRIVATE KEY-----\n".utf8.count + 20)
        plant("HTTP 400 from \(address) for this request\n", crossing: 4 << 20, at: "HTTP 400 from ".utf8.count + 5)
        while text.utf8.count < 5 << 20 { filler() }
        return text + "a last line without a newline, from \(address)"
    }

    static func writeKey(in directory: TemporaryDirectory) throws -> String {
        let path = directory.path + "/.redaction-key"
        try Data(keyBytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("a file and standard input give the library's whole-text output, secrets at chunk boundaries included")
    func largeInputMatchesWholeText() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let key = try Self.writeKey(in: directory)
        let text = Self.text()
        let path = directory.path + "/big.log"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let expected = Self.redactor.redact(text: text)

        let fromFile = try ProcessRunner.authtrail(["redact", "--key-file", key, path])
        #expect(fromFile.status == 0, "redact failed: \(fromFile.standardError)")
        #expect(fromFile.standardError.isEmpty)
        let fileOutput = fromFile.text
        let leaked = Self.planted.filter { fileOutput.contains($0) }.count
        #expect(leaked == 0, "\(leaked) planted values survived")
        let sameAsWholeText = fileOutput == expected
        #expect(sameAsWholeText, "the streamed output differs from the whole-text redaction")
        #expect(fileOutput.contains("<pem:removed>"))

        // Standard input from a file (not through ProcessRunner's pipe, which writes all input before reading output).
        let binary = ProcessRunner.productsDirectory.appendingPathComponent("authtrail").path
        let fromStandardInput = try ProcessRunner.run(
            "sh", ["-c", #"exec "$0" redact --key-file "$1" < "$2""#, binary, key, path])
        #expect(fromStandardInput.status == 0)
        let sameFromStandardInput = fromStandardInput.text == expected
        #expect(sameFromStandardInput, "standard input gave another output than the file")
    }

    @Test("each line is written as soon as it is complete, while standard input is still open")
    func linesFlowThroughAPipe() throws {
        let process = Process()
        process.executableURL = ProcessRunner.productsDirectory.appendingPathComponent("authtrail")
        process.arguments = ["redact"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
        input.fileHandleForWriting.write(Data("signed in as \(Self.email)\n".utf8))
        // Waits for the first line without closing the input: reading everything first never answers.
        var received = [UInt8]()
        let descriptor = output.fileHandleForReading.fileDescriptor
        let deadline = Date().addingTimeInterval(60)
        while !received.contains(UInt8(ascii: "\n")), Date() < deadline {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 200) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(descriptor, &buffer, buffer.count)
            if count <= 0 { break }
            received += buffer[..<count]
        }
        let line = String(decoding: received, as: UTF8.self)
        #expect(
            line.hasPrefix("signed in as <email:") && line.hasSuffix(">\n"), "no redacted line before the input ended")
    }

    @Test("a line longer than 16 MiB is written as <line:removed> with a warning naming file and line")
    func oversizedLineIsReplaced() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let key = try Self.writeKey(in: directory)
        let limit = 16 << 20
        var long = String(repeating: "word ", count: (limit + 100) / 5)
        long += "\(Self.email) " + String(repeating: "more ", count: 1000)
        let first = "before: \(Self.email)"
        let last = "after: \(Self.address)"
        let path = directory.path + "/long.log"
        try Data("\(first)\n\(long)\n\(last)\n".utf8).write(to: URL(fileURLWithPath: path))
        let result = try ProcessRunner.authtrail(["redact", "--key-file", key, path])
        #expect(result.status == 0)
        #expect(
            result.standardError
                == "authtrail: warning: \(path): line 2: longer than \(limit) bytes, written as <line:removed>\n")
        let expected =
            "\(Self.redactor.redact(text: first))\n<line:removed>\n\(Self.redactor.redact(text: last))\n"
        let matches = result.text == expected
        #expect(matches, "the lines around the long one were not redacted as before, or the long one was written")
    }

    @Test(
        "an output that cannot be written is exit code 73 with one line",
        .enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func unwritableOutput() throws {
        let result = try ProcessRunner.run(
            "sh",
            [
                "-c", #"exec "$0" redact > /dev/full"#,
                ProcessRunner.productsDirectory.appendingPathComponent("authtrail").path,
            ], input: Data("from \(Self.address)\n".utf8))
        #expect(result.status == 73)
        #expect(result.standardError.hasPrefix("authtrail: standard output: "))
        #expect(result.standardError.split(separator: "\n").count == 1)
    }
}

import AuthTrailTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One exit code per situation, the same in every command: README.md's table ("Exit status", each command on each
/// situation) is read here and every cell is run on the built binary. A row or a command the test does not know, or
/// one the README lacks, fails too, so the two cannot drift apart. Before this table, "no readable event" had five
/// answers (65 for report, show, bundle and doctor; 0 for cat and tail; verify 65, 1 or 0), and a closed pipe gave
/// 141 in cat, redact and the JSON report but 73 elsewhere.
@Suite("one exit code per situation in every command, as README's table says", .serialized)
struct ExitStatusTableTests {
    static let commands = [
        "report", "show", "cat", "tail", "bundle", "verify", "doctor", "explain", "redact", "schema", "demo",
    ]

    /// The README's table: situation -> command -> code (nil for –).
    static let readmeTable = Result { () throws -> [String: [String: Int32?]] in
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let lines = try String(contentsOf: readme, encoding: .utf8).split(separator: "\n").map(String.init)
        guard let header = lines.firstIndex(where: { $0.hasPrefix("| situation |") }) else {
            throw CocoaError(.fileReadCorruptFile)
        }
        let columns = cells(lines[header])
        var table: [String: [String: Int32?]] = [:]
        for line in lines[(header + 2)...] {
            guard line.hasPrefix("|") else { break }
            let row = cells(line)
            var codes: [String: Int32?] = [:]
            for (command, cell) in zip(columns.dropFirst(), row.dropFirst()) {
                codes.updateValue(Int32(cell), forKey: command)
            }
            table[row[0]] = codes
        }
        return table
    }

    static func cells(_ line: String) -> [String] {
        line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The inputs every situation needs, made once.
    struct Fixture: Sendable {
        var directory: String
        var trail: String
        var text: String
        var sampleApp: String
    }

    static let fixture = Result { () throws -> Fixture in
        let directory = try TemporaryDirectory("exit-table").path
        let trail = "\(directory)/trail"
        guard try ProcessRunner.authtrail(["demo", "--out", trail]).status == 0 else {
            throw CocoaError(.fileWriteUnknown)
        }
        var generator = SystemRandomNumberGenerator()
        let random = Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) })
        // Named Info.plist, so `doctor` reads each as the file it knows best; the other commands read any name.
        for (folder, bytes) in [
            ("other", Data("hello, this is neither an event nor an MSAL log line\n".utf8)), ("zero", Data()),
            ("random", random),
        ] {
            try FileManager.default.createDirectory(atPath: "\(directory)/\(folder)", withIntermediateDirectories: true)
            try bytes.write(to: URL(fileURLWithPath: "\(directory)/\(folder)/Info.plist"))
        }
        try FileManager.default.createDirectory(atPath: "\(directory)/empty", withIntermediateDirectories: true)
        try Data("user megan.bowen@contoso.com signed in\n".utf8).write(
            to: URL(fileURLWithPath: "\(directory)/paste.txt"))
        let sampleApp = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("SampleApps/ios-swift").path
        return Fixture(directory: directory, trail: trail, text: "\(directory)/paste.txt", sampleApp: sampleApp)
    }

    /// The arguments of `command` reading `input`, writing any file under `scratch`.
    static func arguments(_ command: String, input: String, scratch: String) -> [String] {
        switch command {
        case "show": ["show", "--code=-50002", input]
        case "bundle": ["bundle", "--force", "-o", "\(scratch)/out.zst", input]
        case "explain": ["explain", "--file", input]
        case "schema": ["schema", "--duckdb"]
        case "demo": ["demo", "--out", "\(scratch)/demo"]
        default: [command, input]
        }
    }

    /// The arguments of `command` on an input it reads without fault.
    static func soundArguments(_ command: String, _ fixture: Fixture, scratch: String) -> [String] {
        switch command {
        case "doctor": ["doctor", fixture.sampleApp]
        case "explain": ["explain", "-50002"]
        case "redact": ["redact", fixture.text]
        default: arguments(command, input: fixture.trail, scratch: scratch)
        }
    }

    /// How a run ended.
    struct Outcome {
        var status: Int32
        var wasSignalled: Bool
        var standardError: String

        init(status: Int32, wasSignalled: Bool, standardError: String) {
            (self.status, self.wasSignalled, self.standardError) = (status, wasSignalled, standardError)
        }

        init(_ output: ProcessOutput) {
            self.init(status: output.status, wasSignalled: output.wasSignalled, standardError: output.standardError)
        }
    }

    /// Runs `command` in `situation`; nil when the test does not know the situation.
    static func run(_ situation: String, _ command: String) throws -> Outcome? {
        let fixture = try Self.fixture.get()
        let scratchDirectory = try TemporaryDirectory("exit-table-case")
        let scratch = scratchDirectory.path
        defer { scratchDirectory.remove() }
        let input: String? =
            switch situation {
            case "an input of other text": "\(fixture.directory)/other/Info.plist"
            case "a zero-byte input": "\(fixture.directory)/zero/Info.plist"
            case "an input of random bytes": "\(fixture.directory)/random/Info.plist"
            case "an empty folder": "\(fixture.directory)/empty"
            case "a missing path": "\(fixture.directory)/missing/Info.plist"
            default: nil
            }
        if let input { return Outcome(try ProcessRunner.authtrail(arguments(command, input: input, scratch: scratch))) }
        let sound = soundArguments(command, fixture, scratch: scratch)
        switch situation {
        case "a bad option":
            // explain reads unknown words, dashes included, as the text to explain: a bad value is its bad option.
            let bad = command == "explain" ? ["--format", "no-such-format"] : ["--no-such-option"]
            return Outcome(try ProcessRunner.authtrail([sound[0]] + bad + sound.dropFirst()))
        case "standard output a pipe its reader closed":
            return try runIntoClosedPipe(sound)
        case "standard output `/dev/full`":
            return Outcome(try StandardOutputFailureTests.runToFullDevice(sound))
        case "`-o /dev/full`", "`-o` a folder":
            // Only commands with -o have a cell here; the sound arguments name its target after "-o" or add one.
            // As root, a private node of /dev/full: a binary that replaced its target cannot harm the machine's.
            let full = OutputTargetTests.privateDevice(in: scratchDirectory, name: "full", minor: 7) ?? "/dev/full"
            let target = situation == "`-o /dev/full`" ? full : scratch
            var arguments = sound
            if let index = arguments.firstIndex(of: "-o") {
                arguments[index + 1] = target
            } else {
                arguments.insert(contentsOf: ["-o", target], at: 1)
            }
            return Outcome(try ProcessRunner.authtrail(arguments))
        default:
            return nil
        }
    }

    /// Runs the binary with standard output on a pipe whose read end is already closed: every write fails (EPIPE,
    /// or SIGPIPE where it is not ignored), whatever the timing.
    static func runIntoClosedPipe(_ arguments: [String]) throws -> Outcome {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw CocoaError(.fileWriteUnknown) }
        close(ends[0])
        let process = Process()
        process.executableURL = ProcessRunner.productsDirectory.appendingPathComponent("authtrail")
        process.arguments = arguments
        let writeEnd = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
        process.standardOutput = writeEnd
        let errors = Pipe()
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try writeEnd.close()
        let standardError = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus, wasSignalled: process.terminationReason == .uncaughtSignal,
            standardError: String(decoding: standardError, as: UTF8.self))
    }

    static let situations = [
        "an input of other text", "a zero-byte input", "an input of random bytes", "an empty folder",
        "a missing path", "a bad option", "standard output a pipe its reader closed", "standard output `/dev/full`",
        "`-o /dev/full`", "`-o` a folder",
    ]

    @Test("README's table has every situation and every command the test runs, and nothing else")
    func tableShape() throws {
        let table = try Self.readmeTable.get()
        #expect(Set(table.keys) == Set(Self.situations))
        for (situation, codes) in table {
            #expect(Set(codes.keys) == Set(Self.commands), "\(situation): \(codes.keys.sorted())")
        }
    }

    @Test("every command answers README's code in every situation", arguments: situations)
    func situation(_ situation: String) throws {
        let table = try Self.readmeTable.get()
        let codes = try #require(table[situation], "README has no row \(situation)")
        for command in Self.commands {
            guard let expected = codes[command] ?? nil else { continue }
            let result = try #require(try Self.run(situation, command), "the test cannot run \(situation)")
            #expect(!result.wasSignalled, "\(command), \(situation): ended by signal \(result.status)")
            #expect(
                result.status == expected,
                "\(command), \(situation): exited \(result.status), README says \(expected): \(result.standardError.suffix(300))"
            )
            if expected == 141 {
                #expect(result.standardError.isEmpty, "\(command): a closed pipe is quiet: \(result.standardError)")
            }
            if expected == 65 || expected == 66 {
                #expect(!result.standardError.isEmpty, "\(command), \(situation): says why on standard error")
            }
        }
    }

    @Test("every command's help names the exit codes README gives it, 64 included")
    func helpNamesCodes() throws {
        let table = try Self.readmeTable.get()
        // explain's help is its own (its engineer keeps it); the root help names every code.
        for command in Self.commands where command != "explain" {
            let help = try ProcessRunner.authtrail([command, "--help"]).text
            let codes = Set(table.values.compactMap { $0[command] ?? nil })
            for code in codes where code != 0 {
                let named = help.range(of: "\\b\(code)\\b", options: .regularExpression) != nil
                #expect(named, "authtrail \(command) --help does not name exit \(code)")
            }
        }
    }
}

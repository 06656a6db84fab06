import AuthTrailTestSupport
import Foundation
import Testing

/// Every command writes standard output through one path (`StandardOutput`, write(2) on descriptor 1), so a write
/// that fails is exit status 73 with one line on standard error, in every command. `/dev/full` fails every write
/// with ENOSPC: before this path, `report`, `show`, `explain`, `schema` and `verify` printed through stdio's buffer,
/// whose failed flush at exit nobody checked, and exited 0.
@Suite("every command exits 73 when standard output cannot be written", .serialized)
struct StandardOutputFailureTests {
    /// A folder holding the demo's trail, made once.
    static let trail = Result { try demoTrail("stdout-full") }

    /// Runs `authtrail` with standard output on `/dev/full` (the shell opens it, then execs the binary).
    static func runToFullDevice(_ arguments: [String]) throws -> ProcessOutput {
        let binary = ProcessRunner.productsDirectory.appendingPathComponent("authtrail").path
        return try ProcessRunner.run(
            "/bin/sh", ["-c", #"exec "$0" "$@" > /dev/full"#, binary] + arguments, timeLimit: 120)
    }

    /// Each command, with arguments that make it write to standard output; `TRAIL` and `OUT` are filled in.
    static let commands: [String] = [
        "report TRAIL",
        "report --format json TRAIL",
        "report --format markdown TRAIL",
        "show --code=-50002 TRAIL",
        "show --code=-50002 --format json TRAIL",
        "explain -50002",
        "explain --format json -50002",
        "explain --format json hello",
        "explain Error Domain=MSALErrorDomain Code=-50002",
        "schema --duckdb",
        "schema --clickhouse",
        "verify TRAIL",
        "cat TRAIL",
        "tail TRAIL",
        "redact REDACT",
        "bundle --force -o OUT TRAIL",
        "demo --out OUT",
    ]

    @Test(
        "exit 73 and a line naming standard output",
        .enabled(if: FileManager.default.fileExists(atPath: "/dev/full")), arguments: commands)
    func fullDevice(_ command: String) throws {
        let trail = try Self.trail.get()
        let scratch = try TemporaryDirectory("stdout-full-case")
        defer { scratch.remove() }
        try Data("user megan.bowen@contoso.com signed in\n".utf8)
            .write(to: URL(fileURLWithPath: "\(scratch.path)/in.txt"))
        let arguments = command.split(separator: " ").map { word -> String in
            switch word {
            case "TRAIL": trail
            case "OUT": "\(scratch.path)/out-\(UUID().uuidString)"
            case "REDACT": "\(scratch.path)/in.txt"
            default: String(word)
            }
        }
        let result = try Self.runToFullDevice(arguments)
        #expect(!result.wasSignalled, "\(command): \(result.standardError.suffix(300))")
        #expect(result.status == 73, "\(command) exited \(result.status): \(result.standardError.suffix(300))")
        #expect(
            result.standardError.contains("authtrail: standard output: "),
            "\(command): \(result.standardError.suffix(300))")
    }

    @Test(
        "the same commands exit as before when standard output can be written",
        arguments: ["schema --duckdb", "explain -50002"])
    func writableOutput(_ command: String) throws {
        let result = try ProcessRunner.authtrail(command.split(separator: " ").map(String.init))
        #expect(result.status == 0)
        #expect(!result.standardOutput.isEmpty)
    }
}

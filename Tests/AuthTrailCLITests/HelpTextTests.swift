import AuthTrailTestSupport
import Foundation
import Testing

/// What `--help` and README promise is what the commands do.
@Suite("help texts and README say what the commands do")
struct HelpTextTests {
    static func help(_ command: String) throws -> String {
        let result = try ProcessRunner.authtrail([command, "--help"])
        try #require(result.status == 0, "\(command) --help exited \(result.status)")
        // Help wraps at the terminal's width: join the lines so phrases can be found whole.
        return result.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    static var readme: String {
        get throws {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
            return try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        }
    }

    @Test("bundle --help says the scan is the redaction engine's, not four kinds")
    func bundleScan() throws {
        let help = try Self.help("bundle")
        #expect(help.contains("redaction engine"))
        #expect(!help.contains("e-mail addresses, JSON web tokens, bearer tokens and IP addresses"))
    }

    @Test("report, cat and bundle --help say raw MSAL logs are read", arguments: ["report", "cat", "bundle"])
    func rawLogs(_ command: String) throws {
        #expect(try Self.help(command).contains("raw MSAL log"))
    }

    @Test("bundle and verify --help say - reads standard input", arguments: ["bundle", "verify"])
    func standardInput(_ command: String) throws {
        let help = try Self.help(command)
        #expect(help.contains("- for standard input") || help.contains("- reads standard input"))
    }

    @Test("schema's usage line names one engine or the other")
    func schemaUsage() throws {
        let help = try Self.help("schema")
        #expect(help.contains("USAGE: authtrail schema (--duckdb | --clickhouse)"), "\(help.prefix(300))")
        #expect(!help.contains("--duckdb --clickhouse"))
    }

    @Test("report --threads states the rule, not the processor count of the machine that printed the help")
    func threadsDefault() throws {
        let help = try Self.help("report")
        let range = try #require(help.range(of: "--threads <n>"))
        let item = help[range.upperBound...].prefix(200)
        #expect(item.contains("one per active processor"))
        #expect(!item.contains("(default: \(ProcessInfo.processInfo.activeProcessorCount))"), "\(item)")
        #expect(item.range(of: #"\(default: \d+\)"#, options: .regularExpression) == nil, "\(item)")
    }

    @Test("explain --help puts each exit code on a line of its own, 1 and 66 included")
    func explainExitCodes() throws {
        let result = try ProcessRunner.authtrail(["explain", "--help"])
        let lines = result.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.contains("Exit status:"))
        for code in ["0", "1", "2", "64", "66", "73"] {
            #expect(lines.contains { $0.hasPrefix("\(code) ") }, "exit \(code) has its own line")
        }
        // No paragraph of the discussion runs past 6 lines (the options list is not discussion: it grew by the root's
        // --version, which every subcommand's help lists).
        let paragraphs = result.text.components(separatedBy: "\n\n").filter { !$0.hasPrefix("OPTIONS:") }.map {
            $0.split(separator: "\n").count
        }
        #expect(paragraphs.allSatisfy { $0 <= 8 }, "paragraph lengths: \(paragraphs)")
    }

    @Test("redact --help gives 66 for an unreadable key file, as it exits")
    func redactKeyFile() throws {
        let help = try Self.help("redact")
        #expect(help.contains("66 when an input could not be opened or read or when --key-file cannot be read"))
        #expect(!help.contains("64 on a bad option or an unusable key file"))
        let result = try ProcessRunner.authtrail(["redact", "--key-file", "/nonexistent/key"], input: Data("x\n".utf8))
        #expect(result.status == 66)
    }

    @Test("README's explain exit codes are complete")
    func readmeExplain() throws {
        let readme = try Self.readme.split(separator: "\n").joined(separator: " ")
        let range = try #require(readme.range(of: "nothing pasted is printed in clear."))
        let text = readme[range.upperBound...].prefix(600)
        for phrase in [
            "0 when an error was recognised", "1 when a plain code", "2 when the text holds no error",
            "64 for a usage error", "66 when `--file` cannot be read", "73 when standard output",
        ] {
            #expect(text.contains(phrase), "README: \(phrase)")
        }
        #expect(readme.contains("### Exit status"))
    }
}

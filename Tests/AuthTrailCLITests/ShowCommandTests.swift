import AuthTrailTestSupport
import Foundation
import Testing

@Suite("authtrail show tells operations' stories from the demo, pastes and standard input")
struct ShowCommandTests {
    /// The demo's trail in a new temporary folder.
    static func demo() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory("show-demo")
        let result = try ProcessRunner.authtrail(["demo", "--out", "\(directory.path)/trail"])
        try #require(result.status == 0, "\(result.standardError)")
        return directory
    }

    static func json(_ result: ProcessOutput) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any])
    }

    static func stories(_ document: [String: Any]) throws -> [[String: Any]] {
        try #require(document["stories"] as? [[String: Any]])
    }

    @Test("--code finds the operations with the report's attempts of that code, told with errors, waits and logs")
    func code() throws {
        let directory = try Self.demo()
        defer { directory.remove() }
        let trail = "\(directory.path)/trail"
        let report = try Self.json(try ProcessRunner.authtrail(["report", "--format", "json", trail]))
        let patterns = try #require(report["patterns"] as? [[String: Any]])
        let counted = patterns.filter { $0["code"] as? Int == -50002 }.compactMap { $0["count"] as? Int }.reduce(0, +)
        #expect(counted > 0)
        let result = try ProcessRunner.authtrail(["show", trail, "--code=-50002", "--format", "json"])
        #expect(result.status == 0, "\(result.standardError)")
        let document = try Self.json(result)
        let stories = try Self.stories(document)
        let attempts = stories.flatMap { $0["attempts"] as? [[String: Any]] ?? [] }
        let errored = attempts.filter {
            $0["outcome"] as? String != "success" && ($0["error"] as? [String: Any])?["code"] as? Int == -50002
        }
        #expect(errored.count == counted)
        #expect(document["matched"] as? Int == stories.count)
        for story in stories {
            let verdict = try #require(story["verdict"] as? [String: Any])
            #expect(verdict["finding"] is String && verdict["summary"] is String)
            #expect(!(story["logs"] as? [Any] ?? []).isEmpty)
        }
    }

    @Test("a correlation id, an operation id and an install with a time range select the same operation")
    func selectors() throws {
        let directory = try Self.demo()
        defer { directory.remove() }
        let trail = "\(directory.path)/trail"
        let first = try Self.stories(
            try Self.json(try ProcessRunner.authtrail(["show", trail, "--code=429", "--format", "json"])))
        let story = try #require(first.first)
        let operation = try #require(story["operation_id"] as? String)
        let install = try #require(story["install_id"] as? String)
        let attempts = try #require(story["attempts"] as? [[String: Any]])
        let correlation = try #require(attempts.last?["correlation_id"] as? String)
        let start = try #require(story["start"] as? String)
        let end = try #require(story["end"] as? String)
        for selector in [
            ["--correlation-id", correlation.lowercased()], ["--operation-id", operation],
            ["--install-id", install, "--since", start, "--until", end],
        ] {
            let result = try ProcessRunner.authtrail(["show", trail, "--format", "json"] + selector)
            #expect(result.status == 0, "\(selector)")
            let stories = try Self.stories(try Self.json(result))
            #expect(stories.map { $0["operation_id"] as? String }.contains(operation), "\(selector)")
            if selector[0] != "--install-id" { #expect(stories.count == 1, "\(selector)") }
        }
    }

    @Test("text and Markdown tell the verdict and the timeline; colour only when asked; the user's e-mail never")
    func formats() throws {
        let directory = try Self.demo()
        defer { directory.remove() }
        let trail = "\(directory.path)/trail"
        let text = try ProcessRunner.authtrail(["show", trail, "--code=-50002"])
        #expect(text.status == 0)
        #expect(text.text.contains("verdict: ") && text.text.contains("attempt 1 silent failure"))
        #expect(text.text.contains("interactionRequired") && !text.text.contains("\u{1B}["))
        let coloured = try ProcessRunner.authtrail(["show", trail, "--code=-50002", "--colour", "always"])
        #expect(coloured.text.contains("\u{1B}[32m"))
        let markdown = try ProcessRunner.authtrail(["show", trail, "--code=-50002", "--format", "markdown"])
        #expect(markdown.text.contains("| time | event | details |") && markdown.text.contains("**Verdict:**"))
        // The demo signs in megan.bowen@contoso.com, and MSAL's simulated lines name her.
        for output in [text, coloured, markdown] {
            #expect(!output.text.contains("megan.bowen") && !output.text.contains("contoso.com"))
        }
        let every = try ProcessRunner.authtrail(
            ["show", trail, "--install-id", try installID(trail), "--format", "json"])
        #expect(!every.text.contains("megan.bowen"))
    }

    func installID(_ trail: String) throws -> String {
        let any = try ProcessRunner.authtrail(["show", trail, "--code=-50002", "--format", "json"])
        return try #require(try Self.stories(try Self.json(any)).first?["install_id"] as? String)
    }

    @Test("--limit tells the earliest and says how many more matched")
    func limit() throws {
        let directory = try Self.demo()
        defer { directory.remove() }
        let trail = "\(directory.path)/trail"
        let install = try installID(trail)
        let all = try Self.json(
            try ProcessRunner.authtrail(["show", trail, "--install-id", install, "--format", "json"]))
        let matched = try #require(all["matched"] as? Int)
        #expect(matched > 2)
        let limited = try ProcessRunner.authtrail(["show", trail, "--install-id", install, "--limit", "2"])
        #expect(limited.status == 0)
        #expect(limited.text.contains("\(matched) operations matched; showing the earliest 2 (\(matched - 2) more"))
        let json = try Self.json(
            try ProcessRunner.authtrail(["show", trail, "--install-id", install, "--limit", "2", "--format", "json"]))
        let allStories = try Self.stories(all)
        #expect(json["matched"] as? Int == matched && json["shown"] as? Int == 2)
        #expect(
            try Self.stories(json).map { $0["operation_id"] as? String }
                == allStories.prefix(2).map { $0["operation_id"] as? String })
    }

    @Test("standard input tells the same stories as the file")
    func standardInput() throws {
        let directory = try Self.demo()
        defer { directory.remove() }
        let trail = "\(directory.path)/trail"
        let segment = try #require(
            try FileManager.default.contentsOfDirectory(atPath: trail).first { $0.hasSuffix(".zst") })
        let fromFile = try ProcessRunner.authtrail(["show", "\(trail)/\(segment)", "--code=-50002", "--format", "json"])
        let fromInput = try ProcessRunner.authtrail(
            ["show", "-", "--code=-50002", "--format", "json"],
            input: try Data(contentsOf: URL(fileURLWithPath: "\(trail)/\(segment)")))
        #expect(fromInput.status == 0, "\(fromInput.standardError)")
        #expect(fromInput.text == fromFile.text)
    }

    @Test("a raw MSAL log paste: the refused silent request and the cancelled interactive one, redacted")
    func rawPaste() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (plain, _) = try RawLogCommandTests.files(in: directory)
        for format in ["text", "json"] {
            let result = try ProcessRunner.authtrail(
                ["show", plain, "--correlation-id", "66666666-7777-8888-9999-aaaaaaaaaaaa", "--format", format])
            #expect(result.status == 0, "\(result.standardError)")
            #expect(!result.text.contains(RawLogCommandTests.email) && !result.text.contains(RawLogCommandTests.jwt))
            #expect(result.text.contains("user_cancelled") || result.text.contains("the user cancelled"))
        }
        // From standard input the install is `raw:stdin`, as in the report.
        let piped = try ProcessRunner.authtrail(
            ["show", "-", "--code=-50005", "--format", "json"], input: Data(RawLogCommandTests.paste.utf8))
        #expect(piped.status == 0, "\(piped.standardError)")
        #expect(try Self.stories(try Self.json(piped)).first?["install_id"] as? String == "raw:stdin")
    }

    @Test("exit codes: 1 when nothing matched, 66 for a missing input, 65 for no events, 64 without a selector")
    func exitCodes() throws {
        let directory = try Self.demo()
        defer { directory.remove() }
        let trail = "\(directory.path)/trail"
        let none = try ProcessRunner.authtrail(["show", trail, "--operation-id", "no-such-operation"])
        #expect(none.status == 1 && none.text.contains("No operation matched."))
        let missing = try ProcessRunner.authtrail(["show", "\(directory.path)/missing.zst", "--code=429"])
        #expect(missing.status == 66 && missing.standardError.contains("missing.zst"))
        let empty = "\(directory.path)/empty.zst"
        try Data().write(to: URL(fileURLWithPath: empty))
        let noEvents = try ProcessRunner.authtrail(["show", empty, "--code=429"])
        #expect(noEvents.status == 65 && noEvents.standardError.contains("no AuthTrail events"))
        let noSelector = try ProcessRunner.authtrail(["show", trail])
        #expect(noSelector.status == 64)
    }
}

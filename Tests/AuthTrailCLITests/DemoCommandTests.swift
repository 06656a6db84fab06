import AuthTrailTestSupport
import Foundation
import Testing

@Suite("authtrail demo")
struct DemoCommandTests {
    @Test("the demo writes segments that zstd verifies, whose lines are JSON, and reports every article case")
    func demoEndToEnd() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let out = directory.path + "/demo"
        let demo = try ProcessRunner.authtrail(["demo", "--out", out])
        #expect(demo.status == 0, "demo failed: \(demo.standardError)")

        let segments = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".jsonl.zst") }
        try #require(!segments.isEmpty)
        try #require(ProcessRunner.isAvailable("jq"), "jq is part of the test environment (README)")
        // The demo's own account of what it wrote: `… (health: N events written, 0 lost)`.
        let written = try #require(
            demo.text.firstMatch(of: /health: (\d+) events written, 0 lost/).flatMap { Int($0.output.1) })
        var lineCount = 0
        for segment in segments {
            let path = "\(out)/\(segment)"
            let test = try ProcessRunner.run("zstd", ["-t", "-q", path])
            #expect(test.status == 0, "zstd -t \(segment): \(test.standardError)")
            let decoded = try ProcessRunner.run("zstd", ["-d", "-c", "-q", path])
            let lines = decoded.text.split(separator: "\n")
            lineCount += lines.count
            var objects: [NSDictionary] = []
            for line in lines {
                let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? NSDictionary
                #expect(object?["event.name"] is String, "not an event: \(line.prefix(80))")
                objects.append(object ?? [:])
            }
            #expect((objects.first?["event.name"] as? String) == "segment.start", "\(segment) opens with segment.start")
            #expect(
                (objects.dropFirst().first?["event.name"] as? String) == "app.configuration",
                "\(segment) records the demo app's set-up second")
            // jq reads every line as the same JSON object.
            let jq = try ProcessRunner.run("jq", ["-c", "."], input: decoded.standardOutput)
            #expect(jq.status == 0)
            let reread = try jq.text.split(separator: "\n").map {
                try JSONSerialization.jsonObject(with: Data($0.utf8)) as? NSDictionary ?? [:]
            }
            #expect(reread == objects, "\(segment)")
        }
        // Every event written, and one segment.start and one app.configuration per segment: nothing more, nothing
        // less.
        #expect(written > 20)
        #expect(lineCount == written + 2 * segments.count)

        // Each of the article's cases appears in the report, with its name and recommended action.
        for expected in [
            "interactionRequired", "serverDeclinedScopes", "notConnectedToInternet", "-42007", "429", "-42011",
            "userCanceled", "serverProtectionPoliciesRequired", "AADSTS50076",
            "acquire the token interactively", "continue with the granted scopes", "wait for the Retry-After interval",
            "remediate compliance",
            // The set-up mistake the demo plants, named beside the pattern it causes.
            "MSALErrorDomain -50000/-42011 (internalErrorInvalidRedirectURI) on 1 of its 1 attempts: the redirect URI "
                + "msauth.com.contoso.demoapp://auth does not match the bundle id com.contoso.demo",
        ] {
            #expect(demo.text.contains(expected), "report lacks \(expected)")
        }
        // The same report comes from `authtrail report` over the folder: the demo prints it whole, between its
        // `Wrote …` line and its `Read the raw events …` hint.
        let report = try ProcessRunner.authtrail(["report", out])
        #expect(report.status == 0)
        #expect(report.text.count > 500)
        let header = try #require(demo.text.range(of: "\n\n"))
        let footer = try #require(demo.text.range(of: "\nRead the raw events with: ", options: .backwards))
        // Blank lines around it aside (the demo prints one before its hint).
        let printed = String(demo.text[header.upperBound..<footer.lowerBound])
        #expect(printed.trimmingCharacters(in: .newlines) == report.text.trimmingCharacters(in: .newlines))
    }

    @Test("the demo's logs hold no end-user identifier in clear")
    func demoIsRedacted() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let out = directory.path + "/demo"
        #expect(try ProcessRunner.authtrail(["demo", "--out", out]).status == 0)
        let segments = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".zst") }
        try #require(!segments.isEmpty)
        for segment in segments {
            let text = try ProcessRunner.run("zstd", ["-d", "-c", "-q", "\(out)/\(segment)"]).text
            #expect(!text.contains("megan.bowen@contoso.com"), "an email address was written in clear")
            #expect(
                text.range(of: #"User: <(email|username):[0-9a-f]+>"#, options: .regularExpression) != nil,
                "the user's address was replaced by a keyed pseudonym")
        }
    }

    @Test("report on a missing path fails with a one-line error and exit code 66")
    func missingInput() throws {
        let result = try ProcessRunner.authtrail(["report", "/nonexistent/authtrail"])
        #expect(result.status == 66)
        #expect(result.standardError.contains("/nonexistent/authtrail: no such file or directory"))
        #expect(result.standardError.split(separator: "\n").count == 1)
    }
}

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
        #expect(!segments.isEmpty)
        for segment in segments {
            let path = "\(out)/\(segment)"
            let test = try ProcessRunner.run("zstd", ["-t", "-q", path])
            #expect(test.status == 0, "zstd -t \(segment): \(test.standardError)")
            let decoded = try ProcessRunner.run("zstd", ["-d", "-c", "-q", path])
            let lines = decoded.text.split(separator: "\n")
            #expect(lines.count > 20)
            for line in lines {
                let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                #expect(object?["event.name"] is String, "not an event: \(line.prefix(80))")
            }
            if ProcessRunner.isAvailable("jq") {
                let jq = try ProcessRunner.run("jq", ["-c", "."], input: decoded.standardOutput)
                #expect(jq.status == 0 && jq.text.split(separator: "\n").count == lines.count)
            }
        }

        // Each of the article's cases appears in the report, with its name and recommended action.
        for expected in [
            "interactionRequired", "serverDeclinedScopes", "notConnectedToInternet", "-42007", "429", "-42011",
            "userCanceled", "serverProtectionPoliciesRequired", "AADSTS50076",
            "acquire the token interactively", "continue with the granted scopes", "wait for the Retry-After interval",
            "remediate compliance",
        ] {
            #expect(demo.text.contains(expected), "report lacks \(expected)")
        }
        // The same report comes from `authtrail report` over the folder.
        let report = try ProcessRunner.authtrail(["report", out])
        #expect(report.status == 0)
        #expect(report.text.contains("interactive") && report.text.contains("silent"))
    }

    @Test("the demo's logs hold no end-user identifier in clear")
    func demoIsRedacted() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let out = directory.path + "/demo"
        #expect(try ProcessRunner.authtrail(["demo", "--out", out]).status == 0)
        let segments = try directory.files(withSuffix: "").isEmpty ? [] : FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".zst") }
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

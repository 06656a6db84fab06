import AuthTrailTestSupport
import Foundation
import Testing

/// The support workflow on the demo's trail, whose app records a set-up with one planted mistake (a redirect URI
/// that does not match the bundle id): `report`, `bundle` and `explain --trail` each name it next to the error it
/// causes, through the real binary.
@Suite("the recorded set-up's mistake is named by report, bundle and explain --trail", .serialized)
struct SetupWorkflowTests {
    static let planted =
        "the redirect URI msauth.com.contoso.demoapp://auth does not match the bundle id com.contoso.demo"

    final class Demo: Sendable {
        let directory: TemporaryDirectory
        let trail: String
        let bundle: String
        let bundleOutput: String

        init() throws {
            directory = try TemporaryDirectory("setup-workflow")
            trail = "\(directory.path)/trail"
            bundle = "\(directory.path)/ticket.authtrail.zst"
            guard try ProcessRunner.authtrail(["demo", "--out", trail]).status == 0 else {
                throw CocoaError(.fileWriteUnknown)
            }
            let written = try ProcessRunner.authtrail(["bundle", "-o", bundle, trail])
            guard written.status == 0 else { throw CocoaError(.fileWriteUnknown) }
            bundleOutput = written.text
        }
    }

    static let demo = Result { try Demo() }

    @Test("report names the cause beside the pattern in text, Markdown, HTML and JSON, from the folder and the bundle")
    func report() throws {
        let demo = try Self.demo.get()
        for input in [demo.trail, demo.bundle] {
            for format in ["text", "markdown", "html"] {
                let result = try ProcessRunner.authtrail(["report", "--format", format, input])
                #expect(result.status == 0)
                #expect(result.text.contains("on 1 of its 1 attempts: " + Self.planted), "\(format) of \(input)")
            }
            let json = try ProcessRunner.authtrail(["report", "--format", "json", input])
            let object = try #require(try JSONSerialization.jsonObject(with: json.standardOutput) as? [String: Any])
            let patterns = try #require(object["patterns"] as? [[String: Any]])
            let explained = patterns.filter { $0["causes"] != nil }
            #expect(explained.map { $0["subcode"] as? Int } == [-42011])
            let causes = try #require(explained.first?["causes"] as? [[String: Any]])
            #expect(causes.first?["rule"] as? String == "redirect-uri-bundle-mismatch")
            let stsExplained = (object["sts_patterns"] as? [[String: Any]] ?? []).filter { $0["causes"] != nil }
            #expect(stsExplained.isEmpty, "no attempt of the demo carries AADSTS50011")
        }
    }

    @Test("bundle prints the finding and keeps it in the manifest; explain --trail names the mistake behind the code")
    func bundleAndExplain() throws {
        let demo = try Self.demo.get()
        #expect(demo.bundleOutput.contains("Set-up finding (redirect-uri-bundle-mismatch)"))
        #expect(demo.bundleOutput.contains("authtrail explain -42011 AADSTS50011"))

        for trail in [demo.trail, demo.bundle] {
            let explained = try ProcessRunner.authtrail(["explain", "-42011", "--trail", trail])
            #expect(explained.status == 0)
            #expect(explained.text.contains("The recorded set-up (\(trail)) causes it:"))
            #expect(explained.text.contains(Self.planted))
        }
        // An error the mistake does not cause is not blamed on it.
        let other = try ProcessRunner.authtrail(["explain", "-50002", "--trail", demo.trail])
        #expect(other.status == 0)
        #expect(other.text.contains("causes none of these errors"))
        #expect(!other.text.contains(Self.planted))

        let json = try ProcessRunner.authtrail(["explain", "--format", "json", "AADSTS50011", "--trail", demo.bundle])
        let object = try #require(try JSONSerialization.jsonObject(with: json.standardOutput) as? [String: Any])
        let causes = try #require(object["setupCauses"] as? [[String: Any]])
        #expect(causes.map { $0["rule"] as? String } == ["redirect-uri-bundle-mismatch"])
        #expect(causes.first?["explains"] as? [String] == ["AADSTS50011"])
    }

    @Test("the README shows the demo report's set-up section exactly as the binary prints it")
    func readmeExample() throws {
        let demo = try Self.demo.get()
        let report = try ProcessRunner.authtrail(["report", demo.trail])
        let lines = report.text.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.hasPrefix("Set-up causes") })
        let end = try #require(lines[start...].firstIndex { $0.isEmpty })
        let section = lines[start..<end].joined(separator: "\n")
        let readme = try HelpTextTests.readme
        #expect(readme.contains("$ authtrail report authtrail-demo\n…\n" + section + "\n```"))
    }

    @Test("an unreadable --trail is one line naming it, exit 66, nothing on standard output")
    func unreadableTrail() throws {
        let demo = try Self.demo.get()
        let missing = "\(demo.directory.path)/no-such-trail"
        let result = try ProcessRunner.authtrail(["explain", "-42011", "--trail", missing])
        #expect(result.status == 66)
        #expect(result.standardOutput.isEmpty)
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.contains(missing) == true)
    }
}

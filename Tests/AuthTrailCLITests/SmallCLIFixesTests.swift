import AuthTrailTestSupport
import Foundation
import Testing

/// The small gaps of issue 33, each on the built binary. Before: `show --limit` of 2^62 trapped (arithmetic
/// overflow); `redact -` read a file named `-`; there was no `--version`; `demo --out ''` wrote into the current
/// folder and reported "0 segments to /"; the Markdown report passed raw HTML from device fields through.
@Suite("small CLI fixes")
struct SmallCLIFixesTests {
    @Test(
        "show --limit past the largest accepted value is a usage error, not a trap",
        arguments: ["4611686018427387904", "9223372036854775807"])
    func hugeLimit(_ limit: String) throws {
        let scratch = try TemporaryDirectory("small-limit")
        defer { scratch.remove() }
        let result = try ProcessRunner.authtrail(["show", "--code=-50002", "--limit", limit, scratch.path])
        #expect(!result.wasSignalled, "show --limit \(limit) crashed")
        #expect(result.status == 64, "\(result.status): \(result.standardError.suffix(300))")
        #expect(result.standardError.contains("--limit \(limit): expected at most"))
    }

    @Test("redact - reads standard input")
    func redactDash() throws {
        let scratch = try TemporaryDirectory("small-redact")
        defer { scratch.remove() }
        let result = try ProcessRunner.authtrail(
            ["redact", "-"], input: Data("signed in as megan.bowen@contoso.com\n".utf8),
            currentDirectory: scratch.path)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.text.hasPrefix("signed in as <email:"), "\(result.text)")
        #expect(!result.text.contains("megan.bowen"))
    }

    @Test("--version prints the library's version")
    func version() throws {
        let result = try ProcessRunner.authtrail(["--version"])
        #expect(result.status == 0)
        let version = result.text.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(version.range(of: #"^\d+\.\d+\.\d+$"#, options: .regularExpression) != nil, "\(result.text)")
        // The same version the bundle manifest records as the tool's.
        let help = try ProcessRunner.authtrail(["--help"]).text
        #expect(help.contains("--version"))
    }

    @Test("demo --out '' is a usage error and writes nothing")
    func demoEmptyOut() throws {
        let scratch = try TemporaryDirectory("small-demo")
        defer { scratch.remove() }
        let result = try ProcessRunner.authtrail(["demo", "--out", ""], currentDirectory: scratch.path)
        #expect(result.status == 64, "\(result.status): \(result.text.prefix(200))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty)
    }

    @Test("the Markdown report writes HTML from device fields as text")
    func markdownEscapesHTML() throws {
        let scratch = try TemporaryDirectory("small-markdown")
        defer { scratch.remove() }
        var release = ReleaseFleet.candidate
        release.appVersion = "<img src=x onerror=alert(1)>&amp"
        release.installs = 2
        try ReleaseFleet.write(release, into: scratch.path)
        let result = try ProcessRunner.authtrail(["report", "--format", "markdown", scratch.path])
        #expect(result.status == 0, "\(result.standardError.suffix(300))")
        #expect(result.text.contains("&lt;img src=x onerror=alert(1)>&amp;amp"), "the value is shown, escaped")
        #expect(!result.text.contains("<img"), "raw HTML passed through")
        // The report's own text keeps its bytes: `p < 0.05` cannot become markup.
        #expect(result.text.contains("p < 0.05") && !result.text.contains("p &lt; 0.05"))
    }

    @Test("show's Markdown writes HTML, pipes, backticks and line breaks from device fields as text")
    func showMarkdownEscapes() throws {
        let scratch = try TemporaryDirectory("small-show-markdown")
        defer { scratch.remove() }
        let operation = #""install.id":"inst-1","operation.id":"op`1|<b>x""#
        let ids = operation + #","msal.correlation_id":"11111111-2222-3333-4444-555555555555""#
        let lines = [
            #"{"timestamp":"2026-11-26T10:00:00.000Z","schema":1,"event.name":"acquisition.start",\#(ids),"#
                + #""attempt":1,"acquisition.kind":"silent"}"#,
            #"{"timestamp":"2026-11-26T10:00:00.500Z","schema":1,"event.name":"log","severity_text":"WARN","#
                + #"\#(ids),"body":"<script>alert(1)</script>\nsecond | line"}"#,
            #"{"timestamp":"2026-11-26T10:00:01.000Z","schema":1,"event.name":"acquisition.end",\#(ids),"#
                + #""attempt":1,"acquisition.kind":"silent","outcome":"failure","error.domain":"MSALErrorDomain","#
                + #""error.code":-50002,"oauth.error":"<img src=x onerror=alert(1)>","duration_ms":1000}"#,
        ]
        let path = "\(scratch.path)/trail.jsonl"
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let result = try ProcessRunner.authtrail(["show", "--code=-50002", "--format", "markdown", path])
        #expect(result.status == 0, "\(result.standardError.suffix(300))")
        // The operation id in a code span longer than its backtick, where nothing is markup: shown as written.
        let heading = "## Operation ``op`1|<b>x`` on install `inst-1`"
        #expect(result.text.contains(heading))
        let rest = result.text.replacingOccurrences(of: heading, with: "")
        #expect(!rest.contains("<img") && !rest.contains("<script") && !rest.contains("<b>"))
        #expect(rest.contains("OAuth &lt;img src=x onerror=alert(1)>"))
        #expect(rest.contains("| &lt;script>alert(1)&lt;/script> second \\| line |"), "one row, one cell")
    }

    @Test("doctor's Markdown writes HTML and pipes from the app's names as text")
    func doctorMarkdownEscapes() throws {
        let scratch = try TemporaryDirectory("small-doctor-markdown")
        defer { scratch.remove() }
        let app = "\(scratch.path)/Evil<img src=x onerror=alert(1)>App"
        try FileManager.default.createDirectory(atPath: app, withIntermediateDirectories: true)
        let plist =
            #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>CFBundleIdentifier</key>"#
            + "<string>com.contoso.&lt;b&gt;evil|app</string></dict></plist>\n"
        try plist.write(toFile: "\(app)/Info.plist", atomically: true, encoding: .utf8)
        let result = try ProcessRunner.authtrail(["doctor", "--format", "markdown", app])
        #expect(result.status == 0, "\(result.standardError.suffix(300))")
        #expect(result.text.contains("## Evil&lt;img src=x onerror=alert(1)>App (com.contoso.&lt;b>evil\\|app)"))
        #expect(!result.text.contains("<img") && !result.text.contains("<b>"))
    }
}

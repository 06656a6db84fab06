import AuthTrailTestSupport
import Foundation
import Testing

/// `authtrail doctor` as the binary runs it: what it prints in each format and the documented exit codes.
@Suite("authtrail doctor")
struct DoctorCommandTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SampleApps").path

    @Test("a correct sample project: no findings, exit 0", arguments: ["ios-swift", "ios-b2c", "macos"])
    func correctSample(_ sample: String) throws {
        let result = try ProcessRunner.authtrail(["doctor", "\(Self.samples)/\(sample)"])
        #expect(result.status == 0, "\(result.text)\(result.standardError)")
        #expect(result.text.hasSuffix("no findings\n"))
        #expect(result.standardError.isEmpty)
    }

    @Test("a planted mistake: the finding with where, errors, the explain command and the fix; exit 1")
    func finding() throws {
        let result = try ProcessRunner.authtrail(["doctor", "\(Self.samples)/issues/scene-hand-off"])
        #expect(result.status == 1)
        let text = result.text
        #expect(text.contains("1. [response-hand-off-missing] the app uses scenes"))
        #expect(text.contains("where:  \(Self.samples)/issues/scene-hand-off/SceneDelegate.swift:3"))
        #expect(
            text.contains(
                "error:  MSALErrorDomain -50000 internal with MSALInternalErrorCodeKey -42700 "
                    + "internalErrorBrokerResponseNotReceived"))
        #expect(text.contains("authtrail explain -42700"))
        #expect(text.contains("fix:    call MSALPublicClientApplication.handleMSALResponse"))
        #expect(text.hasSuffix("1 finding\n"))
    }

    @Test("the explain command a finding prints is one explain answers")
    func explainLink() throws {
        let result = try ProcessRunner.authtrail(["explain", "-42700"])
        #expect(result.status == 0)
        #expect(result.text.contains("internalErrorBrokerResponseNotReceived"))
    }

    @Test("Markdown and JSON carry the same finding")
    func formats() throws {
        let path = "\(Self.samples)/issues/b2c-known-authorities"
        let markdown = try ProcessRunner.authtrail(["doctor", "--format", "markdown", path])
        #expect(markdown.status == 1)
        #expect(markdown.text.hasPrefix("# authtrail doctor\n\n1 finding."))
        #expect(markdown.text.contains("| `authority-not-known` |"))
        let json = try ProcessRunner.authtrail(["doctor", "--format", "json", path])
        #expect(json.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: json.standardOutput) as? [String: Any])
        #expect(object["finding_count"] as? Int == 1)
    }

    @Test(
        "bad input: one line naming the file, and the documented exit status",
        arguments: [
            ("/nonexistent/App.entitlements", 66, "/nonexistent/App.entitlements: no such file or folder"),
            ("ipa/not-an-app.ipa", 65, "not-an-app.ipa: a zip archive of 1 entries with no Payload"),
            ("ios-swift/SOURCE.md", 65, "SOURCE.md: not part of an app's set-up"),
        ])
    func badInput(path: String, status: Int32, message: String) throws {
        let full = path.hasPrefix("/") ? path : "\(Self.samples)/\(path)"
        let result = try ProcessRunner.authtrail(["doctor", full])
        #expect(result.status == status)
        #expect(result.text.isEmpty)
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("authtrail: doctor: ") == true)
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }

    @Test(
        "standard output that cannot be written is exit 73",
        .enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func fullDevice() throws {
        let binary = ProcessRunner.productsDirectory.appendingPathComponent("authtrail").path
        let result = try ProcessRunner.run(
            "/bin/sh", ["-c", #"exec "$0" "$@" > /dev/full"#, binary, "doctor", "\(Self.samples)/macos"])
        #expect(result.status == 73)
        #expect(result.standardError.hasPrefix("authtrail: standard output:"))
    }

    @Test("the README shows doctor's output on the issue-thread set-up exactly as the binary prints it")
    func readmeExample() throws {
        let result = try ProcessRunner.authtrail(
            ["doctor", "scene-hand-off"], currentDirectory: "\(Self.samples)/issues")
        #expect(result.status == 1)
        let readme = try HelpTextTests.readme
        #expect(readme.contains("$ authtrail doctor scene-hand-off"))
        #expect(readme.contains(result.text), "README.md's doctor example differs from the output")
    }

    @Test("--help lists each exit code on a line of its own")
    func help() throws {
        let result = try ProcessRunner.authtrail(["doctor", "--help"])
        #expect(result.status == 0)
        let codes = ["0   no finding", "1   at least one finding", "65  an input is not usable", "66  a path does not"]
        for code in codes {
            #expect(result.text.contains(code), "\(code)")
        }
    }

    @Test("a project whose Info.plist is not in the repository is judged on the rest, the file listed as not found")
    func missingInfoPlist() throws {
        let directory = try TemporaryDirectory("authtrail-doctor-missing")
        defer { directory.remove() }
        let copy = directory.path + "/ios-swift"
        try FileManager.default.copyItem(atPath: "\(Self.samples)/ios-swift", toPath: copy)
        // As a repository that ignores its Info.plist (it holds secrets) is cloned.
        try FileManager.default.removeItem(atPath: copy + "/MSALiOS/Info.plist")
        let result = try ProcessRunner.authtrail(["doctor", copy])
        #expect(result.status == 0, "\(result.text)\(result.standardError)")
        #expect(result.text.contains("MSALiOS (iOS, com.microsoft.identitysample.MSALiOS)"), "\(result.text)")
        #expect(result.text.contains("not checked: redirect-scheme-not-registered: no Info.plist was read"))
        #expect(
            result.text.contains(
                "not found: \(copy)/MSALiOS/Info.plist (named by \(copy)/MSALiOS.xcodeproj/project.pbxproj: "
                    + "MSALiOS: INFOPLIST_FILE)"))
        let json = try ProcessRunner.authtrail(["doctor", "--format", "json", copy])
        let object = try #require(try JSONSerialization.jsonObject(with: json.standardOutput) as? [String: Any])
        let setup = try #require((object["setups"] as? [[String: Any]])?.first)
        let missing = try #require((setup["missing_files"] as? [[String: Any]])?.first)
        #expect(missing["file"] as? String == copy + "/MSALiOS/Info.plist")
    }

    @Test("a folder whose only app cannot be read is not 'no findings': the report, one error line, exit 65")
    func nothingJudged() throws {
        let directory = try TemporaryDirectory("authtrail-doctor-unread")
        defer { directory.remove() }
        let copy = directory.path + "/ios-swift"
        try FileManager.default.copyItem(atPath: "\(Self.samples)/ios-swift", toPath: copy)
        try Data("<plist><dict><key>broken".utf8).write(to: URL(fileURLWithPath: copy + "/MSALiOS/Info.plist"))
        let result = try ProcessRunner.authtrail(["doctor", copy])
        #expect(result.status == 65, "\(result.text)\(result.standardError)")
        #expect(result.text.contains("MSALiOS.xcodeproj: skipped (not read: \(copy)/MSALiOS/Info.plist"))
        #expect(result.text.hasSuffix("no findings: every set-up was skipped, none was judged\n"))
        let lines = result.standardError.split(separator: "\n")
        #expect(
            lines.count == 1 && lines[0].hasPrefix("authtrail: doctor: no app was judged: \(copy)/MSALiOS/Info.plist"))

        // Beside an app that is judged, the one not read is listed and the exit status is the findings'.
        try FileManager.default.copyItem(atPath: "\(Self.samples)/macos", toPath: directory.path + "/macos")
        let both = try ProcessRunner.authtrail(["doctor", directory.path])
        #expect(both.status == 0, "\(both.text)\(both.standardError)")
        #expect(both.text.contains("skipped (not read: ") && both.text.hasSuffix("no findings\n"))
        #expect(both.standardError.isEmpty)
    }
}

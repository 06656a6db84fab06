import AuthTrail
import AuthTrailAnalysis
import AuthTrailTestSupport
import Foundation
import Testing

/// The report connects a failure pattern to the set-up the app recorded: real trails written by `Trail`, each
/// segment opening with its `app.configuration` line.
@Suite("a failure pattern names the recorded set-up that explains it")
struct SetupCauseTests {
    static let bundleID = "com.contoso.app"
    /// What MSAL hands the app when the redirect scheme is not registered: -50000 with sub-code -42001.
    static let schemeNotRegistered = NSError(
        domain: "MSALErrorDomain", code: -50000, userInfo: [MSALUserInfoKey.internalErrorCode: -42001])

    /// A trail in `directory` for an iOS app registering `schemes`, with `failures` failed acquisitions and one
    /// success.
    static func writeTrail(in directory: URL, schemes: [String], failures: Int, appVersion: String = "1.0") throws {
        var configuration = TrailConfiguration(
            directory: directory, app: AppInfo(identifier: bundleID, version: appVersion),
            msal: MSALSetup(version: "1.6.1", authorities: [URL(string: "https://login.microsoftonline.com/common")!]))
        configuration.appConfigurationSource = AppConfigurationSource(
            bundle: {
                AppBundleFacts(bundleID: bundleID, urlSchemes: schemes, queriesSchemes: ["msauthv2", "msauthv3"])
            },
            environment: { [:] }, platform: "iOS", keychain: nil)
        let trail = try Trail(configuration: configuration)
        for _ in 0..<failures {
            trail.beginAcquisition(.interactive, scopes: ["User.Read"]).failed(schemeNotRegistered)
        }
        trail.beginAcquisition(.silent, scopes: ["User.Read"]).succeeded()
        #expect(trail.shutdown(timeout: .testWait))
    }

    @Test("only the attempts of devices whose recorded set-up has the mistake are explained, on any thread count")
    func causeCountsOnlyTheMisconfiguredDevices() throws {
        let directory = try TemporaryDirectory("authtrail-setup-cause")
        defer { directory.remove() }
        // Three devices forgot the msauth scheme; two registered it and still failed the same way (another cause).
        for device in 0..<3 {
            try Self.writeTrail(
                in: directory.url.appendingPathComponent("wrong-\(device)"), schemes: ["com.contoso.app"], failures: 4)
        }
        for device in 0..<2 {
            try Self.writeTrail(
                in: directory.url.appendingPathComponent("right-\(device)"), schemes: ["msauth.com.contoso.app"],
                failures: 1)
        }
        let (report, problems) = Report.build(paths: [directory.path], threads: 1)
        #expect(problems.isEmpty)
        let pattern = try #require(report.patterns.first { $0.code == -50000 && $0.subcode == -42001 })
        #expect(pattern.count == 14)
        let causes = try #require(pattern.causes)
        #expect(causes.map(\.rule) == ["redirect-scheme-not-registered"])
        #expect(causes.first?.attempts == 12)
        #expect(causes.first?.bundleID == Self.bundleID)
        #expect(causes.first?.problem.contains("does not register msauth.com.contoso.app") == true)

        let setups = try #require(report.setups)
        #expect(setups.map(\.devices) == [3, 2])
        #expect(setups[0].findings.map(\.rule) == ["redirect-scheme-not-registered"])
        #expect(setups[0].findings.first?.explain.first == "-42001")
        #expect(setups[1].findings.isEmpty)
        #expect(setups.map(\.events) == [3, 2], "one app.configuration per segment")

        // Sharded counting merges to the same report.
        #expect(Report.build(paths: [directory.path], threads: 2).report == report)
        // So does a bundle of the same trails, whose set-up events wait for their install's turn.
        let bundles = try TemporaryDirectory("authtrail-setup-cause-bundle")
        defer { bundles.remove() }
        let bundle = "\(bundles.path)/ticket.authtrail.zst"
        _ = try BundleWriter(toolVersion: "test").write(paths: [directory.path], to: bundle, force: false)
        let fromBundle = Report.build(paths: [bundle]).report
        // The bundle's manifest (its first, skippable frame) carries the doctor's findings for the set-ups recorded.
        let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: bundle)))
        let size = data[4..<8].reversed().reduce(0) { $0 << 8 | Int($1) }
        let manifest = try #require(data[8..<(8 + size)].withUnsafeBytes { BundleManifest(payload: $0) })
        #expect(manifest.setupFindings?.map(\.rule) == ["redirect-scheme-not-registered"])
        #expect(manifest.setupFindings?.first?.explain == ["-42001"])
        #expect(fromBundle.setups == report.setups)
        #expect(fromBundle.patterns.map(\.causes) == report.patterns.map(\.causes))

        // `show` names the cause on the operations of the misconfigured devices only.
        let stories = OperationStory.collect(paths: [directory.path], selection: StorySelection(), limit: 1_000)
            .stories
        let failed = stories.filter { $0.operation.attempts.contains { $0.outcome == .known(.failure) } }
        #expect(failed.count == 14)
        #expect(failed.filter { !$0.causes.isEmpty }.count == 12)
        #expect(failed.flatMap(\.causes).allSatisfy { $0.rule == "redirect-scheme-not-registered" && $0.attempts == 1 })

        let text = report.renderText()
        #expect(
            text.contains(
                "MSALErrorDomain -50000/-42001 (internalErrorRedirectSchemeNotRegistered) on 12 of its 14 attempts"))
        #expect(report.renderMarkdown().contains("on 12 of its 14 attempts"))
        #expect(report.renderHTML().contains("on 12 of its 14 attempts"))
    }

    @Test("each set-up row names the newest app versions that recorded it, in numeric order, and counts the rest")
    func setupRowsNameTheirAppVersions() throws {
        let directory = try TemporaryDirectory("authtrail-setup-versions")
        defer { directory.remove() }
        // Seven releases shipped without the msauth scheme; 2.0 fixed it.
        let broken = ["1.2", "1.10", "1.9", "1.0", "1.11", "1.3", "1.1"]
        for (device, version) in broken.enumerated() {
            try Self.writeTrail(
                in: directory.url.appendingPathComponent("broken-\(device)"), schemes: ["com.contoso.app"], failures: 1,
                appVersion: version)
        }
        try Self.writeTrail(
            in: directory.url.appendingPathComponent("fixed"), schemes: ["msauth.com.contoso.app"], failures: 0,
            appVersion: "2.0")
        let report = Report.build(paths: [directory.path], threads: 1).report
        let setups = try #require(report.setups)
        #expect(setups.count == 2)
        #expect(setups[0].appVersions == ["1.11", "1.10", "1.9", "1.3", "1.2"])
        #expect(setups[0].otherAppVersions == 2)
        #expect(setups[1].appVersions == ["2.0"])
        #expect(setups[1].otherAppVersions == nil)
        #expect(Report.build(paths: [directory.path], threads: 2).report == report)
        #expect(report.renderJSON().contains(#""app_versions" : ["#))
        #expect(report.renderText().contains("1.11, 1.10, 1.9, 1.3, 1.2 (+2 more)"))
        #expect(report.renderMarkdown().contains("| app versions |"))
        #expect(report.renderHTML().contains(">2.0</td>"))
    }

    @Test("a set-up read before its device's segment.start still gets the app version that segment states")
    func setupBeforeItsVersion() throws {
        let directory = try TemporaryDirectory("authtrail-setup-version-order")
        defer { directory.remove() }
        let install = #""install.id":"00000000-0000-0000-0000-000000000001""#
        let lines = [
            #"{"timestamp":"2026-11-26T10:00:00.000Z","schema":1,"event.name":"app.configuration",\#(install),"#
                + #""app.bundle_id":"com.contoso.app","os.name":"iOS"}"#,
            #"{"timestamp":"2026-11-26T10:00:00.000Z","schema":1,"event.name":"segment.start",\#(install),"#
                + #""app.id":"com.contoso.app","app.version":"3.1"}"#,
        ]
        let path = "\(directory.path)/one.jsonl"
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let setups = try #require(Report.build(paths: [path]).report.setups)
        #expect(setups.map(\.appVersions) == [["3.1"]])
        let input = try Data(contentsOf: URL(fileURLWithPath: path))
        let fromStandardInput = try ProcessRunner.authtrail(["report", "--format", "json", "-"], input: input)
        #expect(fromStandardInput.text.contains(#""app_versions" : [\#n        "3.1""#))
    }

    @Test("without a recorded set-up the report has no setups and no causes")
    func nothingRecorded() throws {
        let directory = try TemporaryDirectory("authtrail-setup-none")
        defer { directory.remove() }
        // A process with no Info.plist and no MSALSetup records no set-up.
        let trail = try Trail(configuration: TrailConfiguration(directory: directory.url))
        trail.beginAcquisition(.interactive, scopes: ["User.Read"]).failed(Self.schemeNotRegistered)
        #expect(trail.shutdown(timeout: .testWait))
        let report = Report.build(paths: [directory.path]).report
        #expect(report.setups == nil)
        #expect(report.patterns.allSatisfy { $0.causes == nil })
        #expect(!report.renderJSON().contains("\"setups\""))
    }
}

/// The set-up table's cap (docs/RELIABILITY.md, "Memory bounds of the report"): 64 distinct set-ups get a row, the
/// rest one `(other)` row, and their devices' attempts are still explained.
@Suite("recorded set-ups past the cap fold into one row and still explain their attempts")
struct SetupTableBoundTests {
    @Test("70 distinct set-ups: 64 rows and an (other) row of 6; every device's failure is explained")
    func capFoldsTheRest() throws {
        let directory = try TemporaryDirectory("authtrail-setup-cap")
        defer { directory.remove() }
        var lines: [String] = []
        for device in 0..<70 {
            let install = String(format: "00000000-0000-0000-0000-%012d", device)
            let time = String(format: "2026-11-26T10:%02d:00.000Z", device % 60)
            // Each app forgot its msauth scheme: -50000/-42001 when MSAL is created.
            lines.append(
                #"{"timestamp":"\#(time)","schema":1,"event.name":"app.configuration","install.id":"\#(install)","#
                    + #""app.bundle_id":"com.contoso.app\#(device)","os.name":"iOS","app.url_schemes":"other","#
                    + #""msal.msauth_scheme_registered":"false","msal.broker.queries_msauthv2":"true","#
                    + #""msal.broker.queries_msauthv3":"true"}"#)
            lines.append(
                #"{"timestamp":"\#(time)","schema":1,"event.name":"acquisition.end","install.id":"\#(install)","#
                    + #""operation.id":"op-\#(device)","attempt":1,"acquisition.kind":"interactive","#
                    + #""outcome":"failure","error.domain":"MSALErrorDomain","error.code":-50000,"error.subcode":-42001}"#
            )
        }
        let path = "\(directory.path)/fleet.jsonl"
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let report = Report.build(paths: [path]).report
        let setups = try #require(report.setups)
        #expect(setups.count == 65)
        #expect(setups.last?.bundleID == Report.otherLabel)
        #expect(setups.last?.foldedValues == 6)
        #expect(setups.last?.devices == 6)
        #expect(setups.dropLast().allSatisfy { $0.findings.map(\.rule) == ["redirect-scheme-not-registered"] })
        let pattern = try #require(report.patterns.first { $0.subcode == -42001 })
        #expect(pattern.count == 70)
        #expect(pattern.causes?.map(\.attempts).reduce(0, +) == 70, "one cause per app, the folded ones included")
    }
}

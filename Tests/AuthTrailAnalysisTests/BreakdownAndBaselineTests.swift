import AuthTrail
import AuthTrailAnalysis
import AuthTrailTestSupport
import Foundation
import Testing

/// Failure patterns by release, and the comparison with a baseline pile, on `ReleaseFleet`'s planted failures
/// written as real zstd segments.
@Suite("failure patterns by version and host, and the comparison with a baseline")
struct BreakdownAndBaselineTests {
    typealias Fleet = ReleaseFleet

    static func build(_ releases: [Fleet.Release]) throws -> Report {
        let folder = try TemporaryDirectory("breakdowns")
        defer { folder.remove() }
        for release in releases { try Fleet.write(release, into: folder.path) }
        let (report, problems) = Report.build(paths: [folder.path])
        #expect(problems.isEmpty)
        return report
    }

    static func count(_ row: Report.BreakdownValue?, _ pattern: Fleet.Pattern) -> Int? {
        row?.patterns.first { pattern.matches(domain: $0.domain, code: $0.code, subcode: $0.subcode) }?.count
    }

    @Test("each app, OS and MSAL version shows its release's planted attempts, failures and pattern counts")
    func versionBreakdowns() throws {
        let releases = [Fleet.baseline, Fleet.candidate]
        let report = try Self.build(releases)
        #expect(report.breakdowns.map(\.dimension) == ["app.version", "os.version", "msal.version", "server.address"])
        for (index, version) in [\Fleet.Release.appVersion, \.osVersion, \.msalVersion].enumerated() {
            let breakdown = report.breakdowns[index]
            #expect(breakdown.values.map(\.value).sorted() == releases.map { $0[keyPath: version] }.sorted())
            for release in releases {
                let row = breakdown.values.first { $0.value == release[keyPath: version] }
                #expect(row?.attempts == release.attempts)
                #expect(row?.failures == release.silentFailureCount + release.installs * release.interactiveFailures)
                for pattern in [Fleet.expired, Fleet.network, Fleet.vanished, Fleet.new] {
                    let planted = release.count(of: pattern)
                    let found = Self.count(row, pattern)
                    #expect(found == (planted == 0 ? nil : planted), "\(pattern) in \(release.appVersion)")
                }
            }
        }
        let app = report.breakdowns[0]
        let old = try #require(app.values.first { $0.value == "4.1" })
        let new = try #require(app.values.first { $0.value == "4.2" })
        // The planted regression: 4.2 doubles the expired pattern's rate.
        let oldRate = try #require(old.patterns.first { $0.code == Fleet.expired.code }).rate
        #expect(try #require(new.patterns.first { $0.code == Fleet.expired.code }).rate == 2 * oldRate)
        #expect(oldRate == Double(Fleet.baseline.count(of: Fleet.expired)) / Double(Fleet.baseline.attempts))
    }

    @Test("each authority host shows the attempts sent to it")
    func hostBreakdown() throws {
        let report = try Self.build([Fleet.baseline, Fleet.candidate])
        let hosts = report.breakdowns[3]
        #expect(hosts.values.map(\.value).sorted() == Fleet.hosts.sorted())
        for host in Fleet.hosts {
            let attempts =
                Fleet.attempts(of: Fleet.baseline, host: host) + Fleet.attempts(of: Fleet.candidate, host: host)
            #expect(hosts.values.first { $0.value == host }?.attempts == attempts)
        }
    }

    @Test("against the baseline, the doubled pattern and the silent kind are significant, the unchanged ones are not")
    func baselineComparison() throws {
        let baseline = try Self.build([Fleet.baseline])
        let report = try Self.build([Fleet.candidate]).compared(with: baseline)
        let comparison = try #require(report.baseline)
        #expect(comparison.baselineAttempts == Fleet.baseline.attempts)
        #expect(comparison.attempts == Fleet.candidate.attempts)
        #expect(comparison.input.files == Fleet.baseline.installs)
        func change(_ pattern: Fleet.Pattern) throws -> Report.PatternChange {
            try #require(
                comparison.patterns.first { pattern.matches(domain: $0.domain, code: $0.code, subcode: $0.subcode) })
        }
        let expired = try change(Fleet.expired)
        #expect(expired.status == .both)
        #expect(expired.baseline.count == Fleet.baseline.count(of: Fleet.expired))
        #expect(expired.current.count == Fleet.candidate.count(of: Fleet.expired))
        #expect(expired.current.rate == 2 * expired.baseline.rate)
        #expect(expired.test.significant)
        let network = try change(Fleet.network)
        #expect(network.status == .both)
        #expect(network.test.change == 0)
        #expect(network.test.pValue == 1)
        #expect(!network.test.significant)
        let vanished = try change(Fleet.vanished)
        #expect(vanished.status == .vanished)
        #expect(vanished.current.count == 0)
        #expect(vanished.baseline.count == Fleet.baseline.count(of: Fleet.vanished))
        let new = try change(Fleet.new)
        #expect(new.status == .new)
        #expect(new.current.count == Fleet.candidate.count(of: Fleet.new))
        // The largest rise first.
        #expect(comparison.patterns.first == expired)

        let silent = try #require(comparison.kinds.first { $0.kind == "silent" })
        for (side, release) in [(silent.baseline, Fleet.baseline), (silent.current, Fleet.candidate)] {
            #expect(side == Report.Proportion(count: release.silentFailureCount, attempts: release.silentAttempts))
        }
        #expect(silent.test.significant)
        let interactive = try #require(comparison.kinds.first { $0.kind == "interactive" })
        #expect(interactive.test.change == 0)
        #expect(!interactive.test.significant)

        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(report.renderJSON().utf8)) as? [String: Any])
        let patterns = try #require((json["baseline"] as? [String: Any])?["patterns"] as? [[String: Any]])
        #expect(Set(patterns.compactMap { $0["status"] as? String }) == ["both", "new", "vanished"])
        #expect(((patterns.first?["test"] as? [String: Any])?["significant"]) as? Bool == true)
    }

    @Test(
        "the z-test matches a hand computation",
        arguments: [
            // 10/100 against 20/100: pooled 0.15, standard error sqrt(0.15 * 0.85 * 0.02) = 0.050497, z = 0.1 / that
            // = 1.98030; two-sided p = 2 (1 - Φ(1.9803)) = 0.04767 (a normal table gives 0.0477).
            (10, 100, 20, 100, 1.980_295, 0.047_670, true),
            // 30/1000 against 36/1000: z = 0.006 / sqrt(0.033 * 0.967 * 0.002) = 0.006 / 0.0079889 = 0.75105;
            // p = 2 (1 - Φ(0.751)) = 0.45263.
            (30, 1000, 36, 1000, 0.751_05, 0.452_63, false),
        ])
    func zTest(
        baselineCount: Int, baselineAttempts: Int, count: Int, attempts: Int, z: Double, p: Double, significant: Bool
    ) throws {
        let test = TwoProportionTest(
            baseline: Report.Proportion(count: baselineCount, attempts: baselineAttempts),
            current: Report.Proportion(count: count, attempts: attempts))
        #expect(abs(try #require(test.zScore) - z) < 1e-5)
        #expect(abs(try #require(test.pValue) - p) < 1e-5)
        #expect(test.significant == significant)
    }

    @Test("a side without attempts has no test, and equal rates of 0 are no change")
    func zTestEdges() {
        let none = TwoProportionTest(
            baseline: Report.Proportion(count: 0, attempts: 0), current: Report.Proportion(count: 3, attempts: 10))
        #expect(none.zScore == nil && none.pValue == nil && !none.significant)
        let zero = TwoProportionTest(
            baseline: Report.Proportion(count: 0, attempts: 50), current: Report.Proportion(count: 0, attempts: 80))
        #expect(zero.zScore == 0 && zero.pValue == 1 && !zero.significant)
    }

    @Test("app versions past the cap fold into one (other) row that keeps their attempts")
    func breakdownIsCapped() throws {
        let extra = 6
        let releases = (0..<(ReportBounds.breakdownValues + extra)).map { index in
            var release = Fleet.baseline
            release.appVersion = "1.\(index)"
            release.installs = 1
            release.silentPerInstall = 2
            release.interactivePerInstall = 0
            release.silentFailures = [Fleet.expired: 1]
            release.interactiveFailures = 0
            release.start = release.start.addingTimeInterval(Double(index) * 86_400)
            return release
        }
        let report = try Self.build(releases)
        let app = report.breakdowns[0]
        #expect(app.values.count == ReportBounds.breakdownValues + 1)
        let other = try #require(app.values.last)
        #expect(other.value == Report.otherLabel)
        #expect(other.foldedValues == extra)
        #expect(app.values.map(\.attempts).reduce(0, +) == 2 * releases.count)
        #expect(other.patterns.first?.count == extra)
        #expect(report.health.warnings.contains { $0.contains("app.version values past the first") })
    }

    @Test("attempts before their install's first segment.start take its version; an install without one is (unknown)")
    func versionStampedLater() throws {
        typealias Lines = ReportDefinitionTests
        let start =
            #"{"timestamp":"\#(Lines.time(60_000))","event.name":"segment.start","install.id":"install-a","#
            + #""app.version":"4.2"}"#
        let early = [Lines.end(at: 0), Lines.end(at: 1_000, operation: "op-2", outcome: "success")]
        let other = Lines.end(at: 500, install: "install-b", operation: "op-3")
        // As a bundle holds them: one file, the late segment.start first in reading order or last.
        for lines in [[start] + early + [other], early + [other, start]] {
            let report = try Lines.report([lines])
            let app = report.breakdowns[0].values.map { [$0.value, "\($0.attempts)", "\($0.failures)"] }
            #expect(app == [["4.2", "2", "1"], [Report.unknownLabel, "1", "1"]])
        }
    }

    @Test("the app version the real writer records is the breakdown's")
    func realWriter() throws {
        let directory = try TemporaryDirectory("breakdown-writer")
        defer { directory.remove() }
        let trail = try Trail(
            configuration: TrailConfiguration(
                directory: directory.url, app: AppInfo(identifier: "com.contoso.mail", version: "4.2.1")))
        trail.beginAcquisition(.silent, scopes: ["User.Read"], authorityHost: "login.microsoftonline.com")
            .failed(NSError(domain: "MSALErrorDomain", code: -50002))
        #expect(trail.shutdown(timeout: .testWait))
        let (report, problems) = Report.build(paths: [directory.path])
        #expect(problems.isEmpty)
        #expect(report.breakdowns[0].values.map(\.value) == ["4.2.1"])
        #expect(report.breakdowns[0].values.first?.patterns.first?.code == -50002)
        #expect(report.breakdowns[3].values.map(\.value) == ["login.microsoftonline.com"])
        #expect(report.renderText().contains("Failures by app.version"))
    }
}

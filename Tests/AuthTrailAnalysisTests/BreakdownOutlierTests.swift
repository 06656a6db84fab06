import AuthTrail
import AuthTrailAnalysis
import AuthTrailTestSupport
import Foundation
import Testing

/// The breakdowns' outlier flags (`Report.flagOutliers`) on `ReleaseFleet`'s planted releases, written as real zstd
/// segments and read by `Report.build`: the regressed release's cells are flagged in every format, unchanged cells
/// never are, and the correction for many comparisons holds back a cell that only chance set apart.
@Suite("breakdowns flag the value whose failure rate for a pattern stands out from the rest of the fleet")
struct BreakdownOutlierTests {
    typealias Fleet = ReleaseFleet
    typealias Build = BreakdownAndBaselineTests

    /// A flagged cell as (value, pattern code).
    struct Flag: Hashable, CustomStringConvertible {
        var value: String
        var code: Int?
        var description: String { "\(value) \(code.map(String.init) ?? "-")" }
    }

    static func flags(_ breakdown: Report.Breakdown) -> Set<Flag> {
        Set(
            breakdown.values.flatMap { value in
                value.patterns.filter { $0.flagged == true }.map { Flag(value: value.value, code: $0.code) }
            })
    }

    static func cell(
        _ report: Report, _ dimension: Int, _ value: String, _ pattern: Fleet.Pattern
    ) throws
        -> Report.BreakdownPattern
    {
        let row = try #require(report.breakdowns[dimension].values.first { $0.value == value })
        return try #require(
            row.patterns.first { pattern.matches(domain: $0.domain, code: $0.code, subcode: $0.subcode) })
    }

    @Test("the two releases: 4.2's doubled and new patterns and 4.1's vanished one are flagged, nothing else is")
    func plantedReleases() throws {
        let report = try Build.build([Fleet.baseline, Fleet.candidate])
        // Per version dimension: 2 values by 4 patterns, all large enough; the hosts the same.
        #expect(report.breakdowns.map(\.testedCells) == [8, 8, 8, 8])
        let planted: Set<Flag> = [
            Flag(value: "4.2", code: Fleet.expired.code), Flag(value: "4.2", code: Fleet.new.code),
            Flag(value: "4.1", code: Fleet.vanished.code),
        ]
        for (dimension, version) in [\Fleet.Release.appVersion, \.osVersion, \.msalVersion].enumerated() {
            let renamed = Set(
                planted.map { flag in
                    let release = flag.value == "4.2" ? Fleet.candidate : Fleet.baseline
                    return Flag(value: release[keyPath: version], code: flag.code)
                })
            #expect(Self.flags(report.breakdowns[dimension]) == renamed, "\(report.breakdowns[dimension].dimension)")
        }
        // Both hosts serve half of each release: no host stands out, though every cell was tested.
        #expect(Self.flags(report.breakdowns[3]).isEmpty)
        #expect(report.breakdowns[3].values.allSatisfy { $0.flagged == false })

        let expired = try Self.cell(report, 0, "4.2", Fleet.expired)
        #expect(expired.rest == Report.Proportion(count: Fleet.baseline.count(of: Fleet.expired), attempts: 1_400))
        #expect(expired.rate == 2 * (expired.rest?.rate ?? 0))
        let adjusted = try #require(expired.adjustedPValue)
        #expect(try #require(expired.pValue) <= adjusted && adjusted < 0.05)
        // The unchanged pattern: equal rates, z = 0, p = 0.5, tested and not flagged on either side.
        for value in ["4.1", "4.2"] {
            let network = try Self.cell(report, 0, value, Fleet.network)
            #expect(network.zScore == 0 && network.pValue == 0.5 && network.flagged == false)
        }
        // 4.1's expired rate is below the rest's: p near 1, never a flag.
        #expect(try #require(try Self.cell(report, 0, "4.1", Fleet.expired).pValue) > 0.99)
    }

    @Test("the same report flags the same cells in JSON, text, Markdown and HTML")
    func everyFormat() throws {
        let report = try Build.build([Fleet.baseline, Fleet.candidate])
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(report.renderJSON().utf8)) as? [String: Any])
        let breakdowns = try #require(json["breakdowns"] as? [[String: Any]])
        #expect(breakdowns.map { $0["tested_cells"] as? Int } == [8, 8, 8, 8])
        let values = try #require(breakdowns[0]["values"] as? [[String: Any]])
        let new = try #require(values.first { $0["value"] as? String == "4.2" })
        #expect(new["flagged"] as? Bool == true)
        let patterns = try #require(new["patterns"] as? [[String: Any]])
        let expired = try #require(patterns.first { $0["code"] as? Int == Fleet.expired.code })
        #expect(expired["flagged"] as? Bool == true)
        #expect((expired["rest"] as? [String: Any])?["count"] as? Int == Fleet.baseline.count(of: Fleet.expired))
        #expect((expired["adjusted_p_value"] as? Double ?? 1) < 0.05)
        #expect(expired["p_value"] is Double && expired["z_score"] is Double)
        let network = try #require(patterns.first { $0["code"] as? Int == Fleet.network.code })
        #expect(network["flagged"] as? Bool == false)

        let mark = "\u{25B2}"
        let text = report.renderText()
        for line in [
            "\(mark) 4.2: MSALErrorDomain -50002", "\(mark) 4.1: MSALErrorDomain -50000", "No server.address value",
        ] {
            #expect(text.contains(line), "text: \(line)")
        }
        let markdown = report.renderMarkdown()
        #expect(markdown.contains("| \(mark) 4.2 | 1400 |"))
        #expect(markdown.contains("- \(mark) 4.2: MSALErrorDomain -50002"))

        let html = report.renderHTML()
        for (dimension, flagged) in [("app-version", 3), ("os-version", 3), ("msal-version", 3), ("server-address", 0)]
        {
            let table = try #require(Self.table("t-failures-by-\(dimension)", in: html), "\(dimension)")
            #expect(table.contains("class=\"heatmap\""))
            #expect(table.components(separatedBy: "<td class=\"heat flagged\"").count - 1 == flagged, "\(dimension)")
            #expect(table.components(separatedBy: ": flagged, significantly above the rest").count - 1 == flagged)
        }
        let app = try #require(Self.table("t-failures-by-app-version", in: html))
        #expect(app.contains("<th scope=\"row\"><span class=\"name\"><span aria-hidden=\"true\">\(mark) </span>4.2"))
    }

    /// The markup of the table with `id`, from its opening tag to its end.
    static func table(_ id: String, in html: String) -> String? {
        guard let start = html.range(of: "<table id=\"\(id)\""),
            let end = html.range(of: "</table>", range: start.upperBound..<html.endIndex)
        else { return nil }
        return String(html[start.lowerBound..<end.upperBound])
    }

    @Test("the flagged value comes first in the text and Markdown tables, though it has the fewest attempts")
    func flaggedFirst() throws {
        func release(_ version: String, installs: Int, expired: Int, day: Double) -> Fleet.Release {
            var release = Fleet.baseline
            (release.appVersion, release.osVersion, release.msalVersion) = (version, "17.5", "1.5.0")
            release.installs = installs
            release.silentFailures = [Fleet.expired: expired, Fleet.network: 3]
            release.start = release.start.addingTimeInterval(day * 86_400)
            return release
        }
        let report = try Build.build([
            release("4.0", installs: 10, expired: 5, day: 0), release("4.1", installs: 8, expired: 5, day: 10),
            release("4.2", installs: 4, expired: 15, day: 20),
        ])
        let app = report.breakdowns[0]
        #expect(app.values.map(\.value) == ["4.0", "4.1", "4.2"], "the JSON keeps most attempts first")
        #expect(Self.flags(app) == [Flag(value: "4.2", code: Fleet.expired.code)])
        let mark = "\u{25B2}"
        for rendered in [report.renderText(), report.renderMarkdown()] {
            let section = try #require(rendered.components(separatedBy: "Failures by app.version").dropFirst().first)
            let order = ["\(mark) 4.2", "4.0", "4.1"].map { section.range(of: " \($0) ")?.lowerBound }
            #expect(order.allSatisfy { $0 != nil }, "\(section.prefix(1500))")
            #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted(), "\(section.prefix(1500))")
        }
        // The single OS and MSAL versions have no rest to be compared with: nothing tested.
        #expect(report.breakdowns[1].testedCells == 0 && report.breakdowns[2].testedCells == 0)
        #expect(report.renderText().contains("No os.version value stands out."))
    }

    @Test("releases that fail alike flag nothing, in any breakdown")
    func noRegression() throws {
        var candidate = Fleet.baseline
        (candidate.appVersion, candidate.osVersion, candidate.msalVersion) = ("4.2", "18.1", "1.6.0")
        candidate.start = Fleet.candidate.start
        let report = try Build.build([Fleet.baseline, candidate])
        #expect(report.breakdowns.allSatisfy { ($0.testedCells ?? 0) > 0 })
        for breakdown in report.breakdowns {
            #expect(Self.flags(breakdown).isEmpty, "\(breakdown.dimension)")
            #expect(breakdown.values.allSatisfy { $0.flagged == false })
        }
        #expect(!report.renderText().contains("\u{25B2} 4."))
        #expect(!report.renderHTML().contains("<td class=\"heat flagged\""))
    }

    @Test("among many values, a cell that passes at 5 % uncorrected but not after Holm's correction is not flagged")
    func correction() throws {
        // 20 releases of one install each (140 attempts); 4.7 fails 10 silent attempts with the expired pattern
        // where the others fail 5: one-sided p about 0.015 against the rest, but 20 cells are tested.
        let releases = (0..<20).map { index in
            var release = Fleet.baseline
            (release.appVersion, release.osVersion, release.msalVersion) = ("4.\(index)", "17.5", "1.5.0")
            release.installs = 1
            release.silentFailures = [Fleet.expired: index == 7 ? 10 : 5]
            release.start = release.start.addingTimeInterval(Double(index) * 86_400)
            return release
        }
        let report = try Build.build(releases)
        let cell = try Self.cell(report, 0, "4.7", Fleet.expired)
        let pValue = try #require(cell.pValue)
        #expect(pValue < 0.05, "uncorrected, the cell would be flagged")
        #expect(try #require(cell.adjustedPValue) >= 0.05)
        #expect(cell.flagged == false)
        #expect(report.breakdowns.allSatisfy { Self.flags($0).isEmpty })
        // The expired cells of the 20 versions (the 2 network failures per version expect fewer than 5).
        #expect(report.breakdowns[0].testedCells == 20)
        // The single OS version, MSAL version and host (each release's one install uses the first) have no rest.
        #expect(report.breakdowns.compactMap(\.testedCells) == [20, 0, 0, 0])
    }

    @Test(
        "Holm's adjustment matches a hand computation, ties included",
        arguments: [
            // Sorted 0.005, 0.01, 0.03, 0.04 times 4, 3, 2, 1: 0.02, 0.03, 0.06, 0.04, then the running maximum.
            ([0.01, 0.04, 0.03, 0.005], [0.03, 0.06, 0.06, 0.02]),
            ([0.02, 0.02, 0.5], [0.06, 0.06, 0.5]),
            ([0.6, 0.9], [1, 1]),
            ([], []),
        ])
    func holm(_ pValues: [Double], _ adjusted: [Double]) {
        let computed = Report.holmAdjusted(pValues)
        #expect(computed.count == adjusted.count)
        for (one, other) in zip(computed, adjusted) { #expect(abs(one - other) < 1e-12, "\(computed)") }
    }

    @Test("an (other) row counts in the rest of the fleet but is never tested or flagged")
    func otherRows() throws {
        var report = try Build.build([Fleet.baseline, Fleet.candidate])
        // As if 4.2 had come past the cap: its row becomes the (other) row that gathers it.
        let index = try #require(report.breakdowns[0].values.firstIndex { $0.value == "4.2" })
        report.breakdowns[0].values[index].value = Report.otherLabel
        report.breakdowns[0].values[index].foldedValues = 1
        report.flagOutliers()
        let other = report.breakdowns[0].values[index]
        #expect(other.flagged == nil)
        #expect(other.patterns.allSatisfy { $0.flagged == nil && $0.rest == nil && $0.adjustedPValue == nil })
        // 4.1 is still compared with the attempts of the (other) row.
        #expect(Self.flags(report.breakdowns[0]) == [Flag(value: "4.1", code: Fleet.vanished.code)])
        #expect(try Self.cell(report, 0, "4.1", Fleet.expired).rest?.attempts == Fleet.candidate.attempts)
        #expect(report.breakdowns[0].testedCells == 4)
    }
}

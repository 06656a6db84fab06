import AuthTrailTestSupport
import Foundation
import Testing

/// The HTML report of a generated fleet (two app versions, Retry-After violations, storms): bounded in size, and its
/// violations and storms lead to their timelines.
@Suite("the HTML report of a fleet stays small and leads from violations and storms to their timelines")
struct HTMLFleetReportTests {
    /// Installs in the fleet: thousands of operations, more than a page could draw.
    static let installs = 400
    /// The bound the page must stay under: 352 KB measured at 400 installs (over 2,000 operations) on 2026-11-28, 331 KB
    /// before the heatmaps and lane tables sorted and the charts had grids. Its size follows the number of patterns
    /// (at most 3 example operations each, for the first 50), violations and storms drawn (10 each), not the number of
    /// installs.
    static let maximumBytes = 400_000

    @Test("the page stays under the bound, and the app-version filter, violations and storms work")
    func fleet() throws {
        let fleet = try GeneratedFleet(installs: Self.installs)
        defer { fleet.remove() }
        let html = fleet.directory.path + "/report.html"
        let report = try ProcessRunner.authtrail(["report", "--format", "html", "-o", html, fleet.directory.path])
        #expect(report.status == 0, "\(report.standardError.suffix(500))")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: html)[.size] as? Int)
        #expect(size < Self.maximumBytes, "\(size) bytes")
        let json = try #require(
            try JSONSerialization.jsonObject(
                with: ProcessRunner.authtrail(["report", "--format", "json", fleet.directory.path]).standardOutput)
                as? [String: Any])
        let retries = try #require(json["retries"] as? [String: Any])
        let operations = try #require(retries["operations"] as? Int)
        #expect(operations > 2_000, "a fleet of \(operations) operations")

        let dom = try HTMLReportInteractionTests.dumpDOM("file://\(html)#app=4.1&selftest")
        // The app.version heatmap, a row per version (its name in the row's header): 4.0 hides, 4.1 stays.
        let versions = HTMLReportInteractionTests.rows("t-failures-by-app-version", in: dom)
        #expect(versions.count >= 2)
        for row in versions {
            let header = HTMLReportInteractionTests.matches(#"<th[^>]*>(.*?)</th>"#, in: row.markup).first?[1] ?? ""
            let version = HTMLReportInteractionTests.text(header)
            // A flagged version reads "▲ 4.1 (flagged)".
            let shown = version.split(separator: " ").contains("4.1")
            #expect(row.tag.contains(" hidden") == !shown, "\(version): \(row.cells)")
        }

        // Each Retry-After violation links to a lane that marks the violated hint.
        let violations = try #require((retries["retry_after"] as? [String: Any])?["examples"] as? [[String: Any]])
        #expect(!violations.isEmpty)
        let rows = HTMLReportInteractionTests.rows("t-retry-after-violations", in: dom)
        #expect(rows.count == violations.count)
        for (index, violation) in violations.enumerated() {
            #expect(rows[index].markup.contains("<a href=\"#tl-v\(index)\">"))
            let group = try #require(HTMLReportInteractionTests.element("tl-v\(index)", tag: "section", in: dom))
            #expect(group.contains(violation["operation_id"] as? String ?? "?"))
            #expect(group.contains("<g class=\"retry-after violated\">"), "violation \(index)")
        }
        // Each operation storm links to a lane with at least as many bars as the storm's attempts.
        let storms = try #require((retries["operation_storms"] as? [String: Any])?["examples"] as? [[String: Any]])
        #expect(!storms.isEmpty)
        for (index, storm) in storms.enumerated() {
            let group = try #require(HTMLReportInteractionTests.element("tl-o\(index)", tag: "section", in: dom))
            let bars = HTMLReportInteractionTests.matches(#"<rect class="attempt "#, in: group).count
            #expect(bars >= storm["attempts"] as? Int ?? .max, "storm \(index): \(bars) bars")
        }
        #expect(dom.contains("data-clipped-names=\"0\""))

        // The heatmaps sort like every table: by attempts both ways, and by a pattern's rate (its cells' text is
        // "▲ 38.4%" when flagged).
        let table = "t-failures-by-app-version"
        for (direction, ascending) in [("asc", true), ("desc", false)] {
            let sorted = HTMLReportInteractionTests.rows(
                table,
                in: try HTMLReportInteractionTests.dumpDOM("file://\(html)#sort=\(table):1:\(direction)&selftest"))
            let attempts = sorted.compactMap { Int($0.cells[0]) }
            #expect(attempts.count == versions.count && attempts == attempts.sorted(by: ascending ? (<) : (>)))
            let rates = HTMLReportInteractionTests.rows(
                table,
                in: try HTMLReportInteractionTests.dumpDOM("file://\(html)#sort=\(table):3:\(direction)&selftest")
            ).compactMap { Double($0.cells[2].split(separator: " ").last { $0.hasSuffix("%") }?.dropLast() ?? "") }
            #expect(rates.count == versions.count && rates == rates.sorted(by: ascending ? (<) : (>)), "\(rates)")
        }
    }
}

import AuthTrailTestSupport
import Foundation
import Testing

/// `authtrail report` on the binary over `ReleaseFleet`'s two releases in one folder: every format flags 4.2's
/// doubled pattern, and the HTML page draws each breakdown as a heatmap that still filters by app version in a real
/// browser.
@Suite("authtrail report flags the regressed release in every format")
struct BreakdownOutlierCommandTests {
    typealias Fleet = ReleaseFleet
    static let mark = "\u{25B2}"

    /// Both releases in one folder.
    static func fleet(in directory: TemporaryDirectory) throws -> String {
        let folder = directory.path + "/fleet"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Fleet.write(Fleet.baseline, into: folder)
        try Fleet.write(Fleet.candidate, into: folder)
        return folder
    }

    @Test("JSON, text and Markdown flag 4.2's expired pattern and leave the unchanged network pattern unflagged")
    func formats() throws {
        let directory = try TemporaryDirectory("outlier-cli")
        defer { directory.remove() }
        let folder = try Self.fleet(in: directory)

        let json = try ProcessRunner.authtrail(["report", "--format", "json", folder])
        #expect(json.status == 0, "\(json.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: json.standardOutput) as? [String: Any])
        let breakdowns = try #require(object["breakdowns"] as? [[String: Any]])
        let app = try #require(breakdowns.first { $0["dimension"] as? String == "app.version" })
        let values = try #require(app["values"] as? [[String: Any]])
        func cell(_ version: String, _ pattern: Fleet.Pattern) -> [String: Any]? {
            let row = values.first { $0["value"] as? String == version }
            return (row?["patterns"] as? [[String: Any]])?.first {
                pattern.matches(
                    domain: $0["domain"] as? String, code: $0["code"] as? Int, subcode: $0["subcode"] as? Int)
            }
        }
        #expect(cell("4.2", Fleet.expired)?["flagged"] as? Bool == true)
        #expect(cell("4.2", Fleet.network)?["flagged"] as? Bool == false)
        #expect(cell("4.1", Fleet.network)?["flagged"] as? Bool == false)
        #expect(cell("4.1", Fleet.expired)?["flagged"] as? Bool == false)
        let hosts = try #require(breakdowns.first { $0["dimension"] as? String == "server.address" })
        let hostCells = (hosts["values"] as? [[String: Any]] ?? []).flatMap { $0["patterns"] as? [[String: Any]] ?? [] }
        #expect(!hostCells.isEmpty && hostCells.allSatisfy { $0["flagged"] as? Bool == false })

        let text = try ProcessRunner.authtrail(["report", "--colour", "never", folder])
        #expect(text.status == 0)
        let lines = text.text.split(separator: "\n").map(String.init)
        let heading = try #require(lines.firstIndex { $0.hasPrefix("Failures by app.version") })
        // Table rows, not the summary's sentences ("▲ 4.2: …"): both versions have a flagged pattern.
        let rows = lines[heading...].filter { $0.hasPrefix("  \(Self.mark) 4.") && !$0.contains(":") }
        #expect(rows.count == 2, "\(rows)")
        #expect(lines[heading...].contains { $0.contains("\(Self.mark) 4.2: MSALErrorDomain -50002") })
        #expect(lines.contains { $0.contains("No server.address value stands out.") })

        let markdown = try ProcessRunner.authtrail(["report", "--format", "markdown", folder])
        #expect(markdown.status == 0)
        #expect(markdown.text.contains("| \(Self.mark) 4.2 | 1400 |"))
        #expect(markdown.text.contains("| rest of fleet | adjusted p | flagged |"))
    }

    @Test("the HTML heatmaps mark the flagged cells, and the app-version filter still hides the other rows")
    func html() throws {
        let directory = try TemporaryDirectory("outlier-html")
        defer { directory.remove() }
        let folder = try Self.fleet(in: directory)
        let page = directory.path + "/report.html"
        let result = try ProcessRunner.authtrail(["report", "--format", "html", "-o", page, folder])
        #expect(result.status == 0, "\(result.standardError)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(!html.contains(" src=") && !html.contains("href=\"http"), "nothing loaded from elsewhere")

        let dom = try HTMLReportInteractionTests.dumpDOM("file://\(page)#app=4.2&selftest")
        let rows = HTMLReportInteractionTests.rows("t-failures-by-app-version", in: dom)
        #expect(rows.count == 2)
        for row in rows {
            let version = try #require(
                HTMLReportInteractionTests.matches(#"<th[^>]*>(.*?)</th>"#, in: row.markup).first)
            let shown = HTMLReportInteractionTests.text(version[1]).contains("4.2")
            #expect(row.tag.contains(" hidden") == !shown, "\(row.tag)")
            if shown {
                // 4.2's expired and new cells: marked, framed (class) and explained in their titles.
                #expect(row.markup.components(separatedBy: "class=\"heat flagged\"").count - 1 == 2)
                #expect(row.markup.contains("\(Self.mark) </span>"))
                #expect(row.markup.contains("flagged, significantly above the rest"))
            }
        }
        #expect(dom.contains("data-clipped-names=\"0\""))
    }
}

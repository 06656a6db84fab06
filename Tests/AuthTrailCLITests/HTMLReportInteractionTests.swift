import AuthTrailTestSupport
import Foundation
import Testing

/// The HTML report driven in headless Chromium: the page applies the sort and filters its address's fragment names
/// (as a click would) and `--dump-dom` prints the DOM after its script ran, so these tests see what a reader sees.
@Suite("the HTML report sorts, filters and draws timelines in a real browser")
struct HTMLReportInteractionTests {
    static let patternsTable = "t-failures-by-error-domain-code-sub-code"

    /// A demo trail, its HTML and JSON reports (one process each), shared by the tests of one run.
    struct Demo {
        let directory: TemporaryDirectory
        let folder: String
        let html: String
        let page: String
        let json: [String: Any]

        init() throws {
            directory = try TemporaryDirectory()
            folder = try ReportCommandTests.demo(in: directory)
            html = directory.path + "/report.html"
            let report = try ProcessRunner.authtrail(["report", "--format", "html", "-o", html, folder])
            #expect(report.status == 0, "\(report.standardError)")
            page = try String(contentsOfFile: html, encoding: .utf8)
            let result = try ProcessRunner.authtrail(["report", "--format", "json", folder])
            json = try #require(try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any])
        }

        /// The DOM after the page's script applied `fragment`.
        func dom(_ fragment: String) throws -> String {
            try HTMLReportInteractionTests.dumpDOM("file://\(html)#\(fragment)")
        }
    }

    static func browser() throws -> String {
        try #require(
            ["chromium", "chromium-browser", "google-chrome"].first(where: ProcessRunner.isAvailable),
            "chromium is missing: run Tools/setup.sh")
    }

    static func dumpDOM(_ url: String) throws -> String {
        let result = try ProcessRunner.run(
            try browser(),
            ["--headless", "--no-sandbox", "--disable-gpu", "--window-size=1280,1400", "--dump-dom", url])
        #expect(result.status == 0, "chromium failed: \(result.standardError.suffix(300))")
        #expect(result.text.contains("data-ready=\"1\""), "the page's script did not finish")
        return result.text
    }

    /// The body rows of table `id`: each row's opening tag, its cells' text and its markup.
    static func rows(_ id: String, in dom: String) -> [(tag: String, cells: [String], markup: String)] {
        guard let start = dom.range(of: "<table id=\"\(id)\""),
            let end = dom.range(of: "</table>", range: start.upperBound..<dom.endIndex),
            let body = dom.range(of: "<tbody>", range: start.upperBound..<end.lowerBound)
        else { return [] }
        let table = String(dom[body.upperBound..<end.lowerBound])
        return matches(#"(<tr[^>]*>)(.*?)</tr>"#, in: table).map { row in
            (row[1], matches(#"<td[^>]*>(.*?)</td>"#, in: row[2]).map { text($0[1]) }, row[2])
        }
    }

    /// Every match of `pattern` in `text`, each as its groups (0: the whole match).
    static func matches(_ pattern: String, in text: String) -> [[String]] {
        let regex = try! NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators])
        let string = text as NSString
        return regex.matches(in: text, range: NSRange(location: 0, length: string.length)).map { match in
            (0..<match.numberOfRanges).map { string.substring(with: match.range(at: $0)) }
        }
    }

    /// Markup without tags, entities of the page decoded.
    static func text(_ markup: String) -> String {
        markup.replacingOccurrences(of: "<[^>]+>", with: "", options: .regularExpression)
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    @Test("clicking a column sorts the rows both ways and says so with aria-sort; the page starts unsorted")
    func sorting() throws {
        let demo = try Demo()
        defer { demo.directory.remove() }
        let patterns = try #require(demo.json["patterns"] as? [[String: Any]])
        let unsorted = Self.rows(Self.patternsTable, in: try demo.dom("selftest"))
        #expect(unsorted.count == patterns.count && patterns.count >= 5)
        // Without a sort the rows keep the report's order: the JSON's, most frequent first.
        #expect(unsorted.map { $0.cells[3] } == patterns.map { "\($0["code"] as? Int ?? 0)" })

        for (direction, ascending) in [("asc", true), ("desc", false)] {
            let dom = try demo.dom("sort=\(Self.patternsTable):3:\(direction)&selftest")
            let codes = Self.rows(Self.patternsTable, in: dom).map { Int($0.cells[3]) ?? 0 }
            #expect(codes.count == patterns.count)
            #expect(codes == codes.sorted(by: ascending ? (<) : (>)), "\(direction): \(codes)")
            #expect(Set(codes) == Set(patterns.map { $0["code"] as? Int ?? 0 }))
            #expect(
                dom.contains(
                    "aria-sort=\"\(ascending ? "ascending" : "descending")\"><button type=\"button\" class=\"sort\">code"
                ))
        }
        // The header's button: one click sorts ascending, a second descending (Enter and Space click a button).
        for (clicks, ascending) in [(1, true), (2, false)] {
            let dom = try demo.dom("press=\(Self.patternsTable):3:\(clicks)&selftest")
            let codes = Self.rows(Self.patternsTable, in: dom).map { Int($0.cells[3]) ?? 0 }
            #expect(codes == codes.sorted(by: ascending ? (<) : (>)) && codes.count == patterns.count, "\(clicks)")
            #expect(
                dom.contains(
                    "aria-sort=\"\(ascending ? "ascending" : "descending")\"><button type=\"button\" class=\"sort\">code"
                ))
        }
        // Text columns sort as text: the name column, ascending.
        let names = Self.rows(Self.patternsTable, in: try demo.dom("sort=\(Self.patternsTable):4:asc&selftest"))
            .map { $0.cells[4] }
        #expect(names == names.sorted { $0.localizedStandardCompare($1) == .orderedAscending } && names.count > 2)
    }

    @Test("a page saved after its script ran (Save As, --dump-dom) opens with one sort button and arrow per header")
    func savedPage() throws {
        let demo = try Demo()
        defer { demo.directory.remove() }
        let saved = demo.directory.path + "/saved.html"
        try HTMLReportInteractionTests.dumpDOM("file://\(demo.html)#selftest")
            .write(toFile: saved, atomically: true, encoding: .utf8)
        let reopened = try HTMLReportInteractionTests.dumpDOM("file://\(saved)#selftest")
        let headers = Self.matches(#"<thead><tr>(.*?)</tr></thead>"#, in: reopened).flatMap {
            Self.matches(#"<th[^>]*>(.*?)</th>"#, in: $0[1]).map { $0[1] }
        }
        #expect(headers.count > 30)
        for header in headers {
            #expect(header.components(separatedBy: "<button").count - 1 == 1, "\(header)")
        }
    }

    @Test("a kind, a pattern or a time range hides the rows and timelines that do not match, and only those")
    func filtering() throws {
        let demo = try Demo()
        defer { demo.directory.remove() }
        let kinds = "t-attempts-by-kind-and-outcome"
        let latency = "t-latency-by-kind-and-outcome"
        let silent = try demo.dom("kind=silent&selftest")
        for table in [kinds, latency] {
            let rows = Self.rows(table, in: silent)
            #expect(rows.count >= 2)
            for row in rows { #expect(row.tag.contains(" hidden") == (row.cells[0] != "silent"), "\(table): \(row)") }
        }
        #expect(silent.contains("Filtered by kind."))
        // Lanes too: an operation shows when one of its attempts has the kind.
        let lanes = Self.matches(#"<div class="lane filterable"[^>]*>"#, in: silent).map { $0[0] }
        #expect(lanes.count >= 7)
        #expect(lanes.contains { $0.contains(" hidden") } && lanes.contains { !$0.contains(" hidden") })
        for lane in lanes { #expect(lane.contains(" hidden") == !lane.contains("&quot;silent&quot;"), "\(lane)") }
        #expect(silent.contains("<option value=\"silent\" selected") || silent.contains("1 of 2 rows shown"))

        let patterns = try #require(demo.json["patterns"] as? [[String: Any]])
        let first = patterns[0]
        let key = "\(first["domain"]!)|\(first["code"]!)|\((first["subcode"] as? Int).map(String.init) ?? "-")"
        let byPattern = Self.rows(
            Self.patternsTable,
            in: try demo.dom("pattern=\(key.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)&selftest"))
        #expect(byPattern.filter { !$0.tag.contains(" hidden") }.count == 1)
        #expect(byPattern.first { !$0.tag.contains(" hidden") }?.cells[3] == "\(first["code"]!)")
        #expect(byPattern.count == patterns.count)

        // From the start of the last active bucket: earlier buckets' rows hide.
        let buckets = try #require((demo.json["timeline"] as? [String: Any])?["buckets"] as? [[String: Any]])
        let active = buckets.filter { ($0["attempts"] as? Int ?? 0) > 0 }.compactMap { $0["start"] as? String }
        let from = try #require(active.last)
        let timeline = Self.rows(
            "t-failure-rate-over-time-1-min-buckets", in: try demo.dom("from=\(from)&selftest"))
        #expect(timeline.count == active.count && active.count > 2)
        for row in timeline { #expect(row.tag.contains(" hidden") == (row.cells[0] < from), "\(row.cells[0])") }
    }

    @Test("names are never cut: the full name is in the DOM, unclipped, in the chart and the table")
    func namesAreWhole() throws {
        let demo = try Demo()
        defer { demo.directory.remove() }
        let dom = try demo.dom("selftest")
        #expect(dom.contains("data-clipped-names=\"0\""))
        let chart = try #require(dom.range(of: "<ol id=\"top-patterns\"")).lowerBound
        let chartEnd = try #require(dom.range(of: "</ol>", range: chart..<dom.endIndex)).upperBound
        #expect(dom[chart..<chartEnd].contains("serverProtectionPoliciesRequired"))
        #expect(Self.rows(Self.patternsTable, in: dom).contains { $0.cells[4] == "serverProtectionPoliciesRequired" })
    }

    /// The markup of the element with `id`, from its opening tag to the closing `</tag>` (not nested in itself).
    static func element(_ id: String, tag: String, in dom: String) -> String? {
        guard let start = dom.range(of: "<\(tag) id=\"\(id)\""),
            let end = dom.range(of: "</\(tag)>", range: start.upperBound..<dom.endIndex)
        else { return nil }
        return String(dom[start.lowerBound..<end.upperBound])
    }

    /// Okabe-Ito colours by outcome, written out here rather than taken from the renderer.
    static let outcomeColours = ["success": "#009E73", "failure": "#D55E00", "cancelled": "#0072B2"]

    @Test("a pattern's row and its bar in the chart link to swimlanes of its example operations, a bar per attempt")
    func swimlanes() throws {
        let demo = try Demo()
        defer { demo.directory.remove() }
        let dom = try demo.dom("selftest")
        let ends = try ReportCommandTests.decodedLines(demo.folder).filter {
            $0["event.name"] as? String == "acquisition.end"
        }
        let patterns = try #require(demo.json["patterns"] as? [[String: Any]])
        let rows = Self.rows(Self.patternsTable, in: dom)
        var lanes = 0
        for (index, pattern) in patterns.enumerated() {
            let examples = try #require(pattern["examples"] as? [[String: Any]], "pattern \(index) has no examples")
            // One click: the row's link (and the chart's) leads to the group.
            #expect(rows[index].markup.contains("<a href=\"#tl-p\(index)\">"), "\(rows[index].markup)")
            #expect(dom.contains("<a href=\"#tl-p\(index)\">"))
            let group = try #require(Self.element("tl-p\(index)", tag: "section", in: dom))
            let groupLanes = Self.matches(#"<div class="lane filterable" id="tl-p\#(index)-op(\d+)""#, in: group)
            #expect(groupLanes.count == examples.count)
            for (number, example) in examples.enumerated() {
                let install = try #require(example["install_id"] as? String)
                let operation = try #require(example["operation_id"] as? String)
                let laneStart = try #require(group.range(of: "id=\"tl-p\(index)-op\(number)\"")).lowerBound
                let laneEnd = group.range(of: "id=\"tl-p\(index)-op\(number + 1)\"")?.lowerBound ?? group.endIndex
                let laneMarkup = String(group[laneStart..<laneEnd])
                #expect(laneMarkup.contains(operation), "lane \(number) of pattern \(index)")
                let bars = Self.matches(#"<rect class="attempt outcome-(\w+)"[^>]* stroke="([^"]+)""#, in: laneMarkup)
                let attempts = ends.filter {
                    $0["install.id"] as? String == install && $0["operation.id"] as? String == operation
                }
                #expect(bars.count == attempts.count && !bars.isEmpty, "\(operation): \(bars.count) bars")
                #expect(bars.map { $0[1] }.sorted() == attempts.compactMap { $0["outcome"] as? String }.sorted())
                for bar in bars { #expect(bar[2] == Self.outcomeColours[bar[1]], "\(bar[1]) drawn in \(bar[2])") }
                lanes += 1
            }
        }
        #expect(lanes >= 7)
        // Failures are hatched as well as coloured.
        #expect(dom.contains("fill=\"url(#hatch)\"") && dom.contains("<pattern id=\"hatch\""))
    }

    @Test("from standard input the page says the timelines are unavailable, and still renders the rest")
    func standardInput() throws {
        let demo = try Demo()
        defer { demo.directory.remove() }
        let files = try FileManager.default.contentsOfDirectory(atPath: demo.folder).filter { $0.hasSuffix(".zst") }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: demo.folder + "/" + files.sorted()[0]))
        let result = try ProcessRunner.authtrail(["report", "--format", "html", "-"], input: bytes)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.text.contains("id=\"timelines-unavailable\""))
        #expect(result.text.contains("standard input"))
        #expect(!result.text.contains("class=\"lane"))
        #expect(result.text.contains("<svg id=\"failure-rate\""))
    }
}

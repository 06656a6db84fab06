import AuthTrailAnalysis
import AuthTrailTestSupport
import Foundation
import Testing

@Suite("authtrail report --format html in a real browser")
struct HTMLScreenshotTests {
    /// Counts the pixels of each given colour in a PNG, with Python's standard library only (zlib + struct), so the
    /// test needs nothing beyond what Tools/setup.sh installs.
    static let pixelCounter = #"""
        import struct, sys, zlib
        data = open(sys.argv[1], 'rb').read()
        assert data[:8] == b'\x89PNG\r\n\x1a\n'
        pos, idat = 8, b''
        while pos < len(data):
            length, kind = struct.unpack('>I4s', data[pos:pos + 8])
            body = data[pos + 8:pos + 8 + length]
            if kind == b'IHDR':
                width, height, depth, colour = struct.unpack('>IIBB', body[:10])
            elif kind == b'IDAT':
                idat += body
            pos += 12 + length
        assert depth == 8 and colour in (2, 6)
        bpp = 4 if colour == 6 else 3
        raw = zlib.decompress(idat)
        stride = width * bpp
        previous = bytearray(stride)
        counts = {c: 0 for c in sys.argv[2:]}
        wanted = {bytes.fromhex(c.lstrip('#')): c for c in sys.argv[2:]}
        for y in range(height):
            start = y * (stride + 1)
            kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b = previous[i]
                c = previous[i - bpp] if i >= bpp else 0
                if kind == 1: line[i] = (line[i] + a) & 255
                elif kind == 2: line[i] = (line[i] + b) & 255
                elif kind == 3: line[i] = (line[i] + (a + b) // 2) & 255
                elif kind == 4:
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
            for x in range(0, stride, bpp):
                name = wanted.get(bytes(line[x:x + 3]))
                if name: counts[name] += 1
            previous = line
        print(width, height, ' '.join(str(counts[c]) for c in sys.argv[2:]))
        """#

    @Test("the HTML report renders its charts in headless chromium, and loads nothing from elsewhere")
    func screenshotShowsCharts() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let out = try ReportCommandTests.demo(in: directory)
        let html = directory.path + "/report.html"
        let report = try ProcessRunner.authtrail(["report", "--format", "html", "-o", html, out])
        #expect(report.status == 0, "\(report.standardError)")
        let page = try String(contentsOfFile: html, encoding: .utf8)
        // Inline script and style only: no attribute or rule that fetches, every link within the page.
        for fetch in ["src=", "@import", "<link", "srcset", "<iframe", "fetch(", "XMLHttpRequest"] {
            #expect(!page.contains(fetch), "the page loads something: \(fetch)")
        }
        let links = HTMLReportInteractionTests.matches(#"href="([^"]*)""#, in: page).map { $0[1] }
        #expect(!links.isEmpty && links.allSatisfy { $0.hasPrefix("#") }, "\(links.filter { !$0.hasPrefix("#") })")
        let urls = HTMLReportInteractionTests.matches(#"url\(([^)]*)\)"#, in: page).map { $0[1] }
        #expect(urls.allSatisfy { $0.hasPrefix("#") }, "\(urls)")
        for id in ["failure-rate", "pattern-rates", "attempts-histogram"] {
            #expect(page.contains("<svg id=\"\(id)\""))
        }
        for id in ["top-patterns", "latency-distribution"] { #expect(page.contains("id=\"\(id)\"")) }

        let browser = try HTMLReportInteractionTests.browser()
        let png = directory.path + "/report.png"
        let shot = try ProcessRunner.run(
            browser,
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--screenshot=\(png)",
                "--window-size=1280,2400", "file://\(html)",
            ])
        #expect(shot.status == 0, "chromium failed: \(shot.standardError.suffix(300))")
        let script = directory.path + "/count.py"
        try Self.pixelCounter.write(toFile: script, atomically: true, encoding: .utf8)
        let colours = [Report.chartColours.failureRate, Report.chartColours.patterns, Report.chartColours.attempts]
        let counted = try ProcessRunner.run("python3", [script, png] + colours)
        #expect(counted.status == 0, "\(counted.standardError)")
        let numbers = counted.text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        #expect(numbers.count == 5)
        guard numbers.count == 5 else { return }
        #expect(numbers[0] == 1280 && numbers[1] == 2400)
        // Each chart's bars cover thousands of pixels in their exact colour when it rendered (the page's first
        // 2,400 pixels hold every chart).
        #expect(numbers[2] > 2_000, "failure-rate bars: \(numbers[2]) pixels")
        #expect(numbers[3] > 1_000, "top-pattern bars: \(numbers[3]) pixels")
        #expect(numbers[4] > 2_000, "attempts-histogram bars: \(numbers[4]) pixels")
    }

    /// Measures the page in the browser after its script ran (appended to a copy of the page, so the page under test
    /// is the one `report` wrote): the page's and the document's widths, SVG texts outside their SVG, per heatmap
    /// column whether a flagged cell is no darker than an unflagged one, header words split over two lines, sort
    /// arrows per header, tables without sorting, and the charts' widths. Writes them as JSON in `#layout-check`.
    static let layoutCheck = #"""
        (function () {
          'use strict';
          // Runs after the page's own script (registered later on the same event).
          function check() {
            function luminance(colour) {
              var channels = (colour.match(/[\d.]+/g) || [0, 0, 0]).slice(0, 3).map(function (value) {
                value = Number(value) / 255;
                return value <= 0.04045 ? value / 12.92 : Math.pow((value + 0.055) / 1.055, 2.4);
              });
              return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2];
            }
            function name(element) {
              var table = element.closest('table, svg, figure');
              return (table && (table.id || table.getAttribute('class'))) || element.tagName;
            }
            var result = {
              clientWidth: document.documentElement.clientWidth, scrollWidth: document.documentElement.scrollWidth,
              clippedText: [], heatmaps: [], brokenHeaders: [], headers: [], unsortable: [], charts: []
            };
            // Every text of every SVG inside its SVG's box: a text outside it is cut off.
            document.querySelectorAll('svg text').forEach(function (text) {
              var box = text.getBoundingClientRect();
              if (box.width === 0 && box.height === 0) { return; }
              var frame = text.ownerSVGElement.getBoundingClientRect();
              if (box.left < frame.left - 0.5 || box.right > frame.right + 0.5 || box.top < frame.top - 0.5
                || box.bottom > frame.bottom + 0.5) {
                result.clippedText.push(name(text) + ': ' + text.textContent);
              }
            });
            // Per heatmap column, the flagged cells' and the others' luminance; and whether each flagged cell is marked
            // beyond its colour (the mark in its text and an outline).
            document.querySelectorAll('table.heatmap').forEach(function (table) {
              var columns = {}, flagged = 0, unmarked = 0, darkerUnflagged = [];
              Array.prototype.forEach.call(table.tBodies[0].rows, function (row) {
                Array.prototype.forEach.call(row.cells, function (cell, index) {
                  if (!cell.classList.contains('heat')) { return; }
                  var column = columns[index] || (columns[index] = { flagged: [], others: [] });
                  var style = getComputedStyle(cell), light = luminance(style.backgroundColor);
                  if (cell.classList.contains('flagged')) {
                    flagged++;
                    column.flagged.push(light);
                    if (cell.textContent.indexOf('\u25B2') < 0 || style.outlineStyle === 'none'
                      || parseFloat(style.outlineWidth) < 2) { unmarked++; }
                  } else {
                    column.others.push(light);
                  }
                });
              });
              // And against every unflagged cell of the table: the eye goes to the darkest cells.
              var flaggedLight = [], othersLight = [];
              Object.keys(columns).forEach(function (index) {
                flaggedLight = flaggedLight.concat(columns[index].flagged);
                othersLight = othersLight.concat(columns[index].others);
              });
              var darkestInTable = !flaggedLight.length || !othersLight.length
                || Math.max.apply(null, flaggedLight) < Math.min.apply(null, othersLight);
              Object.keys(columns).forEach(function (index) {
                var column = columns[index];
                if (column.flagged.length && column.others.length
                  && Math.max.apply(null, column.flagged) >= Math.min.apply(null, column.others)) {
                  darkerUnflagged.push(table.tHead.rows[0].cells[index].textContent);
                }
              });
              result.heatmaps.push({ id: table.id, flagged: flagged, unmarked: unmarked, darkerUnflagged: darkerUnflagged,
                darkestInTable: darkestInTable });
            });
            // Column headers: no word split over two lines; one sort button each, whose arrow is the only one.
            document.querySelectorAll('thead th').forEach(function (th) {
              var walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT), node;
              while ((node = walker.nextNode())) {
                var words = /\S+/g, word;
                while ((word = words.exec(node.data))) {
                  var range = document.createRange();
                  range.setStart(node, word.index);
                  range.setEnd(node, word.index + word[0].length);
                  var lines = {};
                  Array.prototype.forEach.call(range.getClientRects(), function (rect) {
                    if (rect.width > 0) { lines[Math.round(rect.top)] = true; }
                  });
                  if (Object.keys(lines).length > 1) { result.brokenHeaders.push(name(th) + ': ' + word[0]); }
                }
              }
              var buttons = th.querySelectorAll('button.sort');
              var arrows = (th.textContent.match(/[\u2195\u25B2\u25BC]/g) || []).length;
              buttons.forEach(function (button) {
                var after = getComputedStyle(button, '::after').content;
                arrows += (after.match(/[\u2195\u25B2\u25BC]/g) || []).length;
              });
              result.headers.push({ table: name(th), text: th.textContent, buttons: buttons.length, arrows: arrows,
                top: Math.round(th.getBoundingClientRect().top), height: Math.round(th.getBoundingClientRect().height) });
            });
            document.querySelectorAll("main table").forEach(function (table) {
              if (!table.hasAttribute('data-sortable')) { result.unsortable.push(table.id); }
            });
            // The charts: each SVG chart's width against its figure's; how far right the charts reach.
            var area = document.querySelector('.charts');
            var areaBox = area ? area.getBoundingClientRect() : { left: 0, right: 0 };
            var right = 0;
            document.querySelectorAll('.charts figure').forEach(function (figure) {
              right = Math.max(right, figure.getBoundingClientRect().right);
            });
            document.querySelectorAll('.charts svg.chart').forEach(function (svg) {
              var box = svg.getBoundingClientRect(), figure = svg.closest('figure').getBoundingClientRect();
              result.charts.push({ id: svg.id, width: box.width, figure: figure.width });
            });
            result.chartsArea = { width: areaBox.right - areaBox.left, used: right - areaBox.left };
            var heatmap = document.querySelector('table.heatmap');
            result.firstHeatmapBottom = heatmap ? Math.ceil(heatmap.getBoundingClientRect().bottom + scrollY) : 0;
            var out = document.createElement('pre');
            out.id = 'layout-check';
            out.hidden = true;
            out.textContent = JSON.stringify(result);
            document.body.appendChild(out);
          }
          if (document.readyState === 'loading') { document.addEventListener('DOMContentLoaded', check); } else { check(); }
        })();
        """#

    /// `layoutCheck`'s result on `page` at `width` px (the check appended to a copy of the page).
    static func layout(of page: String, width: Int) throws -> [String: Any] {
        let html = try String(contentsOfFile: page, encoding: .utf8)
        let checked = page.replacingOccurrences(of: ".html", with: "-checked.html")
        try html.replacingOccurrences(of: "</body>", with: "<script>\(layoutCheck)</script>\n</body>")
            .write(toFile: checked, atomically: true, encoding: .utf8)
        let result = try ProcessRunner.run(
            try HTMLReportInteractionTests.browser(),
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=\(width),1200",
                "--dump-dom", "file://\(checked)",
            ])
        #expect(result.status == 0, "chromium failed: \(result.standardError.suffix(300))")
        let json = try #require(
            HTMLReportInteractionTests.matches(#"<pre id="layout-check"[^>]*>(.*?)</pre>"#, in: result.text).first?[1],
            "the check did not run")
        let data = Data(HTMLReportInteractionTests.text(json).utf8)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// A generated fleet (`GeneratedFleet`, two app versions) with the two planted releases (`ReleaseFleet`: 4.2's
    /// expired pattern, rare in the fleet, is its outlier) in the same folder, and its HTML report.
    static func fleetPage() throws -> (fleet: GeneratedFleet, page: String) {
        let fleet = try GeneratedFleet(installs: HTMLFleetReportTests.installs)
        let releases = fleet.directory.path + "/releases"
        try FileManager.default.createDirectory(atPath: releases, withIntermediateDirectories: true)
        try ReleaseFleet.write(ReleaseFleet.baseline, into: releases)
        try ReleaseFleet.write(ReleaseFleet.candidate, into: releases)
        let page = fleet.directory.path + "/report.html"
        let report = try ProcessRunner.authtrail(["report", "--format", "html", "-o", page, fleet.directory.path])
        #expect(report.status == 0, "\(report.standardError.suffix(500))")
        return (fleet, page)
    }

    @Test(
        "the fleet report at 1024, 1400 and 1920 px: no overflow or clipped label, flagged cells the darkest, headers whole",
        // 1024: a laptop's window, where the wide tables scroll in their box (the visually hidden words of their
        // cells, positioned against the page, made the page itself scroll sideways).
        arguments: [1024, 1400, 1920])
    func fleetLayout(width: Int) throws {
        let (fleet, page) = try Self.fleetPage()
        defer { fleet.remove() }
        let layout = try Self.layout(of: page, width: width)

        let (scrollWidth, clientWidth) = (layout["scrollWidth"] as? Int ?? .max, layout["clientWidth"] as? Int ?? 0)
        #expect(clientWidth == width && scrollWidth <= clientWidth, "the page is \(scrollWidth) px wide in \(width)")
        #expect((layout["clippedText"] as? [String])?.isEmpty == true, "clipped: \(layout["clippedText"] ?? "?")")
        // Flagged cells in every heatmap but the server's; each marked beyond its colour and darker than every
        // unflagged cell of its column and of its table, where the eye goes first.
        let heatmaps = try #require(layout["heatmaps"] as? [[String: Any]])
        #expect(heatmaps.count == 4)
        #expect(heatmaps.filter { $0["flagged"] as? Int ?? 0 > 0 }.count >= 3, "\(heatmaps)")
        for heatmap in heatmaps {
            #expect((heatmap["darkerUnflagged"] as? [String])?.isEmpty == true, "\(heatmap)")
            #expect(heatmap["darkestInTable"] as? Bool == true, "\(heatmap)")
            #expect(heatmap["unmarked"] as? Int == 0, "\(heatmap)")
        }
        // Every table sorts, each header has one button and one arrow, and no header word is split.
        #expect((layout["brokenHeaders"] as? [String])?.isEmpty == true, "\(layout["brokenHeaders"] ?? "?")")
        #expect((layout["unsortable"] as? [String])?.isEmpty == true, "\(layout["unsortable"] ?? "?")")
        let headers = try #require(layout["headers"] as? [[String: Any]])
        #expect(headers.count > 50)
        for header in headers where header["buttons"] as? Int != 1 || header["arrows"] as? Int != 1 {
            Issue.record("\(header["buttons"] ?? "?") sort buttons and \(header["arrows"] ?? "?") arrows: \(header)")
        }
        // Each chart is as wide as its box, and the charts fill the page's width: no blank half.
        let charts = try #require(layout["charts"] as? [[String: Any]])
        #expect(charts.count == 3)
        for chart in charts {
            let (drawn, box) = (chart["width"] as? Double ?? 0, chart["figure"] as? Double ?? 1)
            #expect(drawn >= box - 1 && drawn > 560, "\(chart)")
        }
        let area = try #require(layout["chartsArea"] as? [String: Any])
        #expect((area["used"] as? Double ?? 0) >= 0.95 * (area["width"] as? Double ?? .infinity), "\(area)")

        // The screenshot, down to the first heatmap: Chromium draws it at the width.
        let height = try #require(layout["firstHeatmapBottom"] as? Int) + 40
        let png = fleet.directory.path + "/report-\(width).png"
        let shot = try ProcessRunner.run(
            try HTMLReportInteractionTests.browser(),
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--screenshot=\(png)",
                "--window-size=\(width),\(height)", "file://\(page)",
            ])
        #expect(shot.status == 0, "chromium failed: \(shot.standardError.suffix(300))")
        let header = try Data(contentsOf: URL(fileURLWithPath: png)).prefix(24)
        // The PNG's IHDR: width and height, big-endian, at bytes 16 and 20.
        let size = [16, 20].map { offset in header.dropFirst(offset).prefix(4).reduce(0) { $0 << 8 | Int($1) } }
        #expect(size == [width, height])
    }

    @Test("the fleet's charts: the failure-rate axis ends at the data's round maximum, attempts on a log scale")
    func chartAxes() throws {
        let (fleet, page) = try Self.fleetPage()
        defer { fleet.remove() }
        let html = try String(contentsOfFile: page, encoding: .utf8)
        let json = try #require(
            try JSONSerialization.jsonObject(
                with: ProcessRunner.authtrail(["report", "--format", "json", fleet.directory.path]).standardOutput)
                as? [String: Any])
        func svg(_ id: String) throws -> String {
            try #require(HTMLReportInteractionTests.element(id, tag: "svg", in: html), "no chart \(id)")
        }
        #expect(try svg("failure-rate").contains("viewBox=") && svg("failure-rate").contains("width=\"100%\""))

        // The y axis: at least 3 labelled ticks, evenly spaced, the last one step at most above the highest rate.
        let buckets = try #require((json["timeline"] as? [String: Any])?["buckets"] as? [[String: Any]])
        let highest = buckets.compactMap { $0["failure_rate"] as? Double }.max() ?? 0
        let ticks = HTMLReportInteractionTests.matches(
            #"text-anchor="end">([0-9.]+)%</text>"#, in: try svg("failure-rate")
        )
        .compactMap { Double($0[1]) }.map { $0 / 100 }
        #expect(ticks.count >= 3 && highest > 0.05, "\(ticks)")
        let step = ticks.count > 1 ? ticks[1] - ticks[0] : 1
        #expect(zip(ticks, ticks.dropFirst()).allSatisfy { abs($1 - $0 - step) < 1e-9 }, "\(ticks)")
        #expect(ticks.last ?? 0 >= highest && (ticks.last ?? 0) - step < highest, "\(ticks) for \(highest)")

        // Attempts: the bars of 3 to 6 attempts stand at least a fifth of the tallest, whose operations are tens
        // of times more; the ticks say 1, 10, 100.
        let histogram = try #require((json["retries"] as? [String: Any])?["attempts_histogram"] as? [[String: Any]])
        let operations = histogram.compactMap { $0["operations"] as? Int }
        #expect((operations.max() ?? 0) > 20 * (operations.dropFirst(2).min() ?? .max), "\(operations)")
        let attempts = try svg("attempts-histogram")
        let heights = HTMLReportInteractionTests.matches(#"<rect [^>]*height="([0-9.]+)""#, in: attempts)
            .compactMap { Double($0[1]) }
        #expect(heights.count == histogram.count)
        let tallest = heights.max() ?? 0
        for (index, height) in heights.enumerated().dropFirst(2) {
            #expect(height >= tallest / 5, "\(index + 1) attempts: \(height) of \(tallest)")
        }
        for label in ["1", "10", "100"] {
            #expect(attempts.contains("text-anchor=\"end\">\(label)</text>"), "\(label)")
        }
    }

    @Test("the Markdown report has a heading and a table for each section")
    func markdown() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let out = try ReportCommandTests.demo(in: directory)
        let result = try ProcessRunner.authtrail(["report", "--format", "markdown", out])
        #expect(result.status == 0)
        for heading in [
            "## Attempts by kind and outcome", "## Failures by error (domain, code, sub-code)", "## Retry behaviour",
            "## Latency by kind and outcome", "## Writer health",
        ] {
            #expect(result.text.contains(heading + "\n"), "missing \(heading)")
        }
        #expect(result.text.contains("| count | share | domain | code |"))
        #expect(result.text.contains("|---:|---:|---|---:|"))
        #expect(result.text.contains(" | MSALErrorDomain | -50002 | interactionRequired | "))
    }
}

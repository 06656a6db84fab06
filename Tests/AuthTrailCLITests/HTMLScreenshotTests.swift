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

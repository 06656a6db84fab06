import AuthTrailTestSupport
import Foundation
import Testing

/// `authtrail report --width N` on the demo trail, against the same report piped at full width.
@Suite("text reports fit narrow terminals without cutting a value, and stay full width when piped")
struct NarrowTerminalTests {
    /// The demo's folder and its report piped, made once.
    private static let demo: (folder: String, piped: String)? = {
        guard let directory = try? TemporaryDirectory("authtrail-narrow") else { return nil }
        let folder = directory.path + "/demo"
        guard (try? ProcessRunner.authtrail(["demo", "--out", folder]))?.status == 0,
            let piped = try? ProcessRunner.authtrail(["report", "--colour", "never", folder])
        else { return nil }
        return (folder, piped.text)
    }()

    /// The words of a report's tables and sentences (whitespace-separated, the bars left out), without a trailing
    /// colon: rows laid out as blocks label each value with its header and a colon.
    private static func words(of text: String) -> [Substring] {
        text.split(whereSeparator: \.isWhitespace).filter { !$0.allSatisfy { $0 == "#" } }.map {
            $0.hasSuffix(":") ? $0.dropLast() : $0
        }
    }

    @Test(
        "every line fits and every word of the full-width report is still there, whole", arguments: [40, 60, 80, 120])
    func fitsWidth(_ width: Int) throws {
        let demo = try #require(Self.demo, "the demo could not be written")
        let narrow = try ProcessRunner.authtrail(["report", "--colour", "never", "--width", String(width), demo.folder])
        #expect(narrow.status == 0, "\(narrow.standardError)")
        for line in narrow.text.split(separator: "\n") {
            #expect(line.count <= width, "\(line.count) > \(width): \(line)")
        }
        // Words are never cut: each full-width word appears as a whole word, as often (header words wrap, so a
        // word may move, but it neither vanishes nor loses letters).
        var available: [Substring: Int] = [:]
        for word in Self.words(of: narrow.text) { available[word, default: 0] += 1 }
        var missing: [Substring] = []
        for word in Self.words(of: demo.piped) {
            if let count = available[word], count > 0 {
                available[word] = count - 1
            } else {
                missing.append(word)
            }
        }
        #expect(missing.isEmpty, "at width \(width), missing or cut: \(missing.prefix(10))")
        #expect(narrow.text.contains("serverProtectionPoliciesRequired"), "the long name stays whole")
    }

    @Test("piped, the report ignores COLUMNS and keeps every table at full width")
    func pipedIsFullWidth() throws {
        let demo = try #require(Self.demo, "the demo could not be written")
        let binary = ProcessRunner.productsDirectory.appendingPathComponent("authtrail").path
        let withColumns = try ProcessRunner.run(
            "env", ["COLUMNS=40", binary, "report", "--colour", "never", demo.folder])
        #expect(withColumns.text == demo.piped)
        #expect(demo.piped.split(separator: "\n").contains { $0.count > 120 }, "the full-width tables are wide")
        // A width the tables already fit leaves them exactly as piped.
        let wide = try ProcessRunner.authtrail(["report", "--colour", "never", "--width", "1000", demo.folder])
        #expect(wide.text == demo.piped)
    }
}

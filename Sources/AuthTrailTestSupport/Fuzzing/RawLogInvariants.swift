import AuthTrail
import AuthTrailAnalysis
import Foundation

/// What must hold when any bytes are read as raw MSAL log text (`SegmentReader` → `RawLogReader` → `ReportBuilder`
/// and every renderer); checked by the `fuzz-raw-log` libFuzzer target (Tests/Fuzz/RawLog) and replayed over the
/// committed corpus by the unit tests.
///
/// The first byte chooses how the rest is read: bit 0 clear, as plain text; set, compressed on the fly (one zstd
/// frame). The harness puts an MSAL line before the fuzz text and a continuation line and another MSAL line after it,
/// each holding a planted JWT and e-mail address; neither may appear in any event line, report format or warning.
package enum RawLogInvariants {
    static let plantedToken = RedactorInvariants.plantedToken
    static let plantedEmail = RedactorInvariants.plantedEmail

    static let before =
        "TID=1 MSAL 1.4.0 iOS 17.5 [2024-06-25 15:27:34 - 63CD1BFD-118A-4390-81A1-D702B8E18F4B] [MSAL] acquireToken "
        + "for \(plantedEmail) with \(plantedToken) returning with error: (MSALErrorDomain, -50002) Masked(not-null)\n"
    static let after =
        "\n  refresh_token \(plantedToken) \(plantedEmail)\n"
        + "TID=2 MSAL 1.4.0 iOS 17.5 [2024-06-25 15:27:35] Creating Error with description: \(plantedEmail) "
        + "\(plantedToken)\n"

    /// The violated invariants for `input` (empty when all hold). Messages name what broke, never the text.
    package static func violations(input: [UInt8]) -> [String] {
        let selector = input.first ?? 0
        let text = Array(before.utf8) + input.dropFirst() + Array(after.utf8)
        let bytes: [UInt8]
        if selector & 1 == 1 {
            guard let compressed = ReportInvariants.compress(text, framePerLine: false) else {
                return ["ZstdCompressor failed on the text"]
            }
            bytes = compressed
        } else {
            bytes = text
        }
        var consumer = Collector()
        let summary = SegmentReader.read(bytes: bytes, name: "fuzz-raw.txt", into: &consumer)
        consumer.builder.add(summary)
        let report = consumer.builder.finish()
        var violations = [String]()
        guard let raw = summary.rawLog else { return ["the input was not read as raw MSAL log text"] }
        if raw.msalLines < 2 { violations.append("a planted MSAL line was not read") }
        if raw.requests.isEmpty { violations.append("the planted request's result was not read") }
        if consumer.unparsable > 0 { violations.append("an event line is not a JSON object with an event name") }
        var outputs = consumer.lines + summary.warnings + report.health.warnings
        outputs += [report.renderJSON(), report.renderText(), report.renderMarkdown(), report.renderHTML()]
        if outputs.contains(where: { $0.contains(plantedToken) }) { violations.append("the planted JWT survived") }
        if outputs.contains(where: { $0.contains(plantedEmail) }) { violations.append("the planted e-mail survived") }
        return violations + ReportInvariants.violations(report: report, summary: summary)
    }

    /// Keeps every event line (as text) and builds the report from the same events.
    private struct Collector: LogConsumer {
        var lines: [String] = []
        var unparsable = 0
        var builder = ReportBuilder()

        mutating func segment(_ header: SegmentHeader, path: String) { builder.segment(header, path: path) }

        mutating func event(_ record: LogRecord, line: UnsafeRawBufferPointer) {
            lines.append(String(decoding: line, as: UTF8.self))
            if LogRecord(foundationParsing: line) == nil { unparsable += 1 }
            builder.event(record, line: line)
        }
    }
}

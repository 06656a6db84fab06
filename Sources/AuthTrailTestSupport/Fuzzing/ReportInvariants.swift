import AuthTrail
package import AuthTrailAnalysis
import Foundation

/// What must hold when any bytes go through the whole report path (`SegmentReader`, `EventScanner`,
/// `ReportBuilder`, every renderer); checked by the `fuzz-report` libFuzzer target (Tests/Fuzz/Report) and replayed
/// over the committed corpus by the unit tests. The first byte chooses how the rest is read:
///
/// - bit 0 clear: the rest is a file as stored (zstd frames, skippable frames, damage); set: the rest is NDJSON text,
///   compressed on the fly with `ZstdCompressor`;
/// - bit 1: tight builder limits (a few open operations, a short idle time, a small storm window), so small inputs
///   reach the sweeps that real ones reach after thousands of operations;
/// - bit 2 (NDJSON only): a frame per line instead of one frame.
package enum ReportInvariants {
    /// How the first byte of an input reads the rest.
    package struct Selector: OptionSet, Sendable {
        package let rawValue: UInt8
        package init(rawValue: UInt8) { self.rawValue = rawValue }
        package static let text = Self(rawValue: 1)
        package static let tightLimits = Self(rawValue: 2)
        package static let framePerLine = Self(rawValue: 4)
    }

    /// An input for `violations(input:)`: the selector byte, then `body`.
    package static func input(_ selector: Selector, _ body: [UInt8]) -> [UInt8] { [selector.rawValue] + body }

    /// The violated invariants for `input` (empty when all hold). Messages name fields, never values.
    package static func violations(input: [UInt8]) -> [String] {
        guard let first = input.first else { return violations(input: [0]) }
        let selector = Selector(rawValue: first)
        let body = Array(input.dropFirst())
        let bytes: [UInt8]
        if selector.contains(.text) {
            guard let compressed = compress(body, framePerLine: selector.contains(.framePerLine)) else {
                return ["ZstdCompressor failed on NDJSON text"]
            }
            bytes = compressed
        } else {
            bytes = body
        }
        var limits = ReportBuilder.Limits()
        if selector.contains(.tightLimits) {
            limits.operations.openOperations = 4
            limits.operations.idleSweepOperations = 2
            limits.operations.idleOperationMilliseconds = 1_000
            limits.stormWindowMilliseconds = 5_000
            limits.operationStormAttempts = 2
            limits.deviceStormAttempts = 3
        }
        var builder = ReportBuilder(limits: limits)
        var reader = SegmentReader()
        let summary = reader.read(bytes: bytes, name: "fuzz.zst", into: &builder)
        builder.add(summary)
        return violations(report: builder.finish(), summary: summary)
    }

    /// The violated invariants of a report built from one input, and that input's summary.
    package static func violations(report: Report, summary: InputSummary) -> [String] {
        checkSummary(summary) + checkCounts(report, summary: summary) + checkBounds(report) + checkRenderers(report)
    }

    /// `text` as zstd frames (one, or one per line).
    package static func compress(_ text: [UInt8], framePerLine: Bool) -> [UInt8]? {
        do throws(ZstdError) {
            let compressor = try ZstdCompressor(level: 1)
            var out = [UInt8]()
            if framePerLine {
                for line in text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
                    try compressor.write(Array(line) + [UInt8(ascii: "\n")], into: &out)
                    try compressor.endFrame(into: &out)
                }
            } else {
                try compressor.write(text, into: &out)
                try compressor.endFrame(into: &out)
            }
            return out
        } catch {
            return nil
        }
    }

    /// The reader's summary: issues counted, warnings bounded whatever the damage.
    private static func checkSummary(_ summary: InputSummary) -> [String] {
        var violations = [String]()
        let kinds = summary.issues.totals.count
        if summary.issues.examples.count > kinds * DecodeIssueTally.examplesPerKind {
            violations.append("more decode issue examples kept than examplesPerKind per kind")
        }
        // Beside the issues' lines, one line each at most: invalid lines, newer-schema events, shortened values.
        if summary.warnings.count > kinds * (DecodeIssueTally.examplesPerKind + 1) + 3 {
            violations.append("summary.warnings is not bounded by the issue kinds: \(summary.warnings.count) lines")
        }
        return violations
    }

    /// Counts are non-negative, rates are fractions, and the health section counts every decode issue.
    private static func checkCounts(_ report: Report, summary: InputSummary) -> [String] {
        var violations = [String]()
        func nonNegative(_ name: String, _ values: Int...) {
            if values.contains(where: { $0 < 0 }) { violations.append("negative \(name)") }
        }
        func fraction(_ name: String, _ value: Double) {
            if !(0...1).contains(value) { violations.append("\(name) outside 0...1") }
        }
        let input = report.input
        nonNegative("input counts", input.files, input.events, input.devices, input.users)
        var attempts = 0
        for kind in report.kinds {
            nonNegative("kinds counts", kind.attempts, kind.successes, kind.failures, kind.cancellations)
            if kind.successes + kind.failures + kind.cancellations != kind.attempts {
                violations.append("kinds outcomes do not add up to attempts")
            }
            fraction("kinds.success_rate", kind.successRate)
            attempts += kind.attempts
        }
        if attempts > input.events { violations.append("more attempts than events") }
        for pattern in report.patterns + report.stsPatterns {
            nonNegative("pattern counts", pattern.count, pattern.users, pattern.devices)
            fraction("patterns.share", pattern.share)
        }
        let retries = report.retries
        nonNegative(
            "retries counts", retries.operations, retries.retriedOperations, retries.retriedSucceeded,
            retries.fallback.silentFailures, retries.fallback.fallbacks, retries.fallback.succeeded,
            retries.fallback.failed, retries.fallback.cancelled, retries.retryAfter.retriedAfterHint,
            retries.retryAfter.compliant, retries.retryAfter.violations, retries.operationStorms.count,
            retries.deviceStorms.count, retries.backoff.growing, retries.backoff.constant, retries.backoff.immediate,
            retries.backoff.irregular)
        if retries.attemptsHistogram.reduce(0, { $0 + $1.operations }) != retries.operations {
            violations.append("attempts_histogram does not add up to operations")
        }
        fraction("retries.eventual_success_rate", retries.eventualSuccessRate)
        fraction("retries.fallback.rate", retries.fallback.rate)
        for row in report.latency {
            let durations = row.durations
            let values = [durations.p50, durations.p90, durations.p99, durations.max].compactMap { $0 }
            if values.contains(where: { $0 < 0 }) { violations.append("negative latency percentile") }
            if values != values.sorted() { violations.append("latency percentiles out of order") }
        }
        for bucket in report.timeline.buckets {
            nonNegative("timeline counts", bucket.attempts, bucket.failures)
            fraction("timeline.failure_rate", bucket.failureRate)
        }
        let health = report.health
        nonNegative(
            "health counts", health.dropReports, health.droppedEvents, health.tornTails, health.corruptFrames,
            health.checksumMismatches, health.otherDecodeIssues, health.invalidLines, health.newerSchemaEvents,
            health.outOfRangeValues ?? 0)
        let decodeIssues =
            health.tornTails + health.corruptFrames + health.checksumMismatches + health.otherDecodeIssues
        if decodeIssues != summary.issues.count { violations.append("health does not count every decode issue") }
        return violations
    }

    /// Every table stays within its cap, and warnings within theirs.
    private static func checkBounds(_ report: Report) -> [String] {
        var violations = [String]()
        if report.kinds.count > ReportBounds.kinds + 1 { violations.append("kinds past its cap") }
        if report.latency.count > ReportBounds.latencyRows + 1 { violations.append("latency past its cap") }
        if report.patterns.count > ReportBounds.patterns + 1 { violations.append("patterns past its cap") }
        if report.stsPatterns.count > ReportBounds.stsPatterns + 1 { violations.append("sts_patterns past its cap") }
        if report.timeline.buckets.count > 61 { violations.append("timeline longer than 61 buckets") }
        // The capped list, plus one line per bound the input reached.
        if report.health.warnings.count > ReportBounds.warnings + 10 { violations.append("warnings past their cap") }
        if report.health.warnings.contains(where: { $0.utf8.count > 2_000 }) {
            violations.append("a warning longer than 2,000 bytes")
        }
        return violations
    }

    /// Every renderer runs, and the JSON form parses.
    private static func checkRenderers(_ report: Report) -> [String] {
        var violations = [String]()
        let json = report.renderJSON()
        let parsed = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        if parsed == nil { violations.append("renderJSON output does not parse") }
        if parsed?["report_schema"] == nil { violations.append("renderJSON output lacks report_schema") }
        if report.renderText().isEmpty { violations.append("renderText is empty") }
        if report.renderMarkdown().isEmpty { violations.append("renderMarkdown is empty") }
        if !report.renderHTML().hasSuffix("</html>\n") { violations.append("renderHTML is not a whole page") }
        return violations
    }
}

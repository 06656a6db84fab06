/// The report's tables as header and rows of strings, shared by the text, Markdown and HTML renderers so all show
/// the same columns.
struct ReportSection {
    var title: String
    var summary: [String] = []
    var header: [String] = []
    var rows: [[String]] = []
    /// Columns holding numbers (right-aligned).
    var numeric: Set<Int> = []
    /// Per row, a share from 0 to 1 that the text form draws as a bar (the HTML form has charts instead).
    var bars: [Double]? = nil
}

extension Report {
    var sections: [ReportSection] {
        typealias F = ReportFormatting
        var sections: [ReportSection] = []
        if let rawLogSection { sections.append(rawLogSection) }
        let activeBuckets = timeline.buckets.filter { $0.attempts > 0 }
        sections.append(
            ReportSection(
                title: "Attempts by kind and outcome",
                header: ["kind", "attempts", "success", "failure", "cancelled", "success rate"],
                rows: kinds.map {
                    [
                        $0.kind, "\($0.attempts)", "\($0.successes)", "\($0.failures)", "\($0.cancellations)",
                        F.percent($0.successRate),
                    ]
                },
                numeric: [1, 2, 3, 4, 5]))
        sections.append(
            ReportSection(
                title: "Failures by error (domain, code, sub-code)",
                header: [
                    "count", "share", "domain", "code", "name", "sub-code", "HTTP", "users", "devices", "first seen",
                    "last seen", "recommended action",
                ],
                rows: patterns.map {
                    [
                        "\($0.count)", F.percent($0.share), $0.domain ?? "-", F.code($0), F.name($0), F.subcode($0),
                        $0.httpStatus.map(String.init) ?? "-", "\($0.users)", "\($0.devices)",
                        $0.firstSeen?.description ?? "-",
                        $0.lastSeen?.description ?? "-",
                        F.action($0.action),
                    ]
                },
                numeric: [0, 1, 3, 7, 8]))
        sections.append(
            ReportSection(
                title: "Failures by STS code",
                header: [
                    "count", "share", "STS code", "users", "devices", "first seen", "last seen", "recommended action",
                ],
                rows: stsPatterns.map {
                    [
                        "\($0.count)", F.percent($0.share), F.code($0), "\($0.users)", "\($0.devices)",
                        $0.firstSeen?.description ?? "-",
                        $0.lastSeen?.description ?? "-", F.action($0.action),
                    ]
                },
                numeric: [0, 1, 3, 4]))
        if let setupSection { sections.append(setupSection) }
        let fallback = retries.fallback
        let recover = retries.timeToRecover
        sections.append(
            ReportSection(
                title: "Retry behaviour",
                summary: [
                    "Operations: \(retries.operations); retried: \(retries.retriedOperations); eventual success of retried: "
                        + "\(retries.retriedSucceeded) (\(F.percent(retries.eventualSuccessRate))).",
                    "Time to recover (\(recover.count) operations): p50 \(F.milliseconds(recover.p50)), p90 "
                        + "\(F.milliseconds(recover.p90)), max \(F.milliseconds(recover.max)).",
                    "Silent-to-interactive fallback: \(fallback.fallbacks) of \(fallback.silentFailures) operations with a failed "
                        + "silent attempt (\(F.percent(fallback.rate))); interactive outcome: \(fallback.succeeded) success, "
                        + "\(fallback.failed) failure, \(fallback.cancelled) cancelled.",
                    "Retry-After: \(retries.retryAfter.retriedAfterHint) retries after a hint, \(retries.retryAfter.compliant) "
                        + "waited long enough, \(retries.retryAfter.violations) violations.",
                    "Operation storms (\(retries.operationStorms.threshold)+ attempts within \(retries.operationStorms.windowSeconds) s): "
                        + "\(retries.operationStorms.count); device storms (\(retries.deviceStorms.threshold)+ attempts within "
                        + "\(retries.deviceStorms.windowSeconds) s): \(retries.deviceStorms.count).",
                    "Backoff of operations with 3+ attempts: \(retries.backoff.growing) growing, \(retries.backoff.constant) "
                        + "constant, \(retries.backoff.immediate) immediate, \(retries.backoff.irregular) irregular.",
                ],
                header: ["attempts", "operations"],
                rows: retries.attemptsHistogram.map { ["\($0.attempts)", "\($0.operations)"] },
                numeric: [0, 1]))
        sections.append(
            ReportSection(
                title: "Retry-After violations",
                header: ["install", "operation", "attempt", "failed at", "retried at", "waited", "Retry-After"],
                rows: retries.retryAfter.examples.map {
                    [
                        $0.installID, $0.operationID, "\($0.attempt)", $0.failedAt.description,
                        $0.retriedAt.description,
                        F.milliseconds($0.waitedMilliseconds),
                        "\($0.retryAfterSeconds) s",
                    ]
                },
                numeric: [2, 5]))
        sections.append(
            ReportSection(
                title: "Retry storms",
                header: ["scope", "install", "operation", "start", "attempts", "over"],
                rows: retries.operationStorms.examples.map { ["operation"] + Self.stormCells($0) }
                    + retries.deviceStorms.examples.map { ["device"] + Self.stormCells($0) },
                numeric: [4, 5]))
        sections.append(
            ReportSection(
                title: "Backoff: gap between a failure and the next attempt",
                header: ["gap", "retries"], rows: retries.backoff.gaps.map { [$0.label, "\($0.count)"] }, numeric: [1]))
        sections.append(
            ReportSection(
                title: "Latency by kind and outcome",
                header: ["kind", "outcome", "attempts", "p50", "p90", "p99", "max"],
                rows: latency.map {
                    [
                        $0.kind, $0.outcome, "\($0.durations.count)", F.milliseconds($0.durations.p50),
                        F.milliseconds($0.durations.p90),
                        F.milliseconds($0.durations.p99), F.milliseconds($0.durations.max),
                    ]
                },
                numeric: [2, 3, 4, 5, 6]))
        sections += breakdowns.map(breakdownSection)
        if let baseline { sections += Self.baselineSections(baseline) }
        sections.append(
            ReportSection(
                title: "Failure rate over time (\(timeline.bucketSeconds / 60) min buckets)",
                header: ["from", "attempts", "failures", "rate"],
                rows: activeBuckets.map {
                    [$0.start.description, "\($0.attempts)", "\($0.failures)", F.percent($0.failureRate)]
                },
                numeric: [1, 2, 3], bars: activeBuckets.map(\.failureRate)))
        sections.append(
            ReportSection(
                title: "Writer health",
                summary: [
                    "store.dropped reports: \(health.dropReports) (\(health.droppedEvents) events lost); torn tails: \(health.tornTails); "
                        + "corrupt frames: \(health.corruptFrames); checksum mismatches: \(health.checksumMismatches); other decode "
                        + "issues: \(health.otherDecodeIssues); invalid lines: \(health.invalidLines); newer-schema events: "
                        + "\(health.newerSchemaEvents)"
                        + (health.outOfRangeValues.map { "; values out of range (ignored): \($0)" } ?? "") + "."
                ] + health.warnings))
        return sections
    }

    private static func stormCells(_ storm: Storm) -> [String] {
        [
            storm.installID, storm.operationID ?? "-", storm.start.description, "\(storm.attempts)",
            ReportFormatting.milliseconds(storm.durationMilliseconds),
        ]
    }

    var headline: String {
        var text =
            "\(input.files) file\(input.files == 1 ? "" : "s"), \(input.events) events, \(input.devices) "
            + "device\(input.devices == 1 ? "" : "s"), \(input.users) user\(input.users == 1 ? "" : "s")"
        if let first = input.firstEvent, let last = input.lastEvent { text += ", \(first) to \(last)" }
        return text
    }
}

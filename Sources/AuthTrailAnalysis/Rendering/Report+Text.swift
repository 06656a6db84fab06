extension Report {
    /// The report as aligned plain-text tables; `colour` adds ANSI bold headings (only for a terminal).
    public func renderText(colour: Bool = false) -> String {
        typealias F = ReportFormatting
        func heading(_ title: String) -> String { colour ? "\n\u{1B}[1;4m\(title)\u{1B}[0m\n" : "\n\(title)\n" }
        var out = "AuthTrail report: \(input.files) file\(input.files == 1 ? "" : "s"), \(input.events) events, "
        out +=
            "\(input.devices) device\(input.devices == 1 ? "" : "s"), \(input.users) user\(input.users == 1 ? "" : "s")"
        if let first = input.firstEvent, let last = input.lastEvent { out += ", \(first) to \(last)" }
        out += "\n"
        if !input.filters.isEmpty { out += "Filters: \(input.filters.joined(separator: "; "))\n" }

        out += heading("Attempts by kind and outcome")
        out += TextTable(
            header: ["kind", "attempts", "success", "failure", "cancelled", "success rate"],
            rows: kinds.map {
                [
                    $0.kind, "\($0.attempts)", "\($0.successes)", "\($0.failures)", "\($0.cancellations)",
                    F.percent($0.successRate),
                ]
            },
            rightAligned: [1, 2, 3, 4, 5]
        ).render(colour: colour)

        out += heading("Failures by error (domain, code, sub-code)")
        out +=
            patterns.isEmpty
            ? "  none\n"
            : TextTable(
                header: [
                    "count", "share", "domain", "code", "name", "sub-code", "HTTP", "users", "devices", "first seen",
                    "last seen", "recommended action",
                ],
                rows: patterns.map {
                    [
                        "\($0.count)", F.percent($0.share), $0.domain ?? "-", F.code($0), F.name($0), F.subcode($0),
                        $0.httpStatus.map(String.init) ?? "-", "\($0.users)", "\($0.devices)", $0.firstSeen ?? "-",
                        $0.lastSeen ?? "-", F.action($0.action),
                    ]
                },
                rightAligned: [0, 1, 3, 7, 8]
            ).render(colour: colour)

        out += heading("Failures by STS code")
        out +=
            stsPatterns.isEmpty
            ? "  none\n"
            : TextTable(
                header: [
                    "count", "share", "STS code", "users", "devices", "first seen", "last seen", "recommended action",
                ],
                rows: stsPatterns.map {
                    [
                        "\($0.count)", F.percent($0.share), F.code($0), "\($0.users)", "\($0.devices)",
                        $0.firstSeen ?? "-",
                        $0.lastSeen ?? "-", F.action($0.action),
                    ]
                },
                rightAligned: [0, 1, 3, 4]
            ).render(colour: colour)

        out += heading("Retry behaviour")
        out += "  operations: \(retries.operations); retried: \(retries.retriedOperations); "
        out += "eventual success of retried: \(retries.retriedSucceeded) (\(F.percent(retries.eventualSuccessRate)))\n"
        let recover = retries.timeToRecover
        out += "  time to recover (\(recover.count) operations): p50 \(F.milliseconds(recover.p50)), "
        out += "p90 \(F.milliseconds(recover.p90)), max \(F.milliseconds(recover.max))\n"
        out += "  attempts per operation:\n"
        out += TextTable(
            header: ["attempts", "operations"],
            rows: retries.attemptsHistogram.map { ["\($0.attempts)", "\($0.operations)"] },
            rightAligned: [0, 1]
        ).render(colour: colour)
        let fallback = retries.fallback
        out +=
            "  silent-to-interactive fallback: \(fallback.fallbacks) of \(fallback.silentFailures) operations with a failed "
        out += "silent attempt (\(F.percent(fallback.rate))); interactive outcome: \(fallback.succeeded) success, "
        out += "\(fallback.failed) failure, \(fallback.cancelled) cancelled\n"
        let retryAfter = retries.retryAfter
        out +=
            "  Retry-After: \(retryAfter.retriedAfterHint) retries after a hint, \(retryAfter.compliant) waited long "
        out += "enough, \(retryAfter.violations) violations\n"
        if !retryAfter.examples.isEmpty {
            out += TextTable(
                header: ["install", "operation", "attempt", "failed at", "retried at", "waited", "Retry-After"],
                rows: retryAfter.examples.map {
                    [
                        $0.installID, $0.operationID, "\($0.attempt)", $0.failedAt, $0.retriedAt,
                        F.milliseconds($0.waitedMilliseconds), "\($0.retryAfterSeconds) s",
                    ]
                },
                rightAligned: [2, 5]
            ).render(colour: colour)
        }
        for (label, storms) in [("operation", retries.operationStorms), ("device", retries.deviceStorms)] {
            out +=
                "  \(label) storms (\(storms.threshold)+ attempts within \(storms.windowSeconds) s): \(storms.count)\n"
            if !storms.examples.isEmpty {
                out += TextTable(
                    header: ["install", "operation", "start", "attempts", "over"],
                    rows: storms.examples.map {
                        [
                            $0.installID, $0.operationID ?? "-", $0.start, "\($0.attempts)",
                            F.milliseconds($0.durationMilliseconds),
                        ]
                    },
                    rightAligned: [3, 4]
                ).render(colour: colour)
            }
        }
        out += "  backoff: gaps between a failure and the next attempt\n"
        out += TextTable(
            header: ["gap", "retries"], rows: retries.backoff.gaps.map { [$0.label, "\($0.count)"] }, rightAligned: [1]
        ).render(colour: colour)
        let backoff = retries.backoff
        out += "  operations with 3+ attempts: \(backoff.growing) growing backoff, \(backoff.constant) constant, "
        out += "\(backoff.immediate) immediate, \(backoff.irregular) irregular\n"

        out += heading("Latency by kind and outcome")
        out += TextTable(
            header: ["kind", "outcome", "attempts", "p50", "p90", "p99", "max"],
            rows: latency.map {
                [
                    $0.kind, $0.outcome, "\($0.durations.count)", F.milliseconds($0.durations.p50),
                    F.milliseconds($0.durations.p90),
                    F.milliseconds($0.durations.p99), F.milliseconds($0.durations.max),
                ]
            },
            rightAligned: [2, 3, 4, 5, 6]
        ).render(colour: colour)

        out += heading("Failure rate over time (\(timeline.bucketSeconds / 60) min buckets)")
        out += TextTable(
            header: ["from", "attempts", "failures", "rate", ""],
            rows: timeline.buckets.map {
                [
                    $0.start, "\($0.attempts)", "\($0.failures)", F.percent($0.failureRate),
                    String(repeating: "#", count: Int(($0.failureRate * 20).rounded())),
                ]
            },
            rightAligned: [1, 2, 3]
        ).render(colour: colour)

        out += heading("Writer health")
        out += "  store.dropped reports: \(health.dropReports) (\(health.droppedEvents) events lost); torn tails: "
        out +=
            "\(health.tornTails); corrupt frames: \(health.corruptFrames); checksum mismatches: \(health.checksumMismatches); "
        out += "other decode issues: \(health.otherDecodeIssues); invalid lines: \(health.invalidLines); "
        out += "newer-schema events: \(health.newerSchemaEvents)\n"
        return out
    }
}

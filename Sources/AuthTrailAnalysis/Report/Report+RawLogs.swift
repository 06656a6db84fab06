extension Report {
    /// The inputs that were raw MSAL log text rather than AuthTrail segments (`input.raw_logs` in
    /// docs/REPORT-JSON.md), with what reading them that way means for the report's numbers.
    package struct RawLogs: Sendable, Codable, Hashable {
        /// What the numbers mean for these inputs, in one paragraph (the same for every report).
        package var note = Report.RawLogs.meaning
        /// The first `listedInputs` raw inputs, in reading order.
        package var inputs: [RawLogInput] = []
        /// Raw inputs past that number (counted in the totals, not listed).
        package var inputsNotListed = 0

        package init() {}

        /// Inputs listed with their requests; more are counted only, so a folder of pastes cannot grow the report.
        package static let listedInputs = 100

        package static let meaning =
            "Raw MSAL log text carries no AuthTrail segment: each file is one install (install id raw:<file name>), "
            + "each MSAL correlation id is one request, and a failed silent request followed by the next interactive "
            + "request in the same file form one operation. MSAL logs whole-second UTC times and no durations, so "
            + "latency and backoff are unknown for these attempts, retry gaps are rounded to seconds, and users are "
            + "not counted. Lines were redacted before they became events."

        func adding(_ input: RawLogInput) -> Self {
            var copy = self
            if copy.inputs.count < Self.listedInputs {
                copy.inputs.append(input)
            } else {
                copy.inputsNotListed += 1
            }
            return copy
        }
    }
}

extension Report {
    /// The raw-log section, first in every text format: which inputs were raw logs, what that means, and each
    /// request's outcome.
    var rawLogSection: ReportSection? {
        guard let raw = input.rawLogs else { return nil }
        var summary = [raw.note]
        for input in raw.inputs {
            summary.append(
                "\(input.path) (\(input.installID)): \(input.msalLines) MSAL lines, \(input.continuationLines) "
                    + "continuation lines, \(input.otherLines) other lines skipped"
                    + (input.oversizedLines > 0 ? ", \(input.oversizedLines) oversized lines skipped" : "")
                    + "; \(input.requests.count + input.requestsNotListed) requests, \(input.failureRecords) failure "
                    + "records")
        }
        if raw.inputsNotListed > 0 { summary.append("… and \(raw.inputsNotListed) more raw inputs") }
        let requests = raw.inputs.flatMap(\.requests)
        return ReportSection(
            title: "Raw MSAL logs: requests by correlation id",
            summary: summary,
            header: [
                "ended", "correlation id", "operation", "attempt", "kind", "outcome", "error", "name", "underlying",
                "STS",
            ],
            rows: requests.map { request in
                [
                    request.endedAt.description, request.correlationID, request.operationID, "\(request.attempt)",
                    request.kind ?? "-", request.outcome,
                    request.domain.map { "\($0) \(request.code.map(String.init) ?? "")" } ?? "-",
                    request.codeName ?? "-",
                    request.underlying.isEmpty ? "-" : request.underlying.joined(separator: " "),
                    request.stsErrorCodes.isEmpty
                        ? "-" : request.stsErrorCodes.map { "AADSTS\($0)" }.joined(separator: " "),
                ]
            },
            numeric: [3])
    }
}

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

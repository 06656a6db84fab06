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

/// What reading one input as raw MSAL log text found, as the report shows it (`input.raw_logs` in
/// docs/REPORT-JSON.md). Counts cover the whole input, before any filter.
package struct RawLogInput: Sendable, Codable, Hashable {
    /// The input as named on the command line, redacted (a file named after its user shows no address).
    package var path: String
    /// The install id its events carry: `raw:` and the file's name, redacted (see docs/SCHEMA.md).
    package var installID: String
    /// Lines that start an MSAL log record (a callback line, with whatever prefix it was pasted with).
    package var msalLines = 0
    /// Lines that continue the record before them (an array or a dictionary MSAL printed over several lines).
    package var continuationLines = 0
    /// Lines that are neither: the app's own log lines, blank lines, text around the paste. Not kept.
    package var otherLines = 0
    /// Lines longer than `RawLogReader.maximumRecordBytes`, skipped.
    package var oversizedLines = 0
    /// `acquisition.end` failure records made from the lines (failed or cancelled requests, and failures MSAL logged
    /// outside any request, such as keychain statuses).
    package var failureRecords = 0
    /// The requests (correlation ids) whose outcome the lines tell, in the order they ended: the first
    /// `RawLogReader.listedRequests`.
    package var requests: [RawLogRequest] = []
    /// Requests past that number.
    package var requestsNotListed = 0

    package init(path: String, installID: String) {
        self.path = path
        self.installID = installID
    }
}

/// One request (one MSAL correlation id) read from raw log lines, with what MSAL returned for it.
package struct RawLogRequest: Sendable, Codable, Hashable {
    package var correlationID: String
    /// The operation it belongs to: its own correlation id, or the failed silent request's it fell back from.
    package var operationID: String
    package var attempt: Int
    /// `silent`, `interactive`, or nil when the lines do not say.
    package var kind: String?
    /// `success`, `failure` or `cancelled`.
    package var outcome: String
    /// The error the API returned (or, when the lines end before it returned, the first error MSAL logged).
    package var domain: String?
    package var code: Int?
    package var codeName: String?
    /// MSAL's internal failures on the way, as `domain:code`, in the order logged.
    package var underlying: [String] = []
    package var oauthError: String?
    package var stsErrorCodes: [Int] = []
    /// When it ended, by MSAL's clock (whole seconds, UTC).
    package var endedAt: ReportTime
}

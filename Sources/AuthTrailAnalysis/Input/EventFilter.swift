package import AuthTrail

/// Which events `report` and `cat` keep: a time range and exact-match filters. Empty sets keep everything.
package struct EventFilter: Sendable, Hashable {
    /// Keep events at or after this time (milliseconds since 1970).
    package var since: Int64?
    /// Keep events before this time.
    package var until: Int64?
    /// Compared in any case: `explain` prints ids lower-cased, MSAL on Apple platforms logs them upper-cased.
    package var correlationIDs: Set<String> = [] { didSet { matchedCorrelationIDs = Self.lowercased(correlationIDs) } }
    package var operationIDs: Set<String> = []
    package var installIDs: Set<String> = []
    /// `silent` or `interactive`.
    package var kinds: Set<String> = []
    /// Codes as `-50002`, `MSALErrorDomain:-50002`, a code name (`interactionRequired`), a sub-code, an HTTP status or
    /// `AADSTS50076`.
    /// Compared in any case, as users type them: `aadsts50076`, `interactionrequired`.
    package var codes: Set<String> = [] { didSet { codeMatcher = CodeMatcher(codes) } }
    /// `correlationIDs` lower-cased and `codes` parsed, made once when they are set.
    private var matchedCorrelationIDs: Set<String> = []
    private var codeMatcher = CodeMatcher([])
    /// Keep events at or above this level.
    package var minimumSeverity: Severity?

    package init() {}

    /// True when nothing is filtered.
    package var isEmpty: Bool { self == EventFilter() }

    /// Whether `record` passes every filter.
    package func accepts(_ record: LogRecord) -> Bool {
        if since != nil || until != nil {
            guard let time = record.timestampMilliseconds else { return false }
            if let since, time < since { return false }
            if let until, time >= until { return false }
        }
        if !correlationIDs.isEmpty {
            guard let value = record.correlationID, matchedCorrelationIDs.contains(value.lowercased()) else {
                return false
            }
        }
        if !operationIDs.isEmpty {
            guard let value = record.operationID, operationIDs.contains(value) else { return false }
        }
        if !installIDs.isEmpty { guard let value = record.installID, installIDs.contains(value) else { return false } }
        if !kinds.isEmpty { guard let value = record.kind?.rawValue, kinds.contains(value) else { return false } }
        if let minimumSeverity {
            guard let value = record.severity, value >= minimumSeverity else { return false }
        }
        if !codeMatcher.isEmpty { guard codeMatcher.matches(record) else { return false } }
        return true
    }

    private static func lowercased(_ values: Set<String>) -> Set<String> { Set(values.map { $0.lowercased() }) }

    /// Human-readable description of the active filters, for the report header.
    package var descriptions: [String] {
        var lines: [String] = []
        if let since { lines.append("since \(ReportTime.string(since))") }
        if let until { lines.append("until \(ReportTime.string(until))") }
        for (label, values) in [
            ("correlation id", correlationIDs), ("operation id", operationIDs), ("install id", installIDs),
            ("kind", kinds), ("code", codes),
        ]
        where !values.isEmpty {
            lines.append("\(label) \(values.sorted().joined(separator: ", "))")
        }
        if let minimumSeverity { lines.append("severity >= \(minimumSeverity.number)") }
        return lines
    }
}

extension EventFilter {
    /// Parses a `--since`/`--until` value: RFC 3339 or a date; nil when it is neither.
    package static func parseTime(_ text: String) -> Int64? { ReportTime.parse(text) }
}

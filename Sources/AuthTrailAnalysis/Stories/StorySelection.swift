import AuthTrail

/// Which operations `authtrail show` tells: every criterion given must hold. An operation matches when its key
/// passes the key criteria (`keys`, `installIDs`, `operationIDs`) and at least one of its attempts passes the attempt
/// criteria (`correlationIDs`, `codes`, `since`/`until`); with no attempt criteria, any attempt.
package struct StorySelection: Sendable, Hashable {
    /// (install id, operation id) pairs, as the HTML report asks for the example operations of a pattern.
    package var keys: Set<OperationKey> = []
    package var installIDs: Set<String> = []
    package var operationIDs: Set<String> = []
    /// MSAL correlation ids, compared without regard to letter case (MSAL prints them upper case, raw-log operation
    /// ids are lower case).
    package var correlationIDs: Set<String> = [] {
        didSet { correlationIDs = Set(correlationIDs.map { $0.lowercased() }) }
    }
    /// Codes in `report --code` syntax (`EventFilter.codes`), matched on attempts that did not succeed: the errored
    /// attempts the report's patterns count.
    package var codes: Set<String> = [] { didSet { codeMatcher = CodeMatcher(codes) } }
    /// `codes` parsed, once (a filter made per attempt was 8 % of a `show --code`; perf, large segments).
    private var codeMatcher = CodeMatcher([])
    /// Attempts ending at or after `since` and before `until` (milliseconds since 1970).
    package var since: Int64?
    package var until: Int64?

    package init() {}

    func matches(_ key: OperationKey, hasOperationID: Bool) -> Bool {
        if !keys.isEmpty, !(hasOperationID && keys.contains(key)) { return false }
        if !installIDs.isEmpty, !installIDs.contains(key.installID) { return false }
        if !operationIDs.isEmpty, !(hasOperationID && operationIDs.contains(key.operationID)) { return false }
        return true
    }

    /// Whether the attempt ending at `time` with `record` (its `acquisition.end`) passes the attempt criteria.
    func matchesAttempt(_ record: LogRecord, time: Int64) -> Bool {
        if let since, time < since { return false }
        if let until, time >= until { return false }
        if !correlationIDs.isEmpty {
            guard let id = record.correlationID?.lowercased(), correlationIDs.contains(id) else { return false }
        }
        if !codes.isEmpty {
            guard record.outcome != .known(.success) else { return false }
            guard codeMatcher.matches(record) else { return false }
        }
        return true
    }
}

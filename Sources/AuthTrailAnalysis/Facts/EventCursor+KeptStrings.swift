import AuthTrail

/// The string fields a line shares with the line before it (its install, operation, kind, outcome, error domain,
/// versions) are kept in the reused record rather than released at the start of every line and retained again from
/// the cache: those reference counts were about 2 % of a report (perf, large segments). Every other field is reset
/// per line, and the string fields a line does not set are cleared at its end, so the record is what a fresh one
/// would hold (`EventScannerTests` scans a sequence of lines both ways).
extension EventCursor {
    /// Whether `field` already holds the `count` bytes at `start`.
    @inline(__always) static func holds(_ field: String?, _ start: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        guard let field else { return false }
        let utf8 = field.utf8
        guard utf8.count == count else { return false }
        guard count > 0 else { return true }
        return utf8.withContiguousStorageIfAvailable { ByteSearch.equal($0.baseAddress!, start, count: count) } ?? false
    }

    /// The bit of `key` in `LineRead.keysSet`.
    @inline(__always) static func bit(_ key: EventKey) -> UInt64 { 1 << UInt64(key.rawValue) }

    /// Clears the string fields of keys the line did not set (`keysSet`), as a fresh record has them.
    static func clearStrings(notSetIn keysSet: UInt64, of record: inout LogRecord) {
        func clear<Value>(_ key: EventKey, _ field: inout Value?) {
            if keysSet & bit(key) == 0, field != nil { field = nil }
        }
        clear(.installID, &record.installID)
        clear(.operationID, &record.operationID)
        clear(.correlationID, &record.correlationID)
        clear(.errorDomain, &record.errorDomain)
        clear(.errorCodeName, &record.errorCodeName)
        clear(.errorSubcodeName, &record.errorSubcodeName)
        clear(.userID, &record.userID)
        clear(.appVersion, &record.appVersion)
        clear(.osVersion, &record.osVersion)
        clear(.msalVersion, &record.msalVersion)
        clear(.authorityHost, &record.authorityHost)
        clear(.kind, &record.kind)
        clear(.outcome, &record.outcome)
        clear(.action, &record.action)
    }
}

extension LogRecord {
    /// Resets every field but the string fields the scanner keeps from line to line (`EventCursor.clearStrings`)
    /// and the event name, which every line the scanner accepts sets.
    mutating func clearValues() {
        timestampMilliseconds = nil
        schema = nil
        severity = nil
        attempt = nil
        durationMilliseconds = nil
        errorCode = nil
        errorSubcode = nil
        if !stsErrorCodes.isEmpty { stsErrorCodes = [] }
        httpStatus = nil
        retryAfterSeconds = nil
        waitMilliseconds = nil
        droppedCount = nil
        droppedBySeverity = nil
        annotation = nil
    }
}

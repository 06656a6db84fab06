import AuthTrail

extension LogRecord {
    /// An attempt's kind, `.missing` when it states none.
    var attemptKind: RecordedKind { kind ?? .missing }
    /// An attempt's outcome, `.missing` when it states none.
    var attemptOutcome: RecordedOutcome { outcome ?? .missing }

    /// `PatternKey.fieldsHash` of an attempt's failure pattern (it did not succeed and carries an `error.domain`),
    /// nil when it has none; hashed from the record's fields without making the key.
    var failurePatternHash: UInt64? {
        guard outcome != .known(.success), let errorDomain else { return nil }
        return PatternKey.fieldsHash(errorDomain, errorCode, errorSubcode)
    }

    /// The failure pattern of the attempt `attempt` tells, with the hash the builder computed once for it.
    func failurePattern(of attempt: ReportFact.EndedAttempt) -> PatternKey? {
        guard let hash = attempt.patternHash, let errorDomain else { return nil }
        return PatternKey(domain: errorDomain, code: errorCode, subcode: errorSubcode, fieldsHash: hash)
    }

    /// Its distinct AADSTS codes in `ReportBounds.stsCode`, ascending (the builder counts the others once).
    var stsCodesInRange: [Int] {
        let distinct = stsErrorCodes.distinctAscending
        guard distinct.contains(where: { !ReportBounds.stsCode.contains($0) }) else { return distinct }
        return distinct.filter { ReportBounds.stsCode.contains($0) }
    }
}

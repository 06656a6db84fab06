/// A row of `PatternTable` or `STSCodeTable` as it is counted.
struct PatternState {
    var codeName: Earliest<String>?
    var subcodeName: Earliest<String>?
    var httpStatus: Earliest<Int>?
    var action: Earliest<String>?
    var count = 0
    var first: Int64?
    var last: Int64?
    var users = DistinctCount(limit: ReportBounds.exactDistinctPerPattern)
    var devices = DistinctCount(limit: ReportBounds.exactDistinctPerPattern)

    /// A value "as first seen": carried by the earliest attempt (by end time; attempts without a time after all
    /// others), ties to the smallest value, so it does not depend on reading order.
    struct Earliest<Value: Comparable> {
        var time: Int64
        var value: Value

        static func update(_ slot: inout Self?, _ value: Value?, time: Int64?) {
            guard let value else { return }
            let time = time ?? .max
            if let current = slot, (current.time, current.value) <= (time, value) { return }
            slot = Self(time: time, value: value)
        }
    }

    /// What the pattern tables count of an errored attempt beside its record, checked or hashed once for all of
    /// them.
    struct Facts {
        /// The record's time, checked (`ReportBounds.timestampMilliseconds`).
        var time: Int64?
        /// The record's status, checked.
        var httpStatus: Int?
        /// `DistinctCount.hash` of the record's `userID`, nil when it has none.
        var userHash: UInt64?
        /// The same of its `installID`.
        var installHash: UInt64?
    }

    mutating func add(_ record: LogRecord, facts: Facts) {
        count += 1
        let time = facts.time
        Earliest.update(&codeName, record.errorCodeName, time: time)
        Earliest.update(&subcodeName, record.errorSubcodeName, time: time)
        Earliest.update(&httpStatus, facts.httpStatus, time: time)
        Earliest.update(&action, record.action?.rawValue, time: time)
        if let time {
            first = min(first ?? time, time)
            last = max(last ?? time, time)
        }
        if let userHash = facts.userHash { users.insert(hash: userHash) }
        if let installHash = facts.installHash { devices.insert(hash: installHash) }
    }

    /// Whether `users` or `devices` is an estimate.
    var isEstimated: Bool { !users.isExact || !devices.isExact }

    func pattern(domain: String?, code: Int?, subcode: Int?, stsCode: Int?, of total: Int) -> Report.FailurePattern {
        Report.FailurePattern(
            domain: domain, code: code, codeName: stsCode == nil ? codeName?.value : nil, subcode: subcode,
            subcodeName: stsCode == nil ? subcodeName?.value : nil, stsCode: stsCode, httpStatus: httpStatus?.value,
            action: action?.value,
            count: count, share: total == 0 ? 0 : Double(count) / Double(total),
            firstSeen: first.map(ReportTime.init(milliseconds:)),
            lastSeen: last.map(ReportTime.init(milliseconds:)), users: users.count, devices: devices.count)
    }

    /// The row gathering the groups past a table's cap: no code, names, status or action of its own.
    func otherPattern(folded: Int, of total: Int) -> Report.FailurePattern {
        var pattern = pattern(domain: Report.otherLabel, code: nil, subcode: nil, stsCode: nil, of: total)
        pattern.codeName = nil
        pattern.subcodeName = nil
        pattern.httpStatus = nil
        pattern.action = nil
        pattern.foldedValues = folded
        return pattern
    }
}

extension PatternState {
    mutating func merge(_ other: Self) {
        count += other.count
        codeName.keepEarlier(other.codeName)
        subcodeName.keepEarlier(other.subcodeName)
        httpStatus.keepEarlier(other.httpStatus)
        action.keepEarlier(other.action)
        first = [first, other.first].compactMap { $0 }.min()
        last = [last, other.last].compactMap { $0 }.max()
        users.merge(other.users)
        devices.merge(other.devices)
    }
}

extension Optional {
    /// Keeps the earlier of two "as first seen" values (`PatternState.Earliest.update`'s order).
    fileprivate mutating func keepEarlier<Value>(_ other: Self) where Wrapped == PatternState.Earliest<Value> {
        guard let other else { return }
        PatternState.Earliest.update(&self, other.value, time: other.time)
    }
}

extension PatternState.Facts {
    /// What the pattern tables count of `attempt` beside its record.
    init(_ attempt: ReportFact.EndedAttempt) {
        self.init(
            time: attempt.time, httpStatus: attempt.httpStatus, userHash: attempt.userHash,
            installHash: attempt.installHash)
    }
}

extension PatternState {
    /// The warning for `rows` rows (of `what`) whose users or devices are estimates, if there are any.
    static func estimateWarning(rows: Int, _ what: String) -> String? {
        guard rows > 0 else { return nil }
        return "report: \(rows) \(what) have more than \(ReportBounds.exactDistinctPerPattern) distinct users or "
            + "devices; those counts are estimates (within about 1 %)"
    }
}

import AuthTrail

/// Builds a `Report` in one pass over events, keeping aggregates rather than records: it checks each event's values
/// once and routes the event to the report's tables (`ReportTables`), the attempts to the operations
/// (`OperationTracker`, the rules `show` follows too) and the operations, as they close, to the retry tables.
///
/// Memory is bounded by design: every table keyed by an input value is capped (`ReportBounds`; later values fold
/// into an "(other)" row), distinct counts are exact up to a limit and estimated past it, and open operations are
/// closed once too many are open or they store too many attempts. Values outside the accepted ranges are ignored
/// and counted, so no arithmetic on input can overflow. Windows (operations, device storms) assume each install's
/// events arrive in time order, which `InstallTimeOrder` provides.
package struct ReportBuilder: LogConsumer {
    /// Thresholds that define storms and bound memory.
    package struct Limits: Sendable {
        /// An operation storm: this many attempts of one operation within `stormWindowMilliseconds`.
        package var operationStormAttempts = 5
        /// A device storm: this many attempts on one install within `stormWindowMilliseconds`.
        package var deviceStormAttempts = 20
        package var stormWindowMilliseconds: Int64 = 60_000
        /// When open operations are closed before their end.
        package var operations = OperationLimits()
        package init() {}
    }

    package let filter: EventFilter
    package let limits: Limits
    /// `filter.isEmpty`, read once (`accepts` per event cost about 0.4 % of a report; perf).
    private let filterKeepsAll: Bool

    var tables: ReportTables
    /// The open operations, each with the attempts it stored.
    private var operations: OperationTracker<[OperationAttempt]>
    /// The operations `operations` closed, taken after each event (its buffer is kept to spare an allocation).
    private var closing: [OperationTracker<[OperationAttempt]>.Operation] = []
    /// Values out of range in the events given since the last input ended (`flushOutOfRange`).
    var outOfRange = OutOfRangeTally()

    package init(filter: EventFilter = EventFilter(), limits: Limits = Limits()) {
        self.filter = filter
        self.limits = limits
        filterKeepsAll = filter.isEmpty
        operations = OperationTracker(limits: limits.operations)
        tables = ReportTables(limits: limits, filters: filter.descriptions)
    }

    // MARK: Input

    /// Closes every open operation and ends the device storms still going on: the caller has given every event of
    /// the install it was reading (`InstallTimeOrder`).
    package mutating func endInstall() {
        operations.closeAll()
        countClosedOperations()
        tables.deviceStorms.endInstall()
        tables.setups.endInstall()
    }

    package mutating func event(_ record: LogRecord, line: UnsafeRawBufferPointer) {
        // Versions stated by events the filter drops (a `segment.start` before `--since`) still hold for later ones.
        tables.breakdowns.note(record)
        if record.eventName == .segmentStart, let version = record.appVersion {
            tables.setups.stateAppVersion(version, installHash: record.installID.map(DistinctCount.hash))
        }
        if record.eventName == .appConfiguration,
            let setup = record.recordedSetup ?? JudgedSetup.recorded(in: line)
        {
            tables.setups.record(
                setup, installHash: record.installID.map(DistinctCount.hash), appVersion: tables.breakdowns.appVersion)
        }
        guard filterKeepsAll || filter.accepts(record) else { return }
        var time = record.timestampMilliseconds
        if let value = time, !ReportBounds.timestampMilliseconds.contains(value) {
            outOfRange.note(.timestamp, "\(value) ms since 1970")
            time = nil
        }
        tables.input.add(record, time: time)
        operations.clock(install: record.installID, time: time)
        switch record.eventName {
        case .acquisitionStart: start(record, time: time)
        case .acquisitionEnd: end(record, time: time)
        case .dropped: tables.health.addDropReport(record, outOfRange: &outOfRange)
        default: break
        }
    }

    /// Adds what reading one input found (decode issues, invalid lines) to the health section, with the values out
    /// of range among the events read since the previous call (call it after each input, as `Report.build` does).
    package mutating func add(_ summary: InputSummary) {
        tables.input.add(summary)
        tables.health.add(summary)
        flushOutOfRange(file: summary.path)
    }

    /// Names `file` in the warnings for the values out of range among the events given since the last call.
    package mutating func flushOutOfRange(file: String) {
        guard outOfRange.total > 0 else { return }
        tables.health.add(outOfRange, file: file)
        outOfRange = OutOfRangeTally()
    }

    /// Adds one line to `health.warnings`, or counts it once there are `ReportBounds.warnings`.
    package mutating func warn(_ line: String) { tables.health.warn(line) }

    /// An `app.configuration` event carries its set-up past a wait for its install's turn.
    package func annotation(of record: LogRecord, line: UnsafeRawBufferPointer) -> LineAnnotation? {
        record.eventName == .appConfiguration ? LineAnnotation.setup(in: line) : nil
    }

    // MARK: Attempts

    private mutating func start(_ record: LogRecord, time: Int64?) {
        guard let operation = record.operationID, let time else { return }
        let key = OperationKey(installID: record.installID ?? "", operationID: operation)
        operations.start(key, attempt: checkedAttempt(record.attempt), time: time, make: { [] })
        countClosedOperations()
    }

    // MARK: Checked values

    private mutating func checkedAttempt(_ value: Int?) -> Int? {
        guard let value else { return nil }
        guard ReportBounds.attempt.contains(value) else {
            outOfRange.note(.attempt, "\(value)")
            return nil
        }
        return value
    }

    /// Whole milliseconds; nil (and counted) outside `ReportBounds.durationMilliseconds`, NaN included.
    private mutating func checkedDuration(_ value: Double?) -> Int64? {
        guard let value else { return nil }
        let rounded = value.rounded()
        guard rounded >= 0, rounded <= Double(ReportBounds.durationMilliseconds.upperBound) else {
            outOfRange.note(.duration, "\(value)")
            return nil
        }
        return Int64(rounded)
    }

    private mutating func checkedRetryAfter(_ value: Double?) -> Double? {
        guard let value else { return nil }
        guard ReportBounds.retryAfterSeconds.contains(value) else {
            outOfRange.note(.retryAfter, "\(value)")
            return nil
        }
        return value
    }

    private mutating func checkedStatus(_ value: Int?) -> Int? {
        guard let value else { return nil }
        guard ReportBounds.httpStatus.contains(value) else {
            outOfRange.note(.httpStatus, "\(value)")
            return nil
        }
        return value
    }

    private mutating func end(_ record: LogRecord, time: Int64?) {
        let kind = record.kind ?? .missing
        let outcome = record.outcome ?? .missing
        let failed = outcome.countsAsFailure
        tables.kinds.add(kind: kind, outcome: outcome)
        let duration = checkedDuration(record.durationMilliseconds)
        if let duration { tables.latency.add(duration, kind: kind, outcome: outcome) }
        if let time { tables.timeline.add(at: time, failed: failed) }
        let patternKey =
            outcome == .known(.success)
            ? nil
            : record.errorDomain.map {
                PatternKey(domain: $0, code: record.errorCode, subcode: record.errorSubcode)
            }
        tables.breakdowns.add(record, failed: failed, pattern: patternKey)
        tables.drillDown.add(record, time: time, kind: kind, outcome: outcome, duration: duration, pattern: patternKey)
        if outcome != .known(.success), record.errorDomain != nil || !record.stsErrorCodes.isEmpty {
            let facts = PatternState.Facts(
                time: time, httpStatus: checkedStatus(record.httpStatus),
                userHash: record.userID == nil ? nil : tables.input.lastUserHash,
                installHash: record.installID == nil ? nil : tables.input.lastInstallHash)
            tables.patterns.add(patternKey, of: record, facts: facts)
            tables.stsCodes.add(record, facts: facts, outOfRange: &outOfRange)
            tables.setups.add(record)
        }
        if let install = record.installID, let time { tables.deviceStorms.add(install: install, at: time) }

        guard let time else { return }
        let attemptNumber = checkedAttempt(record.attempt)
        let retryAfter = outcome == .known(.success) ? nil : checkedRetryAfter(record.retryAfterSeconds)
        let key = OperationKey(installID: record.installID ?? "", operationID: record.operationID ?? "")
        operations.end(
            key, hasOperationID: record.operationID != nil, attempt: attemptNumber, outcome: outcome, time: time,
            make: { [] }
        ) { attempts, start in
            guard attempts.count < OperationTracker<[OperationAttempt]>.storedAttemptsPerOperation else { return }
            // Its start is its `acquisition.start` time, or its end minus its duration (both checked, so the
            // subtraction cannot overflow).
            attempts.append(
                OperationAttempt(
                    number: attemptNumber ?? 1, kind: kind, outcome: outcome, start: start ?? time - (duration ?? 0),
                    end: time, retryAfterSeconds: retryAfter))
        }
        countClosedOperations()
    }

    /// Counts the operations the tracker closed.
    private mutating func countClosedOperations() {
        guard !operations.closed.isEmpty else { return }
        operations.takeClosed(into: &closing)
        // By index: copying each operation out of the array cost a retain and a release of each of its fields.
        for index in closing.indices where !closing[index].payload.isEmpty {
            let closed = ClosedOperation(
                installID: closing[index].key.installID, operationID: closing[index].key.operationID,
                attempts: closing[index].payload)
            tables.retries.add(closed)
            tables.retryAfter.add(closed)
            tables.backoff.add(closed)
            tables.operationStorms.add(closed)
        }
        closing.removeAll(keepingCapacity: true)
    }

    // MARK: Memory bounds (for tests)

    /// Operations not yet closed.
    package var openOperations: Int { operations.openOperations }
    /// Attempts and pending starts stored in open operations.
    package var storedAttempts: Int { operations.storedItems }
    /// Device-storm windows kept, the current one included.
    package var storedDeviceWindows: Int { tables.deviceStorms.storedWindows }
    /// Install clocks kept for the idle sweep.
    package var storedInstallClocks: Int { operations.storedInstallClocks }

    // MARK: Result

    /// Closes every open operation and returns the report.
    package mutating func finish() -> Report {
        operations.closeAll()
        countClosedOperations()
        // Events given without a summary after them (a caller that adds none) still get their warnings.
        flushOutOfRange(file: "input")
        tables.breakdowns.flushPending()
        var report = Report()
        tables.finish(into: &report)
        report.health.warnings += boundWarnings()
        report.flagOutliers()
        return report
    }

    /// Warnings for every cap and limit the input reached: folded values, estimated counts, rounded durations, and
    /// the warnings left out.
    private func boundWarnings() -> [String] {
        var lines: [String] = []
        if let line = tables.kinds.foldedWarning { lines.append(line) }
        let latency = tables.latency
        if latency.foldedCount > 0 {
            lines.append(
                ReportTables.foldedWarning(
                    rows: ReportBounds.latencyRows, "(acquisition.kind, outcome) pairs", latency.foldedCount,
                    exact: latency.foldedIsExact))
        }
        if let line = tables.patterns.foldedWarning { lines.append(line) }
        if let line = tables.stsCodes.foldedWarning { lines.append(line) }
        lines += tables.breakdowns.foldedWarnings
        if let line = tables.input.estimateWarning { lines.append(line) }
        let estimated = tables.patterns.estimatedRows + tables.stsCodes.estimatedRows
        if estimated > 0 {
            lines.append(
                "report: \(estimated) failure patterns have more than \(ReportBounds.exactDistinctPerPattern) distinct "
                    + "users or devices; those counts are estimates (within about 1 %)")
        }
        if latency.roundedRows > 0 {
            lines.append(
                "report: \(latency.roundedRows) latency rows hold more than 4096 distinct durations of a minute or more; "
                    + "their percentiles at or above a minute are rounded down by less than 0.8 %")
        }
        if tables.retries.recovery.isRounded {
            lines.append(
                "report: time to recover holds more than 4096 distinct values of a minute or more; its percentiles at "
                    + "or above a minute are rounded down by less than 0.8 %")
        }
        if let line = tables.health.omittedWarning { lines.append(line) }
        return lines
    }
}

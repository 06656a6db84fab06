import AuthTrail

/// Builds a `Report` in one pass over events, keeping aggregates rather than records: it turns each event into facts
/// (`ReportFact`: its values checked once, its install and user hashed once per change, its set-up read), hands every
/// fact to every table through the list (`ReportTables`; it names no table), and gives the attempts to the
/// operations (`OperationAssembler`, by the rules `show` follows too), whose closed operations become facts too.
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
    private var operations: OperationAssembler
    /// Values out of range in the events given since the last input ended (`flushOutOfRange`).
    var outOfRange = OutOfRangeTally()
    /// The last kept event's install and user, with their hashes (`DistinctCount.hash`), hashed once per change.
    private var lastInstall: String?
    private var lastInstallHash: UInt64 = 0
    private var lastUser: String?
    private var lastUserHash: UInt64 = 0

    package init(filter: EventFilter = EventFilter(), limits: Limits = Limits()) {
        self.filter = filter
        self.limits = limits
        filterKeepsAll = filter.isEmpty
        operations = OperationAssembler(limits: limits.operations)
        tables = ReportTables(limits: limits, filters: filter.descriptions)
    }

    /// Every string field but the correlation id, which no table reads: only a filter on correlation ids does.
    package var stringFields: LogRecord.StringFields {
        filter.correlationIDs.isEmpty ? [.identifiers, .labels] : .all
    }

    // MARK: Input

    /// Closes every open operation and ends the device storms still going on: the caller has given every event of
    /// the install it was reading (`InstallTimeOrder`).
    package mutating func endInstall() {
        operations.closeAll()
        countClosedOperations()
        tables.update(.installEnded, record: .noEvent)
    }

    package mutating func event(_ record: LogRecord, line: UnsafeRawBufferPointer) {
        // Versions and set-ups stated by events the filter drops (a `segment.start` before `--since`) still hold for
        // later ones.
        tables.update(.read, record: record)
        if record.event == .appConfiguration {
            var shortened = record.annotation?.setupValuesShortened ?? 0
            if let setup = record.recordedSetup ?? JudgedSetup.recorded(in: line, shortened: &shortened) {
                if shortened > 0 { outOfRange.note(.setupValue, "\(shortened) in one event", count: shortened) }
                tables.update(.setup(setup), record: record)
            }
        }
        guard filterKeepsAll || filter.accepts(record) else { return }
        var time = record.timestampMilliseconds
        if let value = time, !ReportBounds.timestampMilliseconds.contains(value) {
            outOfRange.note(.timestamp, "\(value) ms since 1970")
            time = nil
        }
        tables.update(.kept(kept(record, time: time)), record: record)
        operations.clock(install: record.installID, time: time)
        switch record.event {
        case .acquisitionStart: start(record, time: time)
        case .acquisitionEnd: end(record, time: time)
        case .dropped: tables.update(.dropReport(events: checkedDropCount(record)), record: record)
        default: break
        }
    }

    /// Adds what reading one input found (decode issues, invalid lines) to the health section, with the values out
    /// of range among the events read since the previous call (call it after each input, as `Report.build` does).
    package mutating func add(_ summary: InputSummary) {
        tables.update(.inputRead(summary), record: .noEvent)
        flushOutOfRange(file: summary.path)
    }

    /// Names `file` in the warnings for the values out of range among the events given since the last call.
    package mutating func flushOutOfRange(file: String) {
        guard outOfRange.total > 0 else { return }
        tables.update(.outOfRange(outOfRange, file: file), record: .noEvent)
        outOfRange = OutOfRangeTally()
    }

    /// Adds one line to `health.warnings`, or counts it once there are `ReportBounds.warnings`.
    package mutating func warn(_ line: String) { tables.update(.warning(line), record: .noEvent) }

    /// A kept event's time and, when they changed since the last kept event, its install and user hashed.
    private mutating func kept(_ record: LogRecord, time: Int64?) -> ReportFact.KeptEvent {
        var event = ReportFact.KeptEvent(time: time)
        // Consecutive events mostly share the install and user: compare before hashing.
        if let install = record.installID, install != lastInstall {
            lastInstallHash = DistinctCount.hash(install)
            lastInstall = install
            event.newInstallHash = lastInstallHash
        }
        if let user = record.userID, user != lastUser {
            lastUserHash = DistinctCount.hash(user)
            lastUser = user
            event.newUserHash = lastUserHash
        }
        return event
    }

    /// An `app.configuration` event carries its set-up past a wait for its install's turn.
    package func annotation(of record: LogRecord, line: UnsafeRawBufferPointer) -> LineAnnotation? {
        record.event == .appConfiguration ? LineAnnotation.setup(in: line) : nil
    }

    // MARK: Attempts

    private mutating func start(_ record: LogRecord, time: Int64?) {
        guard let operation = record.operationID, let time else { return }
        operations.start(
            installID: record.installID, operationID: operation,
            attempt: checked(record.attempt, in: ReportBounds.attempt, .attempt), time: time)
        countClosedOperations()
    }

    // MARK: Checked values

    /// `value` within `bounds`; nil (and counted as `field`) outside them.
    private mutating func checked<Value: Comparable>(
        _ value: Value?, in bounds: ClosedRange<Value>, _ field: OutOfRangeTally.Field
    ) -> Value? {
        guard let value else { return nil }
        guard bounds.contains(value) else {
            outOfRange.note(field, "\(value)")
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

    /// Counts the distinct codes out of range, ascending (the tables count the others: `LogRecord.stsCodesInRange`).
    private mutating func noteOutOfRange(stsCodes codes: [Int]) {
        guard codes.contains(where: { !ReportBounds.stsCode.contains($0) }) else { return }
        for code in codes.distinctAscending where !ReportBounds.stsCode.contains(code) {
            outOfRange.note(.stsCode, "\(code)")
        }
    }

    /// `dropped.total`, else the sum of the per-severity counts, else 1 event lost; 1 (and counted) out of range.
    private mutating func checkedDropCount(_ record: LogRecord) -> Int {
        guard let count = record.droppedCount ?? record.droppedBySeverity else { return 1 }
        guard ReportBounds.droppedCount.contains(count) else {
            outOfRange.note(.droppedCount, "\(count)")
            return 1
        }
        return count
    }

    private mutating func end(_ record: LogRecord, time: Int64?) {
        let kind = record.attemptKind
        let outcome = record.attemptOutcome
        let duration = checkedDuration(record.durationMilliseconds)
        var attempt = ReportFact.EndedAttempt(
            time: time, failed: outcome.countsAsFailure, duration: duration,
            errored: outcome != .known(.success) && (record.errorDomain != nil || !record.stsErrorCodes.isEmpty),
            userHash: record.userID == nil ? nil : lastUserHash,
            installHash: record.installID == nil ? nil : lastInstallHash,
            patternHash: record.failurePatternHash)
        if attempt.errored {
            attempt.httpStatus = checked(record.httpStatus, in: ReportBounds.httpStatus, .httpStatus)
            noteOutOfRange(stsCodes: record.stsErrorCodes)
        }
        tables.update(.attempt(attempt), record: record)

        guard let time else { return }
        let attemptNumber = checked(record.attempt, in: ReportBounds.attempt, .attempt)
        let retryAfter =
            outcome == .known(.success)
            ? nil : checked(record.retryAfterSeconds, in: ReportBounds.retryAfterSeconds, .retryAfter)
        // Its start is its end minus its duration (both checked, so the subtraction cannot overflow), unless it had
        // an `acquisition.start`.
        operations.end(
            Operation.Attempt(
                number: attemptNumber ?? 1, kind: kind, outcome: outcome, start: time - (duration ?? 0), end: time,
                durationMilliseconds: duration, retryAfterSeconds: retryAfter),
            installID: record.installID, operationID: record.operationID, writtenNumber: attemptNumber)
        countClosedOperations()
    }

    /// Counts the operations the tracker closed.
    private mutating func countClosedOperations() {
        operations.takeClosed { tables.update(.operation($0), record: .noEvent) }
    }

    // MARK: Memory bounds (for tests)

    /// Operations not yet closed.
    package var openOperations: Int { operations.openOperations }
    /// Attempts and pending starts stored in open operations.
    package var storedAttempts: Int { operations.storedAttempts }
    /// Device-storm windows kept, the current one included.
    package var storedDeviceWindows: Int { tables.storedDeviceWindows }
    /// Install clocks kept for the idle sweep.
    package var storedInstallClocks: Int { operations.storedInstallClocks }

    // MARK: Result

    /// Closes every open operation and returns the report.
    package mutating func finish() -> Report {
        operations.closeAll()
        countClosedOperations()
        // Events given without a summary after them (a caller that adds none) still get their warnings.
        flushOutOfRange(file: "input")
        tables.update(.ended, record: .noEvent)
        var report = Report()
        tables.finish(into: &report)
        report.flagOutliers()
        return report
    }
}

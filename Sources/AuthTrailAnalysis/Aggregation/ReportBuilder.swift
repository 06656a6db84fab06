import AuthTrail

/// Builds a `Report` in one pass over events, keeping aggregates rather than records. Memory is bounded by design:
/// every table keyed by an input value is capped (`ReportBounds`; later values fold into an "(other)" row), distinct
/// counts are exact up to a limit and estimated past it, and open operations are closed once too many are open or
/// they store too many attempts. Values outside the accepted ranges are ignored and counted, so no arithmetic on
/// input can overflow.
///
/// Windows (operation chains, device storms) assume each install's events arrive in time order, which
/// `InstallTimeOrder` provides; an event earlier than its install's latest counts at that latest time in the device
/// window, so a duration is never negative whatever the input.
///
/// Operations are closed (their retry behaviour counted) when the caller ends an install (`endInstall()`), when
/// more than `Limits.openOperations` are open or they hold more than `ReportBounds.storedAttemptsInOpenOperations`
/// attempts (the least recently seen half is closed), and at the end.
package struct ReportBuilder: LogConsumer {
    /// Thresholds that define storms and bound memory.
    package struct Limits: Sendable {
        /// An operation storm: this many attempts of one operation within `stormWindow`.
        package var operationStormAttempts = 5
        /// A device storm: this many attempts on one install within `stormWindow`.
        package var deviceStormAttempts = 20
        /// Milliseconds.
        package var stormWindow: Int64 = 60_000
        /// Below 98,304 (three quarters of 2^17), so the dictionary of open chains never doubles to 2^18 buckets for
        /// a few more (`authtrail-bench hostile`, open-operations: 82 MB peak instead of 108 MB).
        package var openOperations = 96_000
        /// An operation with no event for this long (milliseconds, on its device's clock) is closed.
        package var idleOperation: Int64 = 30 * 60_000
        /// Open operations above which idle ones are looked for (the threshold then doubles with the open count).
        package var idleSweepOperations = 4_096
        package init() {}
    }

    package let filter: EventFilter
    package let limits: Limits
    /// `filter.isEmpty`, read once (`accepts` per event cost about 0.4 % of a report; perf).
    private let filterKeepsAll: Bool

    var report = Report()
    var firstEvent: Int64?
    var lastEvent: Int64?
    var devices = DistinctCount(limit: ReportBounds.exactDistinctInputs)
    var users = DistinctCount(limit: ReportBounds.exactDistinctInputs)
    private var lastInstall: String?
    private var lastUser: String?
    /// `DistinctCount.hash` of `lastInstall` and `lastUser`, which the failure patterns count too: hashed once per
    /// change instead of per failed attempt and pattern (about 1 % of a report; perf).
    private var lastInstallHash: UInt64 = 0
    private var lastUserHash: UInt64 = 0
    var kinds = CappedTable<String, Report.KindTotals>(cap: ReportBounds.kinds)
    var patterns = CappedTable<PatternKey, PatternState>(cap: ReportBounds.patterns)
    var stsPatterns = CappedTable<Int, PatternState>(cap: ReportBounds.stsPatterns)
    var erroredAttempts = 0
    var breakdowns = BreakdownTables()
    var latency = LatencyTable()
    var timeline = AttemptTimeline()
    var drillDown = DrillDownAggregates()
    private var chains: [ChainKey: OperationChain] = [:]
    /// Attempts and pending starts stored over all open chains.
    private var storedItems = 0
    private var sweepThreshold: Int
    /// The latest event time per install, the clock idle operations are measured against.
    private var latestByInstall: [String: Int64] = [:]
    private var installClockThreshold = ReportBounds.installClocks
    private var latestInstall = ""
    private var latestTime: Int64 = .min
    private var deviceWindows: [String: DeviceWindow] = [:]
    private var currentWindowInstall = ""
    private var currentWindow = DeviceWindow(size: 1)
    /// Counts device switches, to close the least recently used device windows first.
    private var windowUses = 0
    // Retry behaviour, counted as chains close.
    var attemptsPerOperation: [Int: Int] = [:]
    var recovery = MillisecondHistogram()
    var gapCounts = [Int](repeating: 0, count: ReportBuilder.gapBuckets.count)
    var operationStorms: [Report.Storm] = []
    var operationStormCount = 0
    var deviceStorms: [Report.Storm] = []
    /// The smallest of the ten device storms kept at the last trim: a storm that is not larger can never be an example,
    /// so it is not stored (sorting the stored ones at every trim was about 1.5 % of a report; perf).
    private var deviceStormFloor: Report.Storm?
    var deviceStormCount = 0
    var violations: [Report.Violation] = []
    // Bad input: values ignored (this input's, then all), warnings past the cap.
    var outOfRange = OutOfRangeTally()
    var outOfRangeValues = 0
    var omittedWarnings = 0

    package init(filter: EventFilter = EventFilter(), limits: Limits = Limits()) {
        self.filter = filter
        self.limits = limits
        filterKeepsAll = filter.isEmpty
        sweepThreshold = limits.idleSweepOperations
        report.input.filters = filter.descriptions
    }

    // MARK: Input

    package mutating func segment(_ info: SegmentInfo, path: String) {}

    /// Closes every open operation and ends the device storms still going on: the caller has given every event of
    /// the install it was reading (`InstallTimeOrder`).
    package mutating func endInstall() {
        closeAllChains()
        if !currentWindowInstall.isEmpty {
            if let storm = currentWindow.storm { deviceStorms.append(storm) }
            currentWindowInstall = ""
        }
        for install in deviceWindows.keys.sorted() {
            if let storm = deviceWindows[install]?.storm { deviceStorms.append(storm) }
        }
        deviceWindows.removeAll()
        trimDeviceStorms()
    }

    mutating func trimDeviceStorms() {
        if deviceStorms.count > 200 {
            deviceStorms = Array(deviceStorms.sorted(by: Self.larger).prefix(10))
            deviceStormFloor = deviceStorms.last
        }
    }

    package mutating func event(_ record: LogRecord, line: UnsafeRawBufferPointer) {
        // Versions stated by events the filter drops (a `segment.start` before `--since`) still hold for later ones.
        breakdowns.note(record)
        guard filterKeepsAll || filter.accepts(record) else { return }
        report.input.events += 1
        var time = record.timestampMilliseconds
        if let value = time, !ReportBounds.timestampMilliseconds.contains(value) {
            outOfRange.note(.timestamp, "\(value) ms since 1970")
            time = nil
        }
        if let time {
            firstEvent = min(firstEvent ?? time, time)
            lastEvent = max(lastEvent ?? time, time)
        }
        // Consecutive events mostly share the install and user: compare before hashing.
        if let install = record.installID, install != lastInstall {
            lastInstallHash = DistinctCount.hash(install)
            devices.insert(hash: lastInstallHash)
            lastInstall = install
        }
        if let user = record.userID, user != lastUser {
            lastUserHash = DistinctCount.hash(user)
            users.insert(hash: lastUserHash)
            lastUser = user
        }
        if let time, let install = record.installID {
            // Cached for the current install: a dictionary write per event would cost a hash.
            if install != latestInstall {
                if !latestInstall.isEmpty { storeInstallClock() }
                latestInstall = install
                latestTime = latestByInstall[install] ?? .min
            }
            if time > latestTime { latestTime = time }
        }
        switch record.eventName {
        case "acquisition.start": start(record, time: time)
        case "acquisition.end": end(record, time: time)
        case "store.dropped":
            report.health.dropReports += 1
            var dropped = 1
            // `dropped.total`, else the sum of the per-severity counts, else 1.
            if let count = record.droppedCount ?? record.droppedBySeverity {
                if ReportBounds.droppedCount.contains(count) {
                    dropped = count
                } else {
                    outOfRange.note(.droppedCount, "\(count)")
                }
            }
            // Each report is at most 10^9 events, so the sum needs 10^10 reports to saturate.
            let (sum, overflow) = report.health.droppedEvents.addingReportingOverflow(dropped)
            report.health.droppedEvents = overflow ? .max : sum
        default: break
        }
    }

    /// Adds what reading one input found (decode issues, invalid lines) to the health section, with the values out
    /// of range among the events read since the previous call (call it after each input, as `Report.build` does).
    package mutating func add(_ summary: InputSummary) {
        report.input.files += 1
        for (kind, totals) in summary.issues.totals {
            switch kind {
            case .truncatedFrame, .truncatedSkippableFrame: report.health.tornTails += totals.issues
            case .corruptFrame: report.health.corruptFrames += totals.issues
            case .checksumMismatch: report.health.checksumMismatches += totals.issues
            default: report.health.otherDecodeIssues += totals.issues
            }
        }
        report.health.invalidLines += summary.invalidLines
        if let raw = summary.rawLog { report.input.rawLogs = (report.input.rawLogs ?? Report.RawLogs()).adding(raw) }
        report.health.newerSchemaEvents += summary.newerSchemaEvents
        for warning in summary.warnings { warn(warning) }
        flushOutOfRange(file: summary.path)
    }

    /// Names `file` in the warnings for the values out of range among the events given since the last call.
    package mutating func flushOutOfRange(file: String) {
        guard outOfRange.total > 0 else { return }
        for warning in outOfRange.messages(file: file) { warn(warning) }
        outOfRangeValues += outOfRange.total
        outOfRange = OutOfRangeTally()
    }

    /// Adds one line to `health.warnings`, or counts it once there are `ReportBounds.warnings`.
    package mutating func warn(_ line: String) {
        if report.health.warnings.count < ReportBounds.warnings {
            report.health.warnings.append(line)
        } else {
            omittedWarnings += 1
        }
    }

    // MARK: Attempts

    private mutating func start(_ record: LogRecord, time: Int64?) {
        guard let operation = record.operationID, let time else { return }
        let key = ChainKey(install: record.installID ?? "", operation: operation)
        let attempt = checkedAttempt(record.attempt)
        // Mutated in place through the dictionary's default subscript: copying a chain out and back would copy its
        // attempts array on every event.
        var isNew = false
        modifyChain(key) { chain in
            isNew = chain.attempts.isEmpty && chain.pendingStarts.isEmpty
            chain.setStart(time, attempt: attempt ?? (chain.attempts.count + 1))
            chain.lastSeen = time
        }
        if isNew { trimChains() }
        if storedItems > ReportBounds.storedAttemptsInOpenOperations { closeLeastRecentHalf() }
    }

    /// Applies `body` to `key`'s chain in place, keeping `storedItems` up to date.
    private mutating func modifyChain(_ key: ChainKey, _ body: (inout OperationChain) -> Void) {
        var change = 0
        func apply(_ chain: inout OperationChain) {
            let before = chain.storedItems
            body(&chain)
            change = chain.storedItems - before
        }
        apply(&chains[key, default: OperationChain(installID: key.install, operationID: key.operation)])
        storedItems += change
    }

    private mutating func removeChain(_ key: ChainKey) -> OperationChain? {
        guard let chain = chains.removeValue(forKey: key) else { return nil }
        storedItems -= chain.storedItems
        return chain
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
        let kind = record.kind ?? "unknown"
        let outcome = record.outcome ?? "unknown"
        let failed = outcome != "success" && outcome != "cancelled"
        kinds.update(kind, hash: { DistinctCount.hash(kind) }, make: { Report.KindTotals(kind: kind) }) { totals in
            totals.attempts += 1
            switch outcome {
            case "success": totals.successes += 1
            case "cancelled": totals.cancellations += 1
            default: totals.failures += 1
            }
        }
        let duration = checkedDuration(record.durationMilliseconds)
        if let duration { latency.add(duration, kind: kind, outcome: outcome) }
        if let time { timeline.add(at: time, failed: failed) }
        let patternKey = outcome == "success" ? nil : record.errorDomain.map {
            PatternKey(domain: $0, code: record.errorCode, subcode: record.errorSubcode)
        }
        breakdowns.add(record, failed: failed, pattern: patternKey)
        drillDown.add(record, time: time, kind: kind, outcome: outcome, duration: duration, pattern: patternKey)
        if outcome != "success", record.errorDomain != nil || !record.stsErrorCodes.isEmpty {
            erroredAttempts += 1
            let status = checkedStatus(record.httpStatus)
            let installHash = record.installID == nil ? nil : lastInstallHash
            let userHash = record.userID == nil ? nil : lastUserHash
            if let key = patternKey {
                patterns.update(key, hash: { key.stableHash }, make: { PatternState() }) {
                    $0.add(record, time: time, httpStatus: status, userHash: userHash, installHash: installHash)
                }
            }
            // In ascending order, so which codes get rows when the table fills is the same in every run; an attempt
            // counts once in the "(other)" row however many of its codes fold there (found by the report fuzz target:
            // Tests/Fuzz/Regressions/report/pattern-share-above-one.jsonl).
            var folded = false
            for sts in record.stsErrorCodes.distinctAscending {
                guard ReportBounds.stsCode.contains(sts) else {
                    outOfRange.note(.stsCode, "\(sts)")
                    continue
                }
                let wasFolded = stsPatterns.update(
                    sts, hash: { DistinctCount.hash(String(sts)) }, make: { PatternState() },
                    updateOther: !folded
                ) { $0.add(record, time: time, httpStatus: status, userHash: userHash, installHash: installHash) }
                if wasFolded { folded = true }
            }
        }
        if let install = record.installID, let time { deviceAttempt(install: install, at: time) }

        guard let time else { return }
        let attemptNumber = checkedAttempt(record.attempt)
        let retryAfter = outcome == "success" ? nil : checkedRetryAfter(record.retryAfterSeconds)
        let key = ChainKey(install: record.installID ?? "", operation: record.operationID ?? "")
        if record.operationID == nil {
            // No operation id: a chain of one attempt.
            var chain = OperationChain(installID: key.install, operationID: "")
            chain.attempts.append(
                Self.attempt(
                    number: attemptNumber ?? 1, kind: kind, outcome: outcome, end: time, start: nil,
                    duration: duration, retryAfter: retryAfter))
            close(chain)
            return
        }
        // Returns whether the attempt ends the chain: a success or a cancellation with no other attempt started.
        func add(to chain: inout OperationChain) -> Bool {
            let number = attemptNumber ?? (chain.attempts.count + 1)
            let start = chain.takeStart(attempt: number)
            if chain.attempts.count < OperationChain.storedAttempts {
                chain.attempts.append(
                    Self.attempt(
                        number: attemptNumber ?? 1, kind: kind, outcome: outcome, end: time, start: start,
                        duration: duration, retryAfter: retryAfter))
            }
            chain.lastSeen = time
            return chain.pendingStarts.isEmpty && (outcome == "success" || outcome == "cancelled")
        }
        // One lookup of the operation id for the update and the removal (hashing it twice cost about 1 %; perf).
        if let index = chains.index(forKey: key) {
            let before = chains.values[index].storedItems
            let finished = add(to: &chains.values[index])
            storedItems += chains.values[index].storedItems - before
            // A success or a cancellation ends the chain: close it now so open chains stay few.
            if finished {
                let chain = chains.remove(at: index).value
                storedItems -= chain.storedItems
                close(chain)
            }
        } else {
            var chain = OperationChain(installID: key.install, operationID: key.operation)
            if add(to: &chain) {
                close(chain)
            } else {
                chains[key] = chain
                storedItems += chain.storedItems
                trimChains()
            }
        }
        if storedItems > ReportBounds.storedAttemptsInOpenOperations { closeLeastRecentHalf() }
    }

    /// An attempt as a chain stores it. Its start is its `acquisition.start` time, or its end minus its duration
    /// (both checked, so the subtraction cannot overflow).
    private static func attempt(
        number: Int, kind: String, outcome: String, end: Int64, start: Int64?, duration: Int64?, retryAfter: Double?
    ) -> OperationChain.Attempt {
        OperationChain.Attempt(
            number: number, kind: kind, outcome: outcome, start: start ?? end - (duration ?? 0), end: end,
            retryAfterSeconds: outcome == "success" ? nil : retryAfter)
    }

    private mutating func deviceAttempt(install: String, at time: Int64) {
        var started = false
        var ended: Report.Storm?
        // The current device's window lives outside the dictionary: consecutive attempts share a device.
        if install != currentWindowInstall {
            if !currentWindowInstall.isEmpty {
                windowUses += 1
                currentWindow.lastUse = windowUses
                deviceWindows[currentWindowInstall] = currentWindow
                if deviceWindows.count > ReportBounds.deviceWindows { closeLeastRecentDeviceWindows() }
            }
            currentWindowInstall = install
            currentWindow = deviceWindows.removeValue(forKey: install) ?? DeviceWindow(size: limits.deviceStormAttempts)
        }
        currentWindow.add(time, install: install, window: limits.stormWindow, started: &started, ended: &ended)
        if started { deviceStormCount += 1 }
        if let ended, deviceStormFloor.map({ Self.larger(ended, $0) }) ?? true {
            deviceStorms.append(ended)
            trimDeviceStorms()
        }
    }

    /// Drops the least recently used half of the stored device windows (past `ReportBounds.deviceWindows`
    /// devices), counting a storm still going on there as ended: only inputs interleaving that many devices lose
    /// storm history, as the reader otherwise reads one device's segments after another.
    private mutating func closeLeastRecentDeviceWindows() {
        var uses: [(install: String, lastUse: Int)] = []
        uses.reserveCapacity(deviceWindows.count)
        for (install, window) in deviceWindows { uses.append((install, window.lastUse)) }
        uses.sort { $0.lastUse < $1.lastUse }
        for (install, _) in uses.prefix(uses.count / 2) {
            guard let window = deviceWindows.removeValue(forKey: install) else { continue }
            if let storm = window.storm { deviceStorms.append(storm) }
            trimDeviceStorms()
        }
    }

    /// Stores the current install's latest event time. Past `ReportBounds.installClocks` installs, only those with
    /// open operations (the only ones the idle sweep asks about) keep theirs.
    private mutating func storeInstallClock() {
        latestByInstall[latestInstall] = latestTime
        guard latestByInstall.count > installClockThreshold else { return }
        var open = Set<String>()
        for chain in chains.values { open.insert(chain.installID) }
        latestByInstall = latestByInstall.filter { open.contains($0.key) }
        installClockThreshold = max(ReportBounds.installClocks, latestByInstall.count * 2)
    }

    // MARK: Closing chains

    /// Operations not yet closed (for tests of the memory bound).
    package var openOperations: Int { chains.count }
    /// Attempts and pending starts stored in open operations (for tests of the memory bound).
    package var storedAttempts: Int { storedItems }
    /// Device-storm windows kept, the current one included (for tests of the memory bound).
    package var storedDeviceWindows: Int { deviceWindows.count + (currentWindowInstall.isEmpty ? 0 : 1) }
    /// Install clocks kept for the idle sweep (for tests of the memory bound).
    package var storedInstallClocks: Int { latestByInstall.count }

    private mutating func trimChains() {
        if chains.count > sweepThreshold {
            closeIdleChains()
            sweepThreshold = max(limits.idleSweepOperations, chains.count * 2)
        }
        guard chains.count > limits.openOperations else { return }
        closeLeastRecentHalf()
    }

    /// Closes the least recently seen half of the open chains: when too many are open, or they store too many
    /// attempts.
    private mutating func closeLeastRecentHalf() {
        // Keys and times only: sorting the chains themselves copied every one of them.
        var open: [(key: ChainKey, lastSeen: Int64)] = []
        open.reserveCapacity(chains.count)
        for (key, chain) in chains { open.append((key, chain.lastSeen)) }
        open.sort { ($0.lastSeen, $0.key.operation, $0.key.install) < ($1.lastSeen, $1.key.operation, $1.key.install) }
        for (key, _) in open.prefix(max(open.count / 2, 1)) {
            if let chain = removeChain(key) { close(chain) }
        }
    }

    /// Closes chains that saw nothing for `Limits.idleOperation` while their device went on logging: operations
    /// that ended in a failure the app gave up on. This keeps memory bounded by recent activity, not input size.
    private mutating func closeIdleChains() {
        // Keys only: filtering the dictionary copied every idle chain into a new one, a tenth of a report's time.
        var idle: [(key: ChainKey, lastSeen: Int64)] = []
        for (key, chain) in chains {
            // No clock yet for the install (its events so far had no time or no install id): not idle. The
            // subtraction is checked as the clock starts at Int64.min.
            guard let latest = chain.installID == latestInstall ? latestTime : latestByInstall[chain.installID] else {
                continue
            }
            let (threshold, overflow) = latest.subtractingReportingOverflow(limits.idleOperation)
            if !overflow, chain.lastSeen < threshold { idle.append((key, chain.lastSeen)) }
        }
        idle.sort { ($0.lastSeen, $0.key.operation) < ($1.lastSeen, $1.key.operation) }
        for (key, _) in idle {
            if let chain = removeChain(key) { close(chain) }
        }
    }

    private mutating func closeAllChains() {
        let open = chains.values.sorted { ($0.lastSeen, $0.operationID) < ($1.lastSeen, $1.operationID) }
        chains.removeAll(keepingCapacity: true)
        storedItems = 0
        for chain in open { close(chain) }
    }

    private mutating func close(_ chain: OperationChain) {
        // Nearly always in order already: checking is cheaper than sorting a copy (about 1 % of a report; perf).
        func inOrder(_ left: OperationChain.Attempt, _ right: OperationChain.Attempt) -> Bool {
            (left.number, left.end) < (right.number, right.end)
        }
        let isSorted = zip(chain.attempts, chain.attempts.dropFirst()).allSatisfy { !inOrder($1, $0) }
        let attempts = isSorted ? chain.attempts : chain.attempts.sorted(by: inOrder)
        guard !attempts.isEmpty else { return }
        report.retries.operations += 1
        attemptsPerOperation[attempts.count, default: 0] += 1
        if attempts.count > 1 {
            report.retries.retriedOperations += 1
            if attempts.last!.outcome == "success" { report.retries.retriedSucceeded += 1 }
        }
        if let firstFailure = attempts.first(where: { $0.outcome != "success" }), attempts.last!.outcome == "success" {
            recovery.add(attempts.last!.end - firstFailure.end)
        }
        // Silent-to-interactive fallback.
        if let silentFailure = attempts.firstIndex(where: { $0.kind == "silent" && $0.outcome == "failure" }) {
            report.retries.fallback.silentFailures += 1
            if let interactive = attempts[(silentFailure + 1)...].first(where: { $0.kind == "interactive" }) {
                report.retries.fallback.fallbacks += 1
                switch interactive.outcome {
                case "success": report.retries.fallback.succeeded += 1
                case "cancelled": report.retries.fallback.cancelled += 1
                default: report.retries.fallback.failed += 1
                }
            }
        }
        // Gaps after failures, Retry-After compliance, backoff shape.
        var gaps: [Int64] = []
        for (previous, next) in zip(attempts, attempts.dropFirst()) where previous.outcome != "success" {
            let gap = next.start - previous.end
            gaps.append(gap)
            gapCounts[Self.gapBucket(gap)] += 1
            if let retryAfter = previous.retryAfterSeconds {
                report.retries.retryAfter.retriedAfterHint += 1
                if Double(gap) < retryAfter * 1000 {
                    report.retries.retryAfter.violations += 1
                    violations.append(
                        Report.Violation(
                            installID: chain.installID, operationID: chain.operationID, attempt: previous.number,
                            failedAt: ReportTime.string(previous.end), retriedAt: ReportTime.string(next.start),
                            waitedMilliseconds: gap, retryAfterSeconds: retryAfter))
                    if violations.count > 200 { violations = Array(violations.sorted(by: Self.earlier).prefix(10)) }
                } else {
                    report.retries.retryAfter.compliant += 1
                }
            }
        }
        if attempts.count >= 3 && gaps.count >= 2 {
            if gaps.allSatisfy({ $0 < 100 }) {
                report.retries.backoff.immediate += 1
            } else if zip(gaps, gaps.dropFirst()).allSatisfy({ Double($1) >= 1.5 * Double(max($0, 1)) }) {
                report.retries.backoff.growing += 1
            } else if gaps.allSatisfy({ abs(Double($0 - gaps[0])) <= 0.25 * Double(max(gaps[0], 1)) }) {
                report.retries.backoff.constant += 1
            } else {
                report.retries.backoff.irregular += 1
            }
        }
        // Operation storm: the most attempts that started within one window.
        if attempts.count >= limits.operationStormAttempts {
            let starts = attempts.map(\.start).sorted()
            var best = (count: 0, first: Int64(0), last: Int64(0))
            var low = 0
            for high in starts.indices {
                while starts[high] - starts[low] > limits.stormWindow { low += 1 }
                if high - low + 1 > best.count { best = (high - low + 1, starts[low], starts[high]) }
            }
            if best.count >= limits.operationStormAttempts {
                operationStormCount += 1
                operationStorms.append(
                    Report.Storm(
                        installID: chain.installID, operationID: chain.operationID,
                        start: ReportTime.string(best.first),
                        attempts: best.count, durationMilliseconds: best.last - best.first))
                if operationStorms.count > 200 {
                    operationStorms = Array(operationStorms.sorted(by: Self.larger).prefix(10))
                }
            }
        }
    }

    // MARK: Result

    /// Closes every open operation and returns the report.
    package mutating func finish() -> Report {
        closeAllChains()
        if !currentWindowInstall.isEmpty {
            deviceWindows[currentWindowInstall] = currentWindow
            currentWindowInstall = ""
        }
        for (install, window) in deviceWindows.sorted(by: { $0.key < $1.key }) {
            if let storm = window.storm { deviceStorms.append(storm) }
            deviceWindows[install]?.storm = nil
        }
        // Events given without a summary after them (a caller that adds none) still get their warnings.
        flushOutOfRange(file: "input")
        var report = self.report
        report.input.firstEvent = firstEvent.map(ReportTime.string)
        report.input.lastEvent = lastEvent.map(ReportTime.string)
        report.input.devices = devices.count
        report.input.users = users.count
        func withRate(_ totals: Report.KindTotals) -> Report.KindTotals {
            var totals = totals
            totals.successRate = totals.attempts == 0 ? 0 : Double(totals.successes) / Double(totals.attempts)
            return totals
        }
        report.kinds = kinds.rows.values.map(withRate).sorted { $0.kind < $1.kind }
        if var other = kinds.other {
            other.kind = Report.otherLabel
            other.foldedValues = kinds.folded.count
            report.kinds.append(withRate(other))
        }
        report.patterns = patterns.rows.map { key, state in
            state.pattern(domain: key.domain, code: key.code, subcode: key.subcode, stsCode: nil, of: erroredAttempts)
        }.sorted(by: Self.moreFrequent)
        if let other = patterns.other {
            report.patterns.append(other.otherPattern(folded: patterns.folded.count, of: erroredAttempts))
        }
        report.stsPatterns = stsPatterns.rows.map { code, state in
            state.pattern(domain: nil, code: nil, subcode: nil, stsCode: code, of: erroredAttempts)
        }.sorted(by: Self.moreFrequent)
        if let other = stsPatterns.other {
            report.stsPatterns.append(other.otherPattern(folded: stsPatterns.folded.count, of: erroredAttempts))
        }

        var retries = report.retries
        retries.attemptsHistogram = attemptsPerOperation.sorted { $0.key < $1.key }.map {
            Report.AttemptsBucket(attempts: $0.key, operations: $0.value)
        }
        retries.eventualSuccessRate =
            retries.retriedOperations == 0 ? 0 : Double(retries.retriedSucceeded) / Double(retries.retriedOperations)
        retries.timeToRecover = recovery.percentiles
        retries.fallback.rate =
            retries.fallback.silentFailures == 0
            ? 0 : Double(retries.fallback.fallbacks) / Double(retries.fallback.silentFailures)
        retries.retryAfter.examples = Array(violations.sorted(by: Self.earlier).prefix(10))
        retries.operationStorms = Report.StormSummary(
            threshold: limits.operationStormAttempts, windowSeconds: Int(limits.stormWindow / 1000),
            count: operationStormCount,
            examples: Array(operationStorms.sorted(by: Self.larger).prefix(10)))
        retries.deviceStorms = Report.StormSummary(
            threshold: limits.deviceStormAttempts, windowSeconds: Int(limits.stormWindow / 1000),
            count: deviceStormCount,
            examples: Array(deviceStorms.sorted(by: Self.larger).prefix(10)))
        retries.backoff.gaps = zip(Self.gapBuckets, gapCounts).map {
            Report.GapBucket(label: $0.0.label, fromMilliseconds: $0.0.from, count: $0.1)
        }
        report.retries = retries
        report.latency = latency.latencyRows
        breakdowns.flushPending()
        report.breakdowns = breakdowns.breakdowns
        report.timeline = timeline.timeline
        report.health.outOfRangeValues = outOfRangeValues > 0 ? outOfRangeValues : nil
        report.health.warnings += boundWarnings(report)
        drillDown.apply(to: &report)
        report.flagOutliers()
        return report
    }

    /// Warnings for every cap and limit the input reached: folded values, estimated counts, rounded durations, and
    /// the warnings left out.
    private func boundWarnings(_ report: Report) -> [String] {
        var lines: [String] = []
        func folded(_ rows: Int, _ what: String, _ count: Int, exact: Bool) {
            lines.append(
                "report: \(exact ? "" : "about ")\(count) distinct \(what) past the first \(rows) are counted in one "
                    + "\(Report.otherLabel) row")
        }
        if kinds.other != nil {
            folded(ReportBounds.kinds, "acquisition.kind values", kinds.folded.count, exact: kinds.folded.isExact)
        }
        if latency.foldedCount > 0 {
            folded(
                ReportBounds.latencyRows, "(acquisition.kind, outcome) pairs", latency.foldedCount,
                exact: latency.foldedIsExact)
        }
        if patterns.other != nil {
            folded(
                ReportBounds.patterns, "(error.domain, error.code, error.subcode) groups", patterns.folded.count,
                exact: patterns.folded.isExact)
        }
        if stsPatterns.other != nil {
            folded(
                ReportBounds.stsPatterns, "AADSTS codes", stsPatterns.folded.count, exact: stsPatterns.folded.isExact)
        }
        lines += breakdowns.foldedWarnings
        if !devices.isExact || !users.isExact {
            lines.append(
                "report: more than \(ReportBounds.exactDistinctInputs) distinct devices or users: input.devices and "
                    + "input.users are estimates (within about 0.3 %)")
        }
        let estimated = patterns.rows.values.filter(\.isEstimated).count + stsPatterns.rows.values.filter(\.isEstimated).count
        if estimated > 0 {
            lines.append(
                "report: \(estimated) failure patterns have more than \(ReportBounds.exactDistinctPerPattern) distinct "
                    + "users or devices; those counts are estimates (within about 5 %)")
        }
        if latency.roundedRows > 0 {
            lines.append(
                "report: \(latency.roundedRows) latency rows hold more than 4096 distinct durations of a minute or more; "
                    + "their percentiles at or above a minute are rounded down by less than 0.8 %")
        }
        if recovery.isRounded {
            lines.append(
                "report: time to recover holds more than 4096 distinct values of a minute or more; its percentiles at "
                    + "or above a minute are rounded down by less than 0.8 %")
        }
        if omittedWarnings > 0 {
            lines.append("report: … and \(omittedWarnings) more warnings, past the first \(ReportBounds.warnings)")
        }
        return lines
    }

    /// The first bucket has no lower bound (`from` nil): it holds every gap under 100 ms, negative ones included.
    static let gapBuckets: [(label: String, from: Int64?)] = [
        ("< 100 ms (no backoff)", nil), ("100 ms - 1 s", 100), ("1 - 10 s", 1_000), ("10 - 60 s", 10_000),
        (">= 60 s", 60_000),
    ]

    private static func gapBucket(_ gap: Int64) -> Int {
        gapBuckets.lastIndex { $0.from.map { gap >= $0 } ?? true } ?? 0
    }

    /// Most frequent first; ties by domain, then code, then sub-code, an absent code or sub-code before any present
    /// one (then ascending), and in `sts_patterns` by code ascending.
    private static func moreFrequent(_ left: Report.FailurePattern, _ right: Report.FailurePattern) -> Bool {
        if left.count != right.count { return left.count > right.count }
        if left.domain != right.domain { return (left.domain ?? "") < (right.domain ?? "") }
        for (one, other) in [(left.code, right.code), (left.subcode, right.subcode), (left.stsCode, right.stsCode)]
        where one != other {
            guard let one else { return true }
            guard let other else { return false }
            return one < other
        }
        return false
    }

    static func earlier(_ left: Report.Violation, _ right: Report.Violation) -> Bool {
        (left.failedAt, left.installID, left.operationID, left.attempt) < (
            right.failedAt, right.installID, right.operationID, right.attempt
        )
    }

    static func larger(_ left: Report.Storm, _ right: Report.Storm) -> Bool {
        if left.attempts != right.attempts { return left.attempts > right.attempts }
        return (left.start, left.installID, left.operationID ?? "") < (
            right.start, right.installID, right.operationID ?? ""
        )
    }
}

private struct ChainKey: Hashable {
    var install: String
    var operation: String

    // Operation ids are random UUIDs: hashing the install too would double the cost for no spread. Equality still
    // compares both.
    func hash(into hasher: inout Hasher) { hasher.combine(operation) }
}

/// A failure pattern: (`error.domain`, `error.code`, `error.subcode`).
struct PatternKey: Hashable {
    let domain: String
    let code: Int?
    let subcode: Int?
    /// The three hashed once: a failed attempt's key is looked up in about ten tables (patterns, breakdowns,
    /// timelines, examples), and hashing its domain string in each cost about 3 % of a report (perf, large segments).
    private let fieldsHash: UInt64

    init(domain: String, code: Int?, subcode: Int?) {
        self.domain = domain
        self.code = code
        self.subcode = subcode
        func mixed(_ hash: UInt64, _ value: Int?) -> UInt64 {
            let withValue = (hash ^ UInt64(bitPattern: Int64(value ?? 0))) &* 0x0000_0100_0000_01b3
            return (withValue ^ (value == nil ? 0 : 1)) &* 0x0000_0100_0000_01b3
        }
        fieldsHash = mixed(mixed(DistinctCount.hash(domain), code), subcode)
    }

    static func == (left: Self, right: Self) -> Bool {
        left.fieldsHash == right.fieldsHash && left.code == right.code && left.subcode == right.subcode
            && left.domain == right.domain
    }

    func hash(into hasher: inout Hasher) { hasher.combine(fieldsHash) }

    /// The same in every run (for counting folded groups).
    var stableHash: UInt64 { DistinctCount.hash(text) }

    /// `domain|code|subcode`, `-` for an absent code or sub-code.
    var text: String { "\(domain)|\(code.map(String.init) ?? "-")|\(subcode.map(String.init) ?? "-")" }
}

/// The last `size` attempt times of one install (a ring), and the storm it is in, if any.
private struct DeviceWindow {
    var times: [Int64]
    var next = 0
    var count = 0
    var storm: Report.Storm?
    var stormStart: Int64 = 0
    /// When the builder last switched away from this device (for closing the least recently used windows).
    var lastUse = 0

    init(size: Int) { times = [Int64](repeating: 0, count: max(size, 1)) }

    mutating func add(_ time: Int64, install: String, window: Int64, started: inout Bool, ended: inout Report.Storm?) {
        // Times only move forward here, so no window or duration can be negative (see `ReportBuilder`).
        let time = count == 0 ? time : max(time, times[(next + times.count - 1) % times.count])
        times[next] = time
        next = (next + 1) % times.count
        count = min(count + 1, times.count)
        // When full, `next` points at the oldest of the last `size` times.
        let oldest = times[next % times.count]
        if count == times.count, time - oldest <= window {
            if storm == nil {
                started = true
                stormStart = oldest
                storm = Report.Storm(
                    installID: install, operationID: nil, start: ReportTime.string(oldest), attempts: times.count,
                    durationMilliseconds: time - oldest)
            } else {
                storm!.attempts += 1
                storm!.durationMilliseconds = time - stormStart
            }
        } else if let current = storm {
            ended = current
            storm = nil
        }
    }
}

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

    /// - Parameters:
    ///   - time: the record's time, checked (`ReportBounds.timestampMilliseconds`).
    ///   - httpStatus: the record's status, checked.
    ///   - userHash: `DistinctCount.hash` of the record's `userID`, nil when it has none.
    ///   - installHash: the same of its `installID`.
    mutating func add(
        _ record: LogRecord, time: Int64?, httpStatus status: Int?, userHash: UInt64?, installHash: UInt64?
    ) {
        count += 1
        Earliest.update(&codeName, record.errorCodeName, time: time)
        Earliest.update(&subcodeName, record.errorSubcodeName, time: time)
        Earliest.update(&httpStatus, status, time: time)
        Earliest.update(&action, record.action, time: time)
        if let time {
            first = min(first ?? time, time)
            last = max(last ?? time, time)
        }
        if let userHash { users.insert(hash: userHash) }
        if let installHash { devices.insert(hash: installHash) }
    }

    /// Whether `users` or `devices` is an estimate.
    var isEstimated: Bool { !users.isExact || !devices.isExact }

    func pattern(domain: String?, code: Int?, subcode: Int?, stsCode: Int?, of total: Int) -> Report.FailurePattern {
        Report.FailurePattern(
            domain: domain, code: code, codeName: stsCode == nil ? codeName?.value : nil, subcode: subcode,
            subcodeName: stsCode == nil ? subcodeName?.value : nil, stsCode: stsCode, httpStatus: httpStatus?.value,
            action: action?.value,
            count: count, share: total == 0 ? 0 : Double(count) / Double(total),
            firstSeen: first.map(ReportTime.string),
            lastSeen: last.map(ReportTime.string), users: users.count, devices: devices.count)
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

extension [Int] {
    /// The distinct values in ascending order, without building a `Set` for none or one (most attempts carry at most
    /// one AADSTS code; the set was about 0.8 % of a report, perf).
    var distinctAscending: [Int] { count <= 1 ? self : Set(self).sorted() }
}

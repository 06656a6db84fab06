import AuthTrail

/// Builds a `Report` in one pass over events, keeping aggregates rather than records: memory grows with the number
/// of distinct patterns, devices and open operations, not with the input.
///
/// Operations are closed (their retry behaviour counted) when the reader moves to another device's segments, when
/// more than `Limits.openOperations` are open (the least recently seen half is closed), and at the end.
package struct ReportBuilder: LogConsumer {
    /// Thresholds that define storms and bound memory.
    package struct Limits: Sendable {
        /// An operation storm: this many attempts of one operation within `stormWindow`.
        package var operationStormAttempts = 5
        /// A device storm: this many attempts on one install within `stormWindow`.
        package var deviceStormAttempts = 20
        /// Milliseconds.
        package var stormWindow: Int64 = 60_000
        package var openOperations = 100_000
        /// An operation with no event for this long (milliseconds, on its device's clock) is closed.
        package var idleOperation: Int64 = 30 * 60_000
        package init() {}
    }

    package let filter: EventFilter
    package let limits: Limits

    private var report = Report()
    private var firstEvent: Int64?
    private var lastEvent: Int64?
    private var devices = Set<String>()
    private var users = Set<String>()
    private var lastInstall: String?
    private var lastUser: String?
    private var kinds: [String: Report.KindTotals] = [:]
    private var patterns: [PatternKey: PatternState] = [:]
    private var stsPatterns: [Int: PatternState] = [:]
    private var erroredAttempts = 0
    private var latency: [(key: LatencyKey, histogram: MillisecondHistogram)] = []
    private var minutes: [Int64: (attempts: Int, failures: Int)] = [:]
    private var chains: [ChainKey: OperationChain] = [:]
    private var sweepThreshold = 4_096
    /// The latest event time per install, the clock idle operations are measured against.
    private var latestByInstall: [String: Int64] = [:]
    private var latestInstall = ""
    private var latestTime: Int64 = .min
    private var currentInstall: String?
    private var deviceWindows: [String: DeviceWindow] = [:]
    private var currentWindowInstall = ""
    private var currentWindow = DeviceWindow(size: 1)
    // Retry behaviour, counted as chains close.
    private var attemptsPerOperation: [Int: Int] = [:]
    private var recovery = MillisecondHistogram()
    private var gapCounts = [Int](repeating: 0, count: ReportBuilder.gapBuckets.count)
    private var operationStorms: [Report.Storm] = []
    private var operationStormCount = 0
    private var deviceStorms: [Report.Storm] = []
    private var deviceStormCount = 0
    private var violations: [Report.Violation] = []

    package init(filter: EventFilter = EventFilter(), limits: Limits = Limits()) {
        self.filter = filter
        self.limits = limits
        report.input.filters = filter.descriptions
    }

    // MARK: Input

    package mutating func segment(_ info: SegmentInfo, path: String) {
        guard !info.isBundleManifest, let install = info.installID else { return }
        if let currentInstall, currentInstall != install { closeAllChains() }
        currentInstall = install
    }

    package mutating func event(_ record: LogRecord, line: UnsafeRawBufferPointer) {
        guard filter.accepts(record) else { return }
        report.input.events += 1
        if let time = record.timestampMilliseconds {
            firstEvent = min(firstEvent ?? time, time)
            lastEvent = max(lastEvent ?? time, time)
        }
        // Consecutive events mostly share the install and user: compare before hashing.
        if let install = record.installID, install != lastInstall {
            devices.insert(install)
            lastInstall = install
        }
        if let user = record.userID, user != lastUser {
            users.insert(user)
            lastUser = user
        }
        if let time = record.timestampMilliseconds, let install = record.installID {
            // Cached for the current install: a dictionary write per event would cost a hash.
            if install != latestInstall {
                if !latestInstall.isEmpty { latestByInstall[latestInstall] = latestTime }
                latestInstall = install
                latestTime = latestByInstall[install] ?? .min
            }
            if time > latestTime { latestTime = time }
        }
        switch record.eventName {
        case "acquisition.start": start(record)
        case "acquisition.end": end(record)
        case "store.dropped":
            report.health.dropReports += 1
            report.health.droppedEvents += record.droppedCount ?? 1
        default: break
        }
    }

    /// Adds what reading one input found (decode issues, invalid lines) to the health section.
    package mutating func add(_ summary: InputSummary) {
        report.input.files += 1
        for issue in summary.issues {
            switch issue.kind {
            case .truncatedFrame, .truncatedSkippableFrame: report.health.tornTails += 1
            case .corruptFrame: report.health.corruptFrames += 1
            case .checksumMismatch: report.health.checksumMismatches += 1
            default: report.health.otherDecodeIssues += 1
            }
        }
        report.health.invalidLines += summary.invalidLines
        report.health.newerSchemaEvents += summary.newerSchemaEvents
        report.health.warnings += summary.warnings
    }

    // MARK: Attempts

    private mutating func start(_ record: LogRecord) {
        guard let operation = record.operationID, let time = record.timestampMilliseconds else { return }
        let key = ChainKey(install: record.installID ?? "", operation: operation)
        // Mutated in place through the dictionary's default subscript: copying a chain out and back would copy its
        // attempts array on every event.
        var isNew = false
        modifyChain(key) { chain in
            isNew = chain.attempts.isEmpty && chain.pendingStarts.isEmpty
            chain.setStart(time, attempt: record.attempt ?? (chain.attempts.count + 1))
            chain.lastSeen = time
        }
        if isNew { trimChains() }
    }

    private mutating func modifyChain(_ key: ChainKey, _ body: (inout OperationChain) -> Void) {
        body(&chains[key, default: OperationChain(installID: key.install, operationID: key.operation)])
    }

    private mutating func end(_ record: LogRecord) {
        let kind = record.kind ?? "unknown"
        let outcome = record.outcome ?? "unknown"
        kinds[kind, default: Report.KindTotals(kind: kind)].attempts += 1
        switch outcome {
        case "success": kinds[kind]!.successes += 1
        case "cancelled": kinds[kind]!.cancellations += 1
        default: kinds[kind]!.failures += 1
        }
        if let duration = record.durationMilliseconds {
            // A handful of (kind, outcome) pairs: a linear search on short strings beats hashing them per event.
            if let index = latency.firstIndex(where: { $0.key.kind == kind && $0.key.outcome == outcome }) {
                latency[index].histogram.add(duration)
            } else {
                var histogram = MillisecondHistogram()
                histogram.add(duration)
                latency.append((LatencyKey(kind: kind, outcome: outcome), histogram))
            }
        }
        let time = record.timestampMilliseconds
        if let time {
            let minute = floorDivide(time, 60_000)
            let failed = outcome != "success" && outcome != "cancelled"
            minutes[minute, default: (0, 0)].attempts += 1
            if failed { minutes[minute, default: (0, 0)].failures += 1 }
        }
        if outcome != "success", record.errorDomain != nil || !record.stsErrorCodes.isEmpty {
            erroredAttempts += 1
            if let domain = record.errorDomain {
                let key = PatternKey(domain: domain, code: record.errorCode, subcode: record.errorSubcode)
                patterns[key, default: PatternState(record)].add(record)
            }
            for sts in Set(record.stsErrorCodes) {
                stsPatterns[sts, default: PatternState(record)].add(record)
            }
        }
        if let install = record.installID, let time { deviceAttempt(install: install, at: time) }

        guard let time else { return }
        let key = ChainKey(install: record.installID ?? "", operation: record.operationID ?? "")
        if record.operationID == nil {
            // No operation id: a chain of one attempt.
            var chain = OperationChain(installID: key.install, operationID: "")
            chain.attempts.append(Self.attempt(record, kind: kind, outcome: outcome, end: time, start: nil))
            close(chain)
            return
        }
        var isNew = false
        let attemptNumber = record.attempt
        var finished = false
        modifyChain(key) { chain in
            isNew = chain.attempts.isEmpty && chain.pendingStarts.isEmpty
            let number = attemptNumber ?? (chain.attempts.count + 1)
            let start = chain.takeStart(attempt: number)
            if chain.attempts.count < OperationChain.storedAttempts {
                chain.attempts.append(Self.attempt(record, kind: kind, outcome: outcome, end: time, start: start))
            }
            chain.lastSeen = time
            finished = chain.pendingStarts.isEmpty && (outcome == "success" || outcome == "cancelled")
        }
        // A success or a cancellation ends the chain: close it now so open chains stay few.
        if finished, let chain = chains.removeValue(forKey: key) {
            close(chain)
        } else if isNew {
            trimChains()
        }
    }

    private static func attempt(_ record: LogRecord, kind: String, outcome: String, end: Int64, start: Int64?)
        -> OperationChain.Attempt
    {
        let derivedStart = start ?? end - Int64((record.durationMilliseconds ?? 0).rounded())
        return OperationChain.Attempt(
            number: record.attempt ?? 1, kind: kind, outcome: outcome, start: derivedStart, end: end,
            retryAfterSeconds: outcome == "success" ? nil : record.retryAfterSeconds)
    }

    private mutating func deviceAttempt(install: String, at time: Int64) {
        var started = false
        var ended: Report.Storm?
        // The current device's window lives outside the dictionary: consecutive attempts share a device.
        if install != currentWindowInstall {
            if !currentWindowInstall.isEmpty { deviceWindows[currentWindowInstall] = currentWindow }
            currentWindowInstall = install
            currentWindow = deviceWindows.removeValue(forKey: install) ?? DeviceWindow(size: limits.deviceStormAttempts)
        }
        currentWindow.add(time, install: install, window: limits.stormWindow, started: &started, ended: &ended)
        if started { deviceStormCount += 1 }
        if let ended { deviceStorms.append(ended) }
        if deviceStorms.count > 200 { deviceStorms = Array(deviceStorms.sorted(by: Self.larger).prefix(10)) }
    }

    // MARK: Closing chains

    /// Operations not yet closed (for tests of the memory bound).
    package var openOperations: Int { chains.count }

    private mutating func trimChains() {
        if chains.count > sweepThreshold {
            closeIdleChains()
            sweepThreshold = max(4_096, chains.count * 2)
        }
        guard chains.count > limits.openOperations else { return }
        let oldest = chains.sorted { $0.value.lastSeen < $1.value.lastSeen }.prefix(chains.count / 2)
        for (key, chain) in oldest {
            chains[key] = nil
            close(chain)
        }
    }

    /// Closes chains that saw nothing for `Limits.idleOperation` while their device went on logging: operations
    /// that ended in a failure the app gave up on. This keeps memory bounded by recent activity, not input size.
    private mutating func closeIdleChains() {
        // Keys only: filtering the dictionary copied every idle chain into a new one, a tenth of a report's time.
        var idle: [(key: ChainKey, lastSeen: Int64)] = []
        for (key, chain) in chains {
            guard let latest = chain.installID == latestInstall ? latestTime : latestByInstall[chain.installID] else {
                continue
            }
            if chain.lastSeen < latest - limits.idleOperation { idle.append((key, chain.lastSeen)) }
        }
        idle.sort { ($0.lastSeen, $0.key.operation) < ($1.lastSeen, $1.key.operation) }
        for (key, _) in idle {
            if let chain = chains.removeValue(forKey: key) { close(chain) }
        }
    }

    private mutating func closeAllChains() {
        let open = chains.values.sorted { ($0.lastSeen, $0.operationID) < ($1.lastSeen, $1.operationID) }
        chains.removeAll(keepingCapacity: true)
        for chain in open { close(chain) }
    }

    private mutating func close(_ chain: OperationChain) {
        let attempts = chain.attempts.sorted { ($0.number, $0.end) < ($1.number, $1.end) }
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
        var report = self.report
        report.input.firstEvent = firstEvent.map(ReportTime.string)
        report.input.lastEvent = lastEvent.map(ReportTime.string)
        report.input.devices = devices.count
        report.input.users = users.count
        report.kinds = kinds.values.map { totals in
            var totals = totals
            totals.successRate = totals.attempts == 0 ? 0 : Double(totals.successes) / Double(totals.attempts)
            return totals
        }.sorted { $0.kind < $1.kind }
        report.patterns = patterns.map { key, state in
            state.pattern(domain: key.domain, code: key.code, subcode: key.subcode, stsCode: nil, of: erroredAttempts)
        }.sorted(by: Self.moreFrequent)
        report.stsPatterns = stsPatterns.map { code, state in
            state.pattern(domain: nil, code: nil, subcode: nil, stsCode: code, of: erroredAttempts)
        }.sorted(by: Self.moreFrequent)

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
        report.latency = latency.map { key, histogram in
            Report.LatencyRow(kind: key.kind, outcome: key.outcome, durations: histogram.percentiles)
        }.sorted { ($0.kind, $0.outcome) < ($1.kind, $1.outcome) }
        report.timeline = Self.timeline(minutes)
        return report
    }

    private static func timeline(_ minutes: [Int64: (attempts: Int, failures: Int)]) -> Report.Timeline {
        guard let first = minutes.keys.min(), let last = minutes.keys.max() else { return Report.Timeline() }
        let spanMinutes = last - first + 1
        let widths: [Int64] = [1, 5, 15, 60, 360, 1440, 10080]
        let width = widths.first { (spanMinutes + $0 - 1) / $0 <= 60 } ?? (spanMinutes + 59) / 60
        var buckets: [Int64: (attempts: Int, failures: Int)] = [:]
        for (minute, counts) in minutes {
            let bucket = floorDivide(minute, width) * width
            var total = buckets[bucket] ?? (0, 0)
            total.attempts += counts.attempts
            total.failures += counts.failures
            buckets[bucket] = total
        }
        var rows: [Report.TimeBucket] = []
        var bucket = floorDivide(first, width) * width
        while bucket <= last {
            let counts = buckets[bucket] ?? (0, 0)
            rows.append(
                Report.TimeBucket(
                    start: ReportTime.string(bucket * 60_000), attempts: counts.attempts, failures: counts.failures,
                    failureRate: counts.attempts == 0 ? 0 : Double(counts.failures) / Double(counts.attempts)))
            bucket += width
        }
        return Report.Timeline(bucketSeconds: Int(width * 60), buckets: rows)
    }

    static let gapBuckets: [(label: String, from: Int64)] = [
        ("< 100 ms (no backoff)", Int64.min), ("100 ms - 1 s", 100), ("1 - 10 s", 1_000), ("10 - 60 s", 10_000),
        (">= 60 s", 60_000),
    ]

    private static func gapBucket(_ gap: Int64) -> Int {
        gapBuckets.lastIndex { gap >= $0.from } ?? 0
    }

    private static func moreFrequent(_ left: Report.FailurePattern, _ right: Report.FailurePattern) -> Bool {
        if left.count != right.count { return left.count > right.count }
        return (left.domain ?? "", left.code ?? 0, left.subcode ?? 0, left.stsCode ?? 0)
            < (right.domain ?? "", right.code ?? 0, right.subcode ?? 0, right.stsCode ?? 0)
    }

    private static func earlier(_ left: Report.Violation, _ right: Report.Violation) -> Bool {
        (left.failedAt, left.installID, left.operationID, left.attempt) < (
            right.failedAt, right.installID, right.operationID, right.attempt
        )
    }

    private static func larger(_ left: Report.Storm, _ right: Report.Storm) -> Bool {
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

private struct PatternKey: Hashable {
    var domain: String
    var code: Int?
    var subcode: Int?
}

private struct LatencyKey: Hashable {
    var kind: String
    var outcome: String
}

/// The last `size` attempt times of one install (a ring), and the storm it is in, if any.
private struct DeviceWindow {
    var times: [Int64]
    var next = 0
    var count = 0
    var storm: Report.Storm?
    var stormStart: Int64 = 0

    init(size: Int) { times = [Int64](repeating: 0, count: max(size, 1)) }

    mutating func add(_ time: Int64, install: String, window: Int64, started: inout Bool, ended: inout Report.Storm?) {
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

private struct PatternState {
    var codeName: String?
    var subcodeName: String?
    var httpStatus: Int?
    var action: String?
    var count = 0
    var first: Int64?
    var last: Int64?
    var users = Set<String>()
    var devices = Set<String>()

    init(_ record: LogRecord) {
        codeName = record.errorCodeName
        subcodeName = record.errorSubcodeName
        httpStatus = record.httpStatus
        action = record.action
    }

    mutating func add(_ record: LogRecord) {
        count += 1
        codeName = codeName ?? record.errorCodeName
        subcodeName = subcodeName ?? record.errorSubcodeName
        httpStatus = httpStatus ?? record.httpStatus
        action = action ?? record.action
        if let time = record.timestampMilliseconds {
            first = min(first ?? time, time)
            last = max(last ?? time, time)
        }
        if let user = record.userID { users.insert(user) }
        if let install = record.installID { devices.insert(install) }
    }

    func pattern(domain: String?, code: Int?, subcode: Int?, stsCode: Int?, of total: Int) -> Report.FailurePattern {
        Report.FailurePattern(
            domain: domain, code: code, codeName: stsCode == nil ? codeName : nil, subcode: subcode,
            subcodeName: stsCode == nil ? subcodeName : nil, stsCode: stsCode, httpStatus: httpStatus, action: action,
            count: count, share: total == 0 ? 0 : Double(count) / Double(total),
            firstSeen: first.map(ReportTime.string),
            lastSeen: last.map(ReportTime.string), users: users.count, devices: devices.count)
    }
}

@inline(__always)
private func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
    value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
}

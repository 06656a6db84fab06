extension ReportBuilder {
    /// Adds what `other` counted, as if its events had been given after this builder's (`ReportShards`).
    ///
    /// Both builders must be between installs (`endInstall()`), and `other` must have been given other installs'
    /// events: operations, device windows and versions never span two builders, so only totals remain to add.
    /// Counts and histograms add, distinct counts take the union, capped tables fold what does not fit
    /// (`CappedTable.merge`), examples are re-sorted by their total order and re-capped, and `other`'s warnings come
    /// after this builder's, under the same cap.
    package mutating func merge(_ other: ReportBuilder) {
        var other = other
        other.flushOutOfRange(file: "input")
        other.breakdowns.flushPending()
        breakdowns.flushPending()

        report.input.files += other.report.input.files
        report.input.events += other.report.input.events
        if let raw = other.report.input.rawLogs {
            var merged = raw.inputs.reduce(report.input.rawLogs ?? Report.RawLogs()) { $0.adding($1) }
            merged.inputsNotListed += raw.inputsNotListed
            report.input.rawLogs = merged
        }
        firstEvent = [firstEvent, other.firstEvent].compactMap { $0 }.min()
        lastEvent = [lastEvent, other.lastEvent].compactMap { $0 }.max()
        devices.merge(other.devices)
        users.merge(other.users)

        kinds.merge(other.kinds, hash: { DistinctCount.hash($0) }) { $0.add($1) }
        patterns.merge(other.patterns, hash: \.stableHash) { $0.merge($1) }
        stsPatterns.merge(other.stsPatterns, hash: { DistinctCount.hash(String($0)) }) { $0.merge($1) }
        erroredAttempts += other.erroredAttempts
        breakdowns.merge(other.breakdowns)
        latency.merge(other.latency)
        timeline.merge(other.timeline)
        drillDown.merge(other.drillDown)

        report.retries.add(other.report.retries)
        attemptsPerOperation.merge(other.attemptsPerOperation, uniquingKeysWith: +)
        recovery.merge(other.recovery)
        for index in gapCounts.indices { gapCounts[index] += other.gapCounts[index] }
        operationStormCount += other.operationStormCount
        operationStorms += other.operationStorms
        if operationStorms.count > 200 { operationStorms = Array(operationStorms.sorted(by: Self.larger).prefix(10)) }
        deviceStormCount += other.deviceStormCount
        deviceStorms += other.deviceStorms
        trimDeviceStorms()
        violations += other.violations
        if violations.count > 200 { violations = Array(violations.sorted(by: Self.earlier).prefix(10)) }

        report.health.add(other.report.health)
        outOfRangeValues += other.outOfRangeValues
        for line in other.report.health.warnings { warn(line) }
        omittedWarnings += other.omittedWarnings
    }
}

extension Report.KindTotals {
    fileprivate mutating func add(_ other: Self) {
        attempts += other.attempts
        successes += other.successes
        failures += other.failures
        cancellations += other.cancellations
    }
}

extension Report.RetryBehaviour {
    /// Adds the counters a builder keeps in the report as operations close (the rest it keeps on the side).
    fileprivate mutating func add(_ other: Self) {
        operations += other.operations
        retriedOperations += other.retriedOperations
        retriedSucceeded += other.retriedSucceeded
        fallback.silentFailures += other.fallback.silentFailures
        fallback.fallbacks += other.fallback.fallbacks
        fallback.succeeded += other.fallback.succeeded
        fallback.failed += other.fallback.failed
        fallback.cancelled += other.fallback.cancelled
        retryAfter.retriedAfterHint += other.retryAfter.retriedAfterHint
        retryAfter.compliant += other.retryAfter.compliant
        retryAfter.violations += other.retryAfter.violations
        backoff.growing += other.backoff.growing
        backoff.constant += other.backoff.constant
        backoff.immediate += other.backoff.immediate
        backoff.irregular += other.backoff.irregular
    }
}

extension Report.WriterHealth {
    /// Adds the counters a builder keeps in the report as it reads (warnings apart: `ReportBuilder.warn` caps them).
    fileprivate mutating func add(_ other: Self) {
        dropReports += other.dropReports
        let (sum, overflow) = droppedEvents.addingReportingOverflow(other.droppedEvents)
        droppedEvents = overflow ? .max : sum
        tornTails += other.tornTails
        corruptFrames += other.corruptFrames
        checksumMismatches += other.checksumMismatches
        otherDecodeIssues += other.otherDecodeIssues
        invalidLines += other.invalidLines
        newerSchemaEvents += other.newerSchemaEvents
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

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
        other.tables.breakdowns.flushPending()
        tables.breakdowns.flushPending()

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

        tables.merge(other.tables)

        report.health.add(other.report.health)
        outOfRangeValues += other.outOfRangeValues
        for line in other.report.health.warnings { warn(line) }
        omittedWarnings += other.omittedWarnings
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

import AuthTrail

/// `health`: what the writer reported dropping, what the reader found damaged or did not understand, values out of
/// range, and the warnings (the first `ReportBounds.warnings`, then a count).
struct HealthTable: ReportTable {
    var health = Report.WriterHealth()
    var outOfRangeValues = 0
    var omittedWarnings = 0

    /// A `store.dropped` event, reporting `dropped` events lost.
    mutating func addDropReport(_ dropped: Int) {
        health.dropReports += 1
        // Each report is at most 10^9 events, so the sum needs 10^10 reports to saturate.
        let (sum, overflow) = health.droppedEvents.addingReportingOverflow(dropped)
        health.droppedEvents = overflow ? .max : sum
    }

    /// What reading one input found: decode issues, invalid lines, newer-schema events, and its warnings.
    mutating func add(_ summary: InputSummary) {
        for (kind, totals) in summary.issues.totals {
            switch kind {
            case .truncatedFrame, .truncatedSkippableFrame: health.tornTails += totals.issues
            case .corruptFrame: health.corruptFrames += totals.issues
            case .checksumMismatch: health.checksumMismatches += totals.issues
            default: health.otherDecodeIssues += totals.issues
            }
        }
        health.invalidLines += summary.invalidLines
        health.newerSchemaEvents += summary.newerSchemaEvents
        for warning in summary.warnings { warn(warning) }
    }

    /// Warns of the values out of range `tally` holds, naming `file`, and counts them.
    mutating func add(_ tally: OutOfRangeTally, file: String) {
        for warning in tally.messages(file: file) { warn(warning) }
        outOfRangeValues += tally.total
    }

    /// Adds one line to `warnings`, or counts it once there are `ReportBounds.warnings`.
    mutating func warn(_ line: String) {
        if health.warnings.count < ReportBounds.warnings {
            health.warnings.append(line)
        } else {
            omittedWarnings += 1
        }
    }

    /// `other`'s warnings come after this state's, under the same cap.
    mutating func merge(_ other: Self) {
        health.dropReports += other.health.dropReports
        let (sum, overflow) = health.droppedEvents.addingReportingOverflow(other.health.droppedEvents)
        health.droppedEvents = overflow ? .max : sum
        health.tornTails += other.health.tornTails
        health.corruptFrames += other.health.corruptFrames
        health.checksumMismatches += other.health.checksumMismatches
        health.otherDecodeIssues += other.health.otherDecodeIssues
        health.invalidLines += other.health.invalidLines
        health.newerSchemaEvents += other.health.newerSchemaEvents
        outOfRangeValues += other.outOfRangeValues
        for line in other.health.warnings { warn(line) }
        omittedWarnings += other.omittedWarnings
    }

    /// The warnings on the report's bounds (`ReportBuilder`) are added after these.
    func finish(into report: inout Report) {
        report.health = health
        report.health.outOfRangeValues = outOfRangeValues > 0 ? outOfRangeValues : nil
    }

    /// The line counting the warnings left out, if any were.
    var omittedWarning: String? {
        guard omittedWarnings > 0 else { return nil }
        return "report: … and \(omittedWarnings) more warnings, past the first \(ReportBounds.warnings)"
    }
}

extension HealthTable {
    static var facts: ReportFact.Kinds { [.dropReport, .inputRead, .outOfRange, .warning] }

    mutating func update(_ fact: ReportFact, record: borrowing LogRecord) {
        switch fact {
        case .dropReport(let events): addDropReport(events)
        case .inputRead(let summary): add(summary)
        case .outOfRange(let tally, let file): add(tally, file: file)
        case .warning(let line): warn(line)
        default: break
        }
    }

    var warnings: [String] { omittedWarning.map { [$0] } ?? [] }
}

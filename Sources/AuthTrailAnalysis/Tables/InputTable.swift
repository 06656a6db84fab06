/// `input`: files read, events counted, the first and last event, distinct devices and users, raw MSAL logs, and the
/// filters applied.
struct InputTable: ReportTable {
    var totals = Report.InputTotals()
    var firstEvent: Int64?
    var lastEvent: Int64?
    var devices = DistinctCount(limit: ReportBounds.exactDistinctInputs)
    var users = DistinctCount(limit: ReportBounds.exactDistinctInputs)

    init(filters: [String]) { totals.filters = filters }

    /// One event the filter kept.
    mutating func add(_ event: ReportFact.KeptEvent) {
        totals.events += 1
        if let time = event.time {
            firstEvent = min(firstEvent ?? time, time)
            lastEvent = max(lastEvent ?? time, time)
        }
        if let hash = event.newInstallHash { devices.insert(hash: hash) }
        if let hash = event.newUserHash { users.insert(hash: hash) }
    }

    /// One input read.
    mutating func add(_ summary: InputSummary) {
        if summary.countsAsFile { totals.files += 1 }
        if let raw = summary.rawLog { totals.rawLogs = (totals.rawLogs ?? Report.RawLogs()).adding(raw) }
    }

    /// The filters are the same in both states.
    mutating func merge(_ other: Self) {
        totals.files += other.totals.files
        totals.events += other.totals.events
        if let raw = other.totals.rawLogs {
            var merged = raw.inputs.reduce(totals.rawLogs ?? Report.RawLogs()) { $0.adding($1) }
            merged.inputsNotListed += raw.inputsNotListed
            totals.rawLogs = merged
        }
        firstEvent = [firstEvent, other.firstEvent].compactMap { $0 }.min()
        lastEvent = [lastEvent, other.lastEvent].compactMap { $0 }.max()
        devices.merge(other.devices)
        users.merge(other.users)
    }

    func finish(into report: inout Report) {
        report.input = totals
        report.input.firstEvent = firstEvent.map(ReportTime.init(milliseconds:))
        report.input.lastEvent = lastEvent.map(ReportTime.init(milliseconds:))
        report.input.devices = devices.count
        report.input.users = users.count
    }

    /// The warning for estimated device and user counts, if they are.
    var estimateWarning: String? {
        guard !devices.isExact || !users.isExact else { return nil }
        return "report: more than \(ReportBounds.exactDistinctInputs) distinct devices or users: input.devices and "
            + "input.users are estimates (within about 0.3 %)"
    }
}

extension InputTable {
    static var facts: ReportFact.Kinds { [.kept, .inputRead] }

    mutating func update(_ fact: ReportFact, record: borrowing LogRecord) {
        switch fact {
        case .kept(let event): add(event)
        case .inputRead(let summary): add(summary)
        default: break
        }
    }

    var warnings: [String] { estimateWarning.map { [$0] } ?? [] }
}

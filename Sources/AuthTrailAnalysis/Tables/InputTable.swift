/// `input`: files read, events counted, the first and last event, distinct devices and users, raw MSAL logs, and the
/// filters applied.
struct InputTable: ReportTable {
    var totals = Report.InputTotals()
    var firstEvent: Int64?
    var lastEvent: Int64?
    var devices = DistinctCount(limit: ReportBounds.exactDistinctInputs)
    var users = DistinctCount(limit: ReportBounds.exactDistinctInputs)
    private var lastInstall: String?
    private var lastUser: String?
    /// `DistinctCount.hash` of the latest event's install and user, which the failure patterns count too: hashed
    /// once per change instead of per failed attempt and pattern (about 1 % of a report; perf).
    private(set) var lastInstallHash: UInt64 = 0
    private(set) var lastUserHash: UInt64 = 0

    init(filters: [String]) { totals.filters = filters }

    /// One event the filter kept, at its checked time.
    mutating func add(_ record: LogRecord, time: Int64?) {
        totals.events += 1
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
    }

    /// One input read.
    mutating func add(_ summary: InputSummary) {
        totals.files += 1
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

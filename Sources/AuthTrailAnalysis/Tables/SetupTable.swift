import AuthTrail
import AuthTrailDoctor

/// The MSAL set-ups apps recorded (`app.configuration`, one per segment), judged by `authtrail doctor`'s rules
/// (`JudgedSetup`), and the failed attempts each finding explains: attempts on a device whose last recorded set-up has
/// the finding, with an error the finding predicts.
///
/// Only the current device's set-up is kept between events: installs arrive one at a time (`InstallTimeOrder`), so
/// `endInstall` forgets it. A segment's set-up event is stamped when the writer opens the segment, which can be after
/// the first attempts it holds: attempts of a device before its first set-up wait for it (`pending`, one count per
/// distinct error). Distinct set-ups are capped (`ReportBounds.recordedSetups`); past the cap a set-up is still
/// judged for its device's attempts, and counted in one folded row.
struct SetupTable: ReportTable, Sendable {
    /// One distinct recorded set-up, what the rules said of it and who recorded it.
    private struct Row: Sendable {
        var judged: JudgedSetup
        var devices = DistinctCount(limit: ReportBounds.exactDistinctPerPattern)
        var events = 0
        var appVersions = NewestVersions()
    }

    private struct Explained: Hashable, Sendable {
        var match: JudgedSetup.Match
        var finding: Finding
        var bundleID: String?
    }

    private var rows: [RecordedAppConfiguration: Row] = [:]
    private var folded = DistinctCount(limit: ReportBounds.exactDistinctFolded)
    private var foldedDevices = DistinctCount(limit: ReportBounds.exactDistinctPerPattern)
    private var foldedEvents = 0
    /// The current device's last recorded set-up.
    private var current: JudgedSetup?
    private var explained: [Explained: Int] = [:]
    /// The current device's failed attempts before its first set-up, by error.
    private var pending: [PendingError: Int] = [:]
    /// A set-up recorded before its device stated an app version (events of one time wait for their install's turn
    /// in no fixed order), and its device's `install.id` hash.
    private var awaitingVersion: (setup: RecordedAppConfiguration, installHash: UInt64?)?
    /// The install of the latest event read, and the app version its latest `segment.start` stated.
    private var versionInstall: String?
    private var appVersion: String?

    private struct PendingError: Hashable, Sendable {
        var domain: String?
        var code: Int?
        var subcode: Int?
        var stsCodes: [Int]
        /// Its pattern's hash (`ReportFact.EndedAttempt.patternHash`) mixed with its AADSTS codes: a device's
        /// attempts before its first set-up are counted per error, and hashing the domain each time was about 1 % of
        /// a report (perf, large segments).
        var errorHash: UInt64

        init(_ record: borrowing LogRecord, patternHash: UInt64?) {
            domain = record.errorDomain
            code = record.errorCode
            subcode = record.errorSubcode
            stsCodes = record.stsErrorCodes
            errorHash = stsCodes.reduce(patternHash ?? 0) {
                ($0 ^ UInt64(bitPattern: Int64($1))) &* 0x0000_0100_0000_01b3
            }
        }

        // swift-format-ignore: AlwaysUseLowerCamelCase
        /// The table's bucket without running `Hasher` (`StableHash`).
        func _rawHashValue(seed: Int) -> Int { StableHash.bucketHash(errorHash, seed: seed) }
    }

    /// Counts one `app.configuration` event: its set-up becomes the current device's. `installHash` is the hash of
    /// its `install.id` (`DistinctCount.hash`), `appVersion` the device's app version when it recorded it.
    mutating func record(_ setup: RecordedAppConfiguration, installHash: UInt64?, appVersion: String?) {
        if rows[setup] == nil, rows.count < ReportBounds.recordedSetups {
            rows[setup] = Row(judged: JudgedSetup(setup))
        }
        if var row = rows[setup] {
            row.events += 1
            if let installHash { row.devices.insert(hash: installHash) }
            if let appVersion { row.appVersions.insert(appVersion) } else { awaitingVersion = (setup, installHash) }
            rows[setup] = row
            current = row.judged
        } else {
            folded.insert(hash: DistinctCount.hash(String(describing: setup)))
            foldedEvents += 1
            if let installHash { foldedDevices.insert(hash: installHash) }
            current = JudgedSetup(setup)
        }
        for (error, attempts) in pending {
            count(domain: error.domain, code: error.code, subcode: error.subcode, stsCodes: error.stsCodes, attempts)
        }
        pending = [:]
    }

    /// The device whose `install.id` hashes to `installHash` states its app version (`segment.start`): a set-up it
    /// recorded before that is counted under it.
    mutating func stateAppVersion(_ version: String, installHash: UInt64?) {
        guard let awaiting = awaitingVersion, awaiting.installHash == installHash else { return }
        rows[awaiting.setup]?.appVersions.insert(version)
        awaitingVersion = nil
    }

    /// Counts a failed or cancelled attempt against the current device's findings whose errors it shows.
    /// `patternHash` is the attempt's `ReportFact.EndedAttempt.patternHash`.
    mutating func add(_ record: LogRecord, patternHash: UInt64?) {
        guard current != nil else {
            let error = PendingError(record, patternHash: patternHash)
            if pending[error] != nil || pending.count < ReportBounds.patterns { pending[error, default: 0] += 1 }
            return
        }
        count(
            domain: record.errorDomain, code: record.errorCode, subcode: record.errorSubcode,
            stsCodes: record.stsErrorCodes, 1)
    }

    private mutating func count(domain: String?, code: Int?, subcode: Int?, stsCodes: [Int], _ attempts: Int) {
        guard let current, !current.findings.isEmpty else { return }
        let matches = current.explained(domain: domain, code: code, subcode: subcode, stsCodes: stsCodes)
        for (finding, match) in matches {
            explained[Explained(match: match, finding: finding, bundleID: current.setup.bundleID), default: 0] +=
                attempts
        }
    }

    /// The next events are another device's (its attempts that never saw a set-up are not explained).
    mutating func endInstall() {
        current = nil
        pending = [:]
        awaitingVersion = nil
    }

    mutating func merge(_ other: Self) {
        for (setup, row) in other.rows {
            if var mine = rows[setup] {
                mine.events += row.events
                mine.devices.merge(row.devices)
                mine.appVersions.merge(row.appVersions)
                rows[setup] = mine
            } else if rows.count < ReportBounds.recordedSetups {
                rows[setup] = row
            } else {
                folded.insert(hash: DistinctCount.hash(String(describing: setup)))
                foldedEvents += row.events
                foldedDevices.merge(row.devices)
            }
        }
        folded.merge(other.folded)
        foldedEvents += other.foldedEvents
        foldedDevices.merge(other.foldedDevices)
        explained.merge(other.explained, uniquingKeysWith: +)
    }

    func finish(into report: inout Report) {
        guard !rows.isEmpty || foldedEvents > 0 else { return }
        var setups = rows.map { setup, row in
            Report.RecordedSetup(
                bundleID: setup.bundleID, platform: setup.platform, msalVersion: setup.msalVersion,
                appVersions: row.appVersions.newest.isEmpty ? nil : row.appVersions.newest,
                otherAppVersions: row.appVersions.others > 0 ? row.appVersions.others : nil,
                devices: row.devices.count, events: row.events,
                findings: row.judged.findings.map(row.judged.reportFinding), notChecked: row.judged.notChecked)
        }
        // Most devices first, ties by segments, then bundle id and MSAL version.
        setups.sort {
            ($1.devices, $1.events, $0.bundleID ?? "", $0.msalVersion ?? "")
                < ($0.devices, $0.events, $1.bundleID ?? "", $1.msalVersion ?? "")
        }
        if foldedEvents > 0 {
            setups.append(
                Report.RecordedSetup(
                    bundleID: Report.otherLabel, devices: foldedDevices.count, events: foldedEvents,
                    foldedValues: folded.count))
        }
        report.setups = setups
        for index in report.patterns.indices {
            let row = report.patterns[index]
            guard let domain = row.domain, row.foldedValues == nil else { continue }
            report.patterns[index].causes = causes(of: .pattern(domain: domain, code: row.code, subcode: row.subcode))
        }
        for index in report.stsPatterns.indices {
            guard let code = report.stsPatterns[index].stsCode else { continue }
            report.stsPatterns[index].causes = causes(of: .sts(code))
        }
    }

    /// The causes counted against `match`, most attempts first; nil when there are none.
    private func causes(of match: JudgedSetup.Match) -> [Report.SetupCause]? {
        let causes = explained.filter { $0.key.match == match }.map { explained, attempts in
            Report.SetupCause(
                rule: explained.finding.rule.rawValue, problem: explained.finding.problem, fix: explained.finding.fix,
                attempts: attempts, bundleID: explained.bundleID)
        }
        guard !causes.isEmpty else { return nil }
        return causes.sorted { ($1.attempts, $0.rule, $0.problem) < ($0.attempts, $1.rule, $1.problem) }
    }
}

extension SetupTable {
    static var facts: ReportFact.Kinds { [.read, .setup, .attempt, .installEnded] }

    mutating func update(_ fact: ReportFact, record: borrowing LogRecord) {
        switch fact {
        case .read:
            if record.installID != versionInstall {
                versionInstall = record.installID
                appVersion = nil
            }
            if record.event == .segmentStart, let version = record.appVersion {
                appVersion = version
                stateAppVersion(version, installHash: record.installID.map(DistinctCount.hash))
            }
        case .setup(let setup):
            self.record(setup, installHash: record.installID.map(DistinctCount.hash), appVersion: appVersion)
        case .attempt(let attempt) where attempt.errored: add(record, patternHash: attempt.patternHash)
        case .installEnded: endInstall()
        default: break
        }
    }
}

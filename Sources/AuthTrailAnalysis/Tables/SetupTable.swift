import AuthTrail
import AuthTrailDoctor
import Foundation

/// The MSAL set-ups apps recorded (`app.configuration`, one per segment), judged by `authtrail doctor`'s rules, and
/// the failed attempts each finding explains: attempts on a device whose last recorded set-up has the finding, with
/// an error the finding predicts (domain, code and sub-code, or an AADSTS code).
///
/// Only the current device's findings are kept between events: installs arrive one at a time (`InstallTimeOrder`),
/// so `endInstall` forgets them. Distinct set-ups are capped (`ReportBounds.recordedSetups`); past the cap a set-up is
/// still judged for its device's attempts, and counted in one folded row.
struct SetupTable: ReportTable, Sendable {
    /// One distinct recorded set-up and what the rules said of it.
    struct Judged: Sendable {
        var findings: [Finding]
        var notChecked: [String]
        var devices = DistinctCount(limit: ReportBounds.exactDistinctPerPattern)
        var events = 0
    }

    /// What a finding's predicted error matches in a failed attempt.
    enum Match: Hashable, Sendable {
        case pattern(PatternKey)
        case sts(Int)
    }

    private struct Explained: Hashable, Sendable {
        var match: Match
        var finding: Finding
        var bundleID: String?
    }

    private var setups: [RecordedAppConfiguration: Judged] = [:]
    private var folded = DistinctCount(limit: ReportBounds.exactDistinctFolded)
    private var foldedDevices = DistinctCount(limit: ReportBounds.exactDistinctPerPattern)
    private var foldedEvents = 0
    /// The current device's last recorded set-up and its findings.
    private var current: (setup: RecordedAppConfiguration, findings: [Finding])?
    private var explained: [Explained: Int] = [:]

    /// Reads one `app.configuration` line: its set-up becomes the current device's. `installHash` is the device's
    /// (`InputTable.lastInstallHash`), 0 without an install id.
    mutating func record(line: UnsafeRawBufferPointer, installHash: UInt64?) {
        guard !line.isEmpty, let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
            let setup = RecordedAppConfiguration(json: object)
        else { return }
        let findings: [Finding]
        if let known = setups[setup] {
            findings = known.findings
        } else {
            let judged = Self.judge(setup)
            findings = judged.findings
            if setups.count < ReportBounds.recordedSetups { setups[setup] = judged }
        }
        if setups[setup] != nil {
            setups[setup]!.events += 1
            if let installHash { setups[setup]!.devices.insert(hash: installHash) }
        } else {
            folded.insert(hash: DistinctCount.hash(String(describing: setup)))
            foldedEvents += 1
            if let installHash { foldedDevices.insert(hash: installHash) }
        }
        current = (setup, findings)
    }

    /// Counts a failed or cancelled attempt against the current device's findings whose errors it shows.
    mutating func add(_ record: LogRecord, pattern: PatternKey?) {
        guard let current, !current.findings.isEmpty else { return }
        for finding in current.findings {
            var matches = Set<Match>()
            for error in finding.errors {
                if error.domain == "AADSTS" {
                    if record.stsErrorCodes.contains(error.code) { matches.insert(.sts(error.code)) }
                } else if let pattern, pattern.domain == error.domain, pattern.code == error.code,
                    pattern.subcode == error.subcode
                {
                    matches.insert(.pattern(pattern))
                }
            }
            for match in matches {
                explained[Explained(match: match, finding: finding, bundleID: current.setup.bundleID), default: 0] += 1
            }
        }
    }

    /// The next events are another device's.
    mutating func endInstall() { current = nil }

    mutating func merge(_ other: Self) {
        for (setup, judged) in other.setups {
            if var mine = setups[setup] {
                mine.events += judged.events
                mine.devices.merge(judged.devices)
                setups[setup] = mine
            } else if setups.count < ReportBounds.recordedSetups {
                setups[setup] = judged
            } else {
                folded.insert(hash: DistinctCount.hash(String(describing: setup)))
                foldedEvents += judged.events
                foldedDevices.merge(judged.devices)
            }
        }
        folded.merge(other.folded)
        foldedEvents += other.foldedEvents
        foldedDevices.merge(other.foldedDevices)
        explained.merge(other.explained, uniquingKeysWith: +)
    }

    func finish(into report: inout Report) {
        guard !setups.isEmpty || foldedEvents > 0 else { return }
        var rows = setups.map { setup, judged in
            Report.RecordedSetup(
                bundleID: setup.bundleID, platform: setup.platform, msalVersion: setup.msalVersion,
                devices: judged.devices.count, events: judged.events, findings: judged.findings.map(Self.finding),
                notChecked: judged.notChecked)
        }
        rows.sort { ($1.devices, $1.events, $0.bundleID ?? "", $0.msalVersion ?? "") < ($0.devices, $0.events, $1.bundleID ?? "", $1.msalVersion ?? "") }
        if foldedEvents > 0 {
            rows.append(
                Report.RecordedSetup(
                    bundleID: Report.otherLabel, devices: foldedDevices.count, events: foldedEvents,
                    foldedValues: folded.count))
        }
        report.setups = rows
        for index in report.patterns.indices {
            let row = report.patterns[index]
            guard let domain = row.domain, domain != Report.otherLabel else { continue }
            let key = PatternKey(domain: domain, code: row.code, subcode: row.subcode)
            report.patterns[index].causes = causes(of: .pattern(key))
        }
        for index in report.stsPatterns.indices {
            guard let code = report.stsPatterns[index].stsCode else { continue }
            report.stsPatterns[index].causes = causes(of: .sts(code))
        }
    }

    /// The causes counted against `match`, most attempts first; nil when there are none.
    private func causes(of match: Match) -> [Report.SetupCause]? {
        let causes = explained.filter { $0.key.match == match }.map { explained, attempts in
            Report.SetupCause(
                rule: explained.finding.rule.rawValue, problem: explained.finding.problem, fix: explained.finding.fix,
                attempts: attempts, bundleID: explained.bundleID)
        }
        guard !causes.isEmpty else { return nil }
        return causes.sorted { ($1.attempts, $0.rule, $0.problem) < ($0.attempts, $1.rule, $1.problem) }
    }

    /// Every rule's outcome for `setup`.
    static func judge(_ setup: RecordedAppConfiguration) -> Judged {
        var findings: [Finding] = []
        var notChecked: [String] = []
        for (rule, outcome) in DoctorRules.check(AppSetup(recorded: setup)) {
            switch outcome {
            case .passed: break
            case .findings(let found): findings += found
            case .notChecked(let reason): notChecked.append("\(rule.id.rawValue): \(reason)")
            }
        }
        return Judged(findings: findings, notChecked: notChecked)
    }

    static func finding(_ finding: Finding) -> Report.SetupFinding {
        Report.SetupFinding(
            rule: finding.rule.rawValue, problem: finding.problem, location: finding.location.description,
            errors: finding.errors.map(\.summary), explain: finding.errors.map(\.explainQuery), fix: finding.fix)
    }
}

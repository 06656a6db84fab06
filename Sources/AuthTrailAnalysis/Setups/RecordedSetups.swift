import AuthTrail
import AuthTrailDoctor

/// The distinct set-ups some inputs recorded (`app.configuration`), in reading order and at most
/// `ReportBounds.recordedSetups`, judged by `authtrail doctor`'s rules: what `explain --trail` holds the errors it
/// explains against.
package struct RecordedSetups: LogConsumer {
    package var stringFields: LogRecord.StringFields { [] }
    package static var readsSegmentHeaders: Bool { false }

    /// One mistake of a recorded set-up that causes an error being explained.
    package struct Cause: Sendable, Hashable {
        /// With the set-up's bundle id.
        package var finding: Report.SetupFinding
        /// The errors explained that it causes, as `explain` was given or found them (`-42011`, `AADSTS50011`).
        package var explains: [String]
    }

    private var judged: [JudgedSetup] = []

    /// How many distinct set-ups were recorded.
    package var count: Int { judged.count }

    package init() {}

    /// The set-ups recorded in `paths` (segments, folders, bundles), and the paths that could not be read.
    package static func read(paths: [String]) -> (setups: RecordedSetups, problems: [InputFiles.Problem]) {
        var setups = RecordedSetups()
        let problems = InputReader.read(paths: paths, into: &setups)
        return (setups, problems)
    }

    package mutating func event(_ record: LogRecord, line: UnsafeRawBufferPointer) {
        guard record.event == .appConfiguration,
            judged.count < ReportBounds.recordedSetups, let setup = JudgedSetup.recorded(in: line),
            !judged.contains(where: { $0.setup == setup })
        else { return }
        judged.append(JudgedSetup(setup))
    }

    /// The mistakes that cause any of `errors`, each (`domain`, `code`, `subcode`, AADSTS codes) named by `label`,
    /// in set-up and rule order.
    package func causes(
        of errors: [(label: String, domain: String?, code: Int?, subcode: Int?, stsCodes: [Int])]
    ) -> [Cause] {
        var causes: [Cause] = []
        for setup in judged {
            for finding in setup.findings {
                let explains = errors.filter { error in
                    setup.explained(
                        domain: error.domain, code: error.code, subcode: error.subcode, stsCodes: error.stsCodes
                    ).contains { $0.0 == finding }
                }.map(\.label)
                guard !explains.isEmpty else { continue }
                causes.append(
                    Cause(finding: setup.reportFinding(finding), explains: Array(Set(explains)).sorted()))
            }
        }
        return causes
    }

    /// Every finding of the recorded set-ups.
    package var findingCount: Int { judged.map(\.findings.count).reduce(0, +) }
}

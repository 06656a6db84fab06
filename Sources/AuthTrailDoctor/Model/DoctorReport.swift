/// Every rule's outcome for each set-up read: the findings, and the rules that could not be checked with why.
package struct DoctorReport: Sendable {
    /// One set-up and what the rules concluded.
    package struct SetupResult: Sendable {
        package var setup: AppSetup
        package var findings: [Finding]
        package var notChecked: [(rule: DoctorRule.ID, reason: String)]
        package var passed: [DoctorRule.ID]
    }

    package var results: [SetupResult]

    /// Runs every rule on every set-up (none on a skipped one). When some sources were not read, the rules that
    /// read sources are not checked, with why: what was not read may hold what they look for.
    package init(setups: [AppSetup]) {
        results = setups.map { setup in
            var result = SetupResult(setup: setup, findings: [], notChecked: [], passed: [])
            guard setup.skipped == nil else { return result }
            for (rule, outcome) in DoctorRules.check(setup) {
                if let sourcesNotRead = setup.sourcesNotRead, rule.id != DoctorRules.sandboxNetwork.id {
                    result.notChecked.append((rule.id, sourcesNotRead))
                    continue
                }
                switch outcome {
                case .passed: result.passed.append(rule.id)
                case .findings(let findings): result.findings += findings
                case .notChecked(let reason): result.notChecked.append((rule.id, reason))
                }
            }
            return result
        }
    }

    package var findingCount: Int { results.reduce(0) { $0 + $1.findings.count } }

    /// When no set-up was judged and one could not be read: the first such error (the doctor then exits as for an
    /// unusable input, not with "no findings").
    package var nothingJudged: DoctorInputError? {
        guard results.allSatisfy({ $0.setup.skipped != nil }) else { return nil }
        return results.lazy.compactMap(\.setup.readError).first
    }
}

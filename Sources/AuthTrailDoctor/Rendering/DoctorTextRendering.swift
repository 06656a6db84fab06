/// The report as text for a terminal or a ticket: per set-up, each finding with where, the errors and the fix; then
/// the rules not checked and the settings left unresolved.
package enum DoctorTextRendering {
    package static func text(_ report: DoctorReport) -> String {
        var lines = [String]()
        for result in report.results {
            let setup = result.setup
            if let skipped = setup.skipped {
                lines += ["\(setup.name): skipped (\(skipped))", ""]
                continue
            }
            lines.append("\(setup.name)\(heading(setup))")
            if result.findings.isEmpty {
                lines.append(
                    "  no findings (\(result.passed.count) rules passed, \(result.notChecked.count) not checked)")
            }
            for (index, finding) in result.findings.enumerated() {
                lines.append("  \(index + 1). [\(finding.rule.rawValue)] \(finding.problem)")
                lines.append("     where:  \(finding.location.description)")
                for error in finding.errors {
                    var line = "     error:  \(error.summary)"
                    if let note = error.note { line += " (\(note))" }
                    lines.append(line)
                    lines.append("             authtrail explain \(quoted(error.explainQuery))")
                }
                lines.append("     fix:    \(finding.fix)")
            }
            for (rule, reason) in result.notChecked {
                lines.append("  not checked: \(rule.rawValue): \(reason)")
            }
            for missing in setup.missingFiles {
                lines.append("  not found: \(missing.value) (named by \(missing.location.description))")
            }
            for unresolved in uniqueUnresolved(setup) {
                lines.append("  unresolved: \(unresolved.value) (\(unresolved.location.description))")
            }
            lines.append("")
        }
        let count = report.findingCount
        if count == 0 && report.results.allSatisfy({ $0.setup.skipped != nil }) {
            lines.append("no findings: every set-up was skipped, none was judged")
        } else {
            lines.append(count == 0 ? "no findings" : "\(count) finding\(count == 1 ? "" : "s")")
        }
        return lines.joined(separator: "\n")
    }

    /// ` (iOS, com.contoso.app)`.
    static func heading(_ setup: AppSetup) -> String {
        var parts = [String]()
        if let platform = setup.platform { parts.append(setup.macCatalyst ? "Mac Catalyst" : platform.rawValue) }
        if let bundle = setup.bundleIdentifier { parts.append(DoctorRules.rawBundle(bundle.value)) }
        if let version = setup.msalVersion { parts.append("MSAL \(version.value)") }
        return parts.isEmpty ? "" : " (\(parts.joined(separator: ", ")))"
    }

    static func quoted(_ query: String) -> String {
        query.contains(" ") ? "'\(query)'" : query
    }

    /// Each unresolved value once, at the first place it was met.
    static func uniqueUnresolved(_ setup: AppSetup) -> [Located<String>] {
        var seen = Set<String>()
        return setup.unresolved.filter { seen.insert($0.value).inserted }
    }
}

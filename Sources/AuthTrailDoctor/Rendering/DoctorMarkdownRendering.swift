internal import Foundation

/// The report as Markdown, for a ticket or a pull request: a section per set-up, a table row per finding.
package enum DoctorMarkdownRendering {
    package static func markdown(_ report: DoctorReport) -> String {
        var lines = ["# authtrail doctor", ""]
        let count = report.findingCount
        lines.append(count == 0 ? "No findings." : "\(count) finding\(count == 1 ? "" : "s").")
        for result in report.results {
            if let skipped = result.setup.skipped {
                lines += ["", "## \(cell(result.setup.name))", "", "Skipped: \(cell(skipped))."]
                continue
            }
            lines += ["", "## \(cell(result.setup.name))\(cell(DoctorTextRendering.heading(result.setup)))", ""]
            if result.findings.isEmpty {
                lines.append(
                    "No findings (\(result.passed.count) rules passed, \(result.notChecked.count) not checked).")
            } else {
                lines.append("| rule | problem | where | errors | fix |")
                lines.append("|---|---|---|---|---|")
                for finding in result.findings {
                    let errors = finding.errors.map { error in
                        "\(cell(error.summary)) (\(MarkdownText.code("authtrail explain \(error.explainQuery)", inTableCell: true)))"
                    }.joined(separator: "<br>")
                    let location = MarkdownText.code(finding.location.description, inTableCell: true)
                    lines.append(
                        "| `\(finding.rule.rawValue)` | \(cell(finding.problem)) | \(location) | \(errors) "
                            + "| \(cell(finding.fix)) |")
                }
            }
            if !result.notChecked.isEmpty {
                lines += ["", "Not checked:", ""]
                lines += result.notChecked.map { "- `\($0.rule.rawValue)`: \(cell($0.reason))" }
            }
            if !result.setup.missingFiles.isEmpty {
                lines += ["", "Not found:", ""]
                lines += result.setup.missingFiles.map {
                    "- \(MarkdownText.code($0.value)) (named by \(cell($0.location.description)))"
                }
            }
            let unresolved = DoctorTextRendering.uniqueUnresolved(result.setup)
            if !unresolved.isEmpty {
                lines += ["", "Unresolved:", ""]
                lines += unresolved.map { "- \(MarkdownText.code($0.value)) (\(cell($0.location.description)))" }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Text from the app's files, safe in Markdown (`MarkdownText`).
    static func cell(_ text: String) -> String { MarkdownText.escaped(text) }
}

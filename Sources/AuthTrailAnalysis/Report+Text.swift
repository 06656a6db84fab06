import AuthTrail
import Foundation

extension Report {
    /// The report as aligned plain-text tables.
    public func renderText() -> String {
        var out = "AuthTrail report: \(files) file\(files == 1 ? "" : "s"), \(events) events"
        if let firstEvent, let lastEvent {
            out += ", \(Timestamp.string(firstEvent)) to \(Timestamp.string(lastEvent))"
        }
        out += "\n\nAttempts by kind and outcome\n"
        out += TextTable(
            header: ["kind", "attempts", "success", "failure", "cancelled", "success rate"],
            rows: kinds.map { totals in
                [totals.kind, "\(totals.attempts)", "\(totals.successes)", "\(totals.failures)", "\(totals.cancellations)",
                 String(format: "%.1f%%", totals.successRate * 100)]
            },
            rightAligned: [1, 2, 3, 4, 5]
        ).render()
        out += "\nFailures by error (domain, code, sub-code)\n"
        if failures.isEmpty {
            out += "  none\n"
        } else {
            out += TextTable(
                header: ["count", "domain", "code", "name", "sub-code", "sub-code name", "STS", "HTTP", "recommended action"],
                rows: failures.map { group in
                    [
                        "\(group.count)", group.domain, "\(group.code)", group.codeName ?? "?",
                        group.subcode.map(String.init) ?? "-", group.subcodeName ?? "-",
                        group.stsErrorCodes.isEmpty ? "-" : group.stsErrorCodes.map { "AADSTS\($0)" }.joined(separator: ","),
                        group.httpStatus.map(String.init) ?? "-",
                        group.action.flatMap(RecommendedAction.init(rawValue:))?.summary ?? group.action ?? "-",
                    ]
                },
                rightAligned: [0, 2]
            ).render()
        }
        if !warnings.isEmpty {
            out += "\nWarnings\n" + warnings.map { "  \($0)\n" }.joined()
        }
        return out
    }
}

/// Columns padded to their widest cell.
struct TextTable {
    var header: [String]
    var rows: [[String]]
    var rightAligned: Set<Int> = []

    func render() -> String {
        var widths = header.map(\.count)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        func line(_ cells: [String]) -> String {
            let padded = cells.enumerated().map { index, cell in
                let padding = String(repeating: " ", count: widths[index] - cell.count)
                return rightAligned.contains(index) ? padding + cell : cell + padding
            }
            return "  " + padded.joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) + "\n"
        }
        return ([line(header)] + rows.map(line)).joined()
    }
}

import AuthTrail
import Foundation

/// Number and label formatting shared by the text, Markdown and HTML renderers.
package enum ReportFormatting {
    static func percent(_ fraction: Double) -> String {
        let value = (fraction * 1000).rounded() / 10
        return "\(value)%"
    }

    /// A change of rate in percentage points, signed: `+5.0 pp`, `-0.3 pp`, `0.0 pp`.
    static func percentagePoints(_ change: Double) -> String {
        let value = (change * 1000).rounded() / 10
        return (value > 0 ? "+" : "") + "\(value == 0 ? 0 : value) pp"
    }

    /// A p-value with four decimals, `< 0.0001` below that, `-` when there is none.
    static func pValue(_ value: Double?) -> String {
        guard let value else { return "-" }
        return value < 0.0001 ? "< 0.0001" : String(format: "%.4f", value)
    }

    /// A duration as a person writes it: `850 ms`, `2.1 s`, `2.1 min`, `1.5 h`, `3.2 d` (one decimal, none when it
    /// is 0; the unit chosen after rounding, so 59,960 ms is `1 min`, not `60 s`).
    package static func milliseconds(_ value: Int64?) -> String {
        guard let value else { return "-" }
        if value.magnitude < 1_000 { return "\(value) ms" }
        let units: [(name: String, milliseconds: Double, next: Double)] = [
            ("s", 1_000, 60), ("min", 60_000, 60), ("h", 3_600_000, 48), ("d", 86_400_000, .infinity),
        ]
        for unit in units {
            let tenths = (Double(value) / unit.milliseconds * 10).rounded()
            guard tenths.magnitude >= unit.next * 10 else { return tenthsText(tenths) + " " + unit.name }
        }
        return "\(value) ms"
    }

    private static func tenthsText(_ tenths: Double) -> String {
        let whole = Int64(tenths / 10)
        let decimal = Int64(tenths.magnitude.truncatingRemainder(dividingBy: 10))
        let sign = tenths < 0 && whole == 0 ? "-" : ""
        return decimal == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(decimal)"
    }

    static func code(_ pattern: Report.FailurePattern) -> String {
        if pattern.foldedValues != nil { return Report.otherLabel }
        if let sts = pattern.stsCode { return "AADSTS\(sts)" }
        return pattern.code.map { ErrorCatalog.codeSpelling(domain: pattern.domain, code: $0) } ?? "-"
    }

    static func name(_ pattern: Report.FailurePattern) -> String {
        pattern.codeName ?? "-"
    }

    static func subcode(_ pattern: Report.FailurePattern) -> String {
        guard let subcode = pattern.subcode else { return "-" }
        return pattern.subcodeName.map { "\(subcode) \($0)" } ?? String(subcode)
    }

    static func action(_ raw: String?) -> String {
        guard let raw else { return "-" }
        return RecommendedAction(rawValue: raw)?.summary ?? raw
    }
}

extension RecordedOutcome {
    /// The ANSI colour of the outcome on a terminal: green success, yellow cancelled, red otherwise.
    var terminalColour: String {
        switch known {
        case .success: "32"
        case .cancelled: "33"
        case .failure, nil: "31"
        }
    }
}

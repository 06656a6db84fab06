import AuthTrail
import Foundation

/// Number and label formatting shared by the text, Markdown and HTML renderers.
enum ReportFormatting {
    static func percent(_ fraction: Double) -> String {
        let value = (fraction * 1000).rounded() / 10
        return "\(value)%"
    }

    static func milliseconds(_ value: Int64?) -> String {
        guard let value else { return "-" }
        if value >= 60_000 {
            return "\(Double(value / 100) / 10 / 60) min".replacingOccurrences(of: ".0 min", with: " min")
        }
        if value >= 1_000 { return "\(Double(value / 100) / 10) s" }
        return "\(value) ms"
    }

    static func code(_ pattern: Report.FailurePattern) -> String {
        if pattern.foldedValues != nil { return Report.otherLabel }
        if let sts = pattern.stsCode { return "AADSTS\(sts)" }
        return pattern.code.map(String.init) ?? "-"
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

/// How serious an event is, with OpenTelemetry's severity numbers (1–4 TRACE … 17–20 ERROR, 21–24 FATAL).
public enum Severity: Int, Sendable, Hashable, Comparable, CaseIterable, Codable {
    case trace = 1
    case debug = 5
    case info = 9
    case notice = 10
    case warning = 13
    case error = 17
    case critical = 21

    /// OpenTelemetry `SeverityNumber`.
    public var number: Int { rawValue }

    /// OpenTelemetry `SeverityText`.
    public var text: String {
        switch self {
        case .trace: "TRACE"
        case .debug: "DEBUG"
        case .info: "INFO"
        case .notice: "INFO2"
        case .warning: "WARN"
        case .error: "ERROR"
        case .critical: "FATAL"
        }
    }

    public init?(text: String) {
        guard let match = Self.allCases.first(where: { $0.text == text }) else { return nil }
        self = match
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

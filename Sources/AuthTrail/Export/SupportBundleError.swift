/// Why `Trail.exportSupportBundle(to:since:allowResidualPII:)` wrote nothing. It names kinds, counts and files, never
/// a value found in the logs.
public struct SupportBundleError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The events hold personal data or secrets the redactor would hide at `maskAllPII` (a trail written at a
        /// lower level, or with allowed values): see `residualFindings`. Pass `allowResidualPII: true` to send them
        /// anyway, as `authtrail bundle --force` does.
        public static let residualPersonalData = Code(rawValue: "residual personal data")
        /// The trail's folder could not be listed.
        public static let unreadableFolder = Code(rawValue: "unreadable folder")
        /// The bundle (or its temporary file beside it) could not be written.
        public static let unwritableDestination = Code(rawValue: "unwritable destination")
    }

    /// One kind of residual data and how many times it was found.
    public struct ResidualFinding: Sendable, Hashable, CustomStringConvertible {
        /// The redaction engine's name for the kind, for example `e-mail address`.
        public var kind: String
        public var count: Int
        public var description: String { "\(count) × \(kind)" }

        package init(kind: String, count: Int) {
            self.kind = kind
            self.count = count
        }
    }

    public var code: Code
    /// The file or folder concerned.
    public var path: String
    /// The system's or the codec's words, when they say more than the code.
    public var cause: String?
    /// For `residualPersonalData`: each kind found and its count, in the order first found.
    public var residualFindings: [ResidualFinding]

    package init(code: Code, path: String, cause: String? = nil, residualFindings: [ResidualFinding] = []) {
        self.code = code
        self.path = path
        self.cause = cause
        self.residualFindings = residualFindings
    }

    /// One line: `<path>: <code>: <cause or kinds and counts>`.
    public var description: String {
        var text = "\(path): \(code)"
        if !residualFindings.isEmpty {
            text += ": " + residualFindings.map(\.description).joined(separator: ", ")
        }
        if let cause { text += ": \(cause)" }
        return text
    }
}

import AuthTrail

/// Finds personal data and secrets left in event text, with the library's own redaction engine: whatever the
/// redactor would hide at `maskAllPII` (e-mail addresses, UPNs, IP addresses, object and device ids, user paths,
/// JWTs, refresh tokens, credentials, ...) is a finding, so a segment written at `maskSecretsOnly` or with an allowed
/// value is caught, while the engine's own markers (`<email:3f2a9c01d4>`, `<jwt:removed>`) are not.
///
/// `bundle` refuses (and `verify` fails) on any finding. Findings name the kind and the line, never the value.
public struct ResidualPIIScanner: Sendable {
    /// A kind of residual data, named as the redaction engine names it.
    public struct Kind: Sendable, Hashable, Codable, CustomStringConvertible {
        /// A readable name, for example `e-mail address`.
        public let rawValue: String
        public var description: String { rawValue }
    }

    public init() {}

    /// The kinds found in one decoded line (each kind once).
    public func findings(in line: UnsafeRawBufferPointer) -> [Kind] {
        Redactor.findings(in: line).map { Kind(rawValue: $0.rawValue) }
    }
}

/// One residual-data finding: where, and what kind (never the value).
public struct PIIFinding: Sendable, Hashable {
    public var path: String
    /// 1-based line number in the decoded stream.
    public var line: Int
    public var kind: ResidualPIIScanner.Kind

    public var message: String { "\(path): line \(line): residual \(kind.rawValue)" }
}

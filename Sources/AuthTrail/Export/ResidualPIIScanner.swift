/// Finds personal data and secrets left in event text, with the library's own redaction engine: whatever the
/// redactor would hide at `maskAllPII` (e-mail addresses, UPNs, IP addresses, object and device ids, user paths,
/// JWTs, refresh tokens, credentials, ...) is a finding, so a segment written at `maskSecretsOnly` or with an allowed
/// value is caught, while the engine's own markers (`<email:3f2a9c01d4>`, `<jwt:removed>`) are not.
///
/// A bundle is refused (and `verify` fails) on any finding. Findings name the kind and the line, never the value.
package struct ResidualPIIScanner: Sendable {
    /// A kind of residual data, named as the redaction engine names it.
    package struct Kind: Sendable, Hashable, Codable, CustomStringConvertible {
        /// A readable name, for example `e-mail address`.
        package let rawValue: String
        package var description: String { rawValue }
    }

    package init() {}

    /// The kinds found in one decoded line (each kind once).
    package func findings(in line: UnsafeRawBufferPointer) -> [Kind] {
        Redactor.findings(in: line).map { Kind(rawValue: $0.rawValue) }
    }
}

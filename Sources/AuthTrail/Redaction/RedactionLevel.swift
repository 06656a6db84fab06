/// How much the redactor hides, mirroring MSAL's own log masking levels.
public enum RedactionLevel: String, Sendable, Hashable, Codable, CaseIterable {
    /// Hide every end-user identifier (keyed hashes) and every secret. The default, like MSAL's MaskAllPII.
    case maskAllPII
    /// Hash end-user-identifiable information (emails, UPNs, names, phone numbers, user paths); keep pseudonymous
    /// ids (object ids, device ids, IP addresses) readable. Secrets are removed. Like MSAL's MaskEUIIOnly.
    case maskEUIIOnly
    /// Remove secrets only (tokens, codes, passwords, keys); keep identifiers readable. Like MSAL's MaskSecretsOnly.
    case maskSecretsOnly
}

public import Foundation

/// An app's additions to the built-in redaction: more field names whose values are secrets or identifiers, values that
/// must stay readable, and extra patterns.
///
/// ```swift
/// var rules = RedactionRules()
/// rules.secretKeys = ["x-api-key"]
/// rules.identifierKeys = ["member_number": .username]
/// rules.allowedValues = ["test.user@contoso.com"]
/// ```
public struct RedactionRules: Sendable {
    /// Field, JSON, header or URL parameter names whose values are removed (compared ignoring case, `_`, `-`, `.`).
    public var secretKeys: Set<String>
    /// Field names whose values are replaced by a pseudonym of the given kind.
    public var identifierKeys: [String: IdentifierKind]
    /// Values kept exactly as written even where they look like identifiers (a shared test account, a sample IP).
    /// Secrets are removed regardless.
    public var allowedValues: Set<String>
    /// Extra patterns, applied after the built-in scanner. They run on `NSRegularExpression`, so each one costs far
    /// more than the scanner itself; prefer `secretKeys` and `identifierKeys` where a field name is known.
    public var patterns: [Pattern]

    /// - Parameters:
    ///   - secretKeys: names whose values are removed.
    ///   - identifierKeys: names whose values are pseudonymized, with the kind that tags them.
    ///   - allowedValues: values never changed.
    ///   - patterns: extra regular expressions.
    public init(
        secretKeys: Set<String> = [],
        identifierKeys: [String: IdentifierKind] = [:],
        allowedValues: Set<String> = [],
        patterns: [Pattern] = []
    ) {
        self.secretKeys = secretKeys
        self.identifierKeys = identifierKeys
        self.allowedValues = allowedValues
        self.patterns = patterns
    }

    /// A regular expression whose matches are removed (`kind == nil`) or replaced by a pseudonym of `kind`.
    public struct Pattern: Sendable {
        public var expression: NSRegularExpression
        /// nil: the match is a secret and is removed; otherwise the pseudonym's kind.
        public var kind: IdentifierKind?

        /// - Parameters:
        ///   - pattern: an ICU regular expression.
        ///   - kind: nil to remove matches, or the kind of identifier they are.
        public init(_ pattern: String, kind: IdentifierKind?) throws {
            expression = try NSRegularExpression(pattern: pattern)
            self.kind = kind
        }
    }
}

import Crypto
import Foundation

/// Removes secrets and replaces end-user identifiers with keyed pseudonyms, in events and in free text.
///
/// Structured fields are redacted by their declared kind (scopes, codes, correlation ids and hosts are kept);
/// free text (messages, error descriptions, attributes) is scanned.
public struct Redactor: Sendable {
    public var level: RedactionLevel
    private let key: RedactionKey

    /// - Parameters:
    ///   - level: how much to hide; `.maskAllPII` unless the app chose otherwise.
    ///   - key: the install's pseudonym key.
    public init(level: RedactionLevel = .maskAllPII, key: RedactionKey) {
        self.level = level
        self.key = key
    }

    /// The key's public fingerprint.
    public var keyID: String { key.id }

    /// `event` with every free-text field scanned.
    public func redact(_ event: TrailEvent) -> TrailEvent {
        var event = event
        event.message = event.message.map(redact(text:))
        if var failure = event.failure {
            failure.message = failure.message.map(redact(text:))
            event.failure = failure
        }
        if !event.attributes.isEmpty {
            event.attributes = event.attributes.mapValues(redact(text:))
        }
        return event
    }

    /// `text` with secrets removed and identifiers replaced by pseudonyms such as `<email:3f2a9c01d4>`.
    public func redact(text: String) -> String {
        var result = text
        for rule in Self.rules where rule.appliesAt(level) {
            result = rule.apply(to: result, redactor: self)
        }
        return result
    }

    /// A keyed pseudonym for `value`: the same input gives the same output within one install.
    public func pseudonym(_ value: String, kind: String) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: Array(value.utf8), using: key.key)
        let hex = code.prefix(5).map { String(format: "%02x", $0) }.joined()
        return "<\(kind):\(hex)>"
    }

    private struct Rule: Sendable {
        enum Treatment: Sendable { case remove(String), pseudonymize(kind: String, euii: Bool) }
        let expression: NSRegularExpression
        let treatment: Treatment

        func appliesAt(_ level: RedactionLevel) -> Bool {
            switch (treatment, level) {
            case (.remove, _): true
            case (.pseudonymize, .maskAllPII): true
            case (.pseudonymize(_, let euii), .maskEUIIOnly): euii
            case (.pseudonymize, .maskSecretsOnly): false
            }
        }

        func apply(to text: String, redactor: Redactor) -> String {
            let source = text as NSString
            let matches = expression.matches(in: text, range: NSRange(location: 0, length: source.length))
            guard !matches.isEmpty else { return text }
            var result = ""
            var cursor = 0
            for match in matches {
                result += source.substring(with: NSRange(location: cursor, length: match.range.location - cursor))
                let found = source.substring(with: match.range)
                switch treatment {
                case .remove(let label): result += "<\(label):removed>"
                case .pseudonymize(let kind, _): result += redactor.pseudonym(found.lowercased(), kind: kind)
                }
                cursor = match.range.location + match.range.length
            }
            result += source.substring(from: cursor)
            return result
        }
    }

    private static let rules: [Rule] = [
        Rule(expression: try! NSRegularExpression(pattern: #"eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*"#), treatment: .remove("jwt")),
        Rule(expression: try! NSRegularExpression(pattern: #"(?<=Bearer )[A-Za-z0-9._~+/=-]{8,}"#, options: .caseInsensitive), treatment: .remove("token")),
        Rule(expression: try! NSRegularExpression(pattern: #"[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}"#), treatment: .pseudonymize(kind: "email", euii: true)),
    ]
}

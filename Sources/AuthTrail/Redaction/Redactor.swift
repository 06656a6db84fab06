import Foundation

/// Removes secrets and replaces end-user identifiers with keyed pseudonyms, in events and in free text.
///
/// Secrets (JWTs, refresh tokens, authorization codes, `Authorization` credentials, client secrets and assertions,
/// PEM keys, URL passwords, values of sensitive parameters) are removed at every level: `<jwt:removed>`. End-user
/// identifiers become `<kind:10 hex>`, the truncated HMAC-SHA256 of the normalized value under the install's key, so
/// the same user gives the same pseudonym within one install and nobody can reverse it by hashing guesses.
/// Correlation ids, client ids, tenant ids, error domains and codes, AADSTS codes, HTTP statuses, timestamps, scopes
/// and the authority host stay readable.
///
/// ```swift
/// let redactor = Redactor(level: .maskAllPII, key: .random())
/// redactor.redact(text: "signed in megan.bowen@contoso.com from 203.0.113.7")
/// // "signed in <email:3f2a9c01d4> from <ip:9be1c07a55>"
/// ```
package struct Redactor: Sendable {
    /// How much is hidden.
    package var level: RedactionLevel {
        get { engine.level }
        set { engine = RedactionEngine(level: newValue, key: engine.key, rules: rules) }
    }
    private var engine: RedactionEngine
    private let rules: RedactionRules

    /// - Parameters:
    ///   - level: how much to hide; `.maskAllPII` unless the app chose otherwise.
    ///   - key: the install's pseudonym key.
    ///   - rules: the app's extra secret and identifier field names, allowed values and patterns.
    package init(level: RedactionLevel = .maskAllPII, key: RedactionKey, rules: RedactionRules = RedactionRules()) {
        self.rules = rules
        engine = RedactionEngine(level: level, key: key, rules: rules)
    }

    /// The key's public fingerprint.
    package var keyID: String { engine.key.id }

    /// `event` with structured fields redacted by their declared kind and free text scanned.
    ///
    /// Scopes, the authority host, the correlation id, error domains, codes, sub-codes, OAuth errors and AADSTS codes
    /// are kept. The message, the error description and attribute values are scanned; an attribute whose name says
    /// what it holds (`password`, `user.email`, `device_id`) is removed or pseudonymized whole.
    package func redact(_ event: TrailEvent) -> TrailEvent {
        var event = event
        redact(&event)
        return event
    }

    /// Redacts `event` in place, touching only what changes (the writer thread's path: no copy of the event).
    package func redact(_ event: inout TrailEvent) {
        if let message = event.message { event.message = redact(text: message) }
        // Strings the classifier copies from an error's userInfo: codes and ids in practice, scanned in case they
        // carry anything else (scanning text with nothing to hide copies nothing).
        if let correlationID = event.correlationID, !Self.isGUID(correlationID) {
            event.correlationID = redact(text: correlationID)
        }
        // Through optional chaining the failure is redacted where it lies; unwrapped, it was copied (208 bytes) first.
        event.failure?.redact(with: self)
        if !event.attributes.isEmpty {
            for (name, value) in event.attributes {
                let redacted = redact(attribute: value, named: name)
                if redacted != value { event.attributes[name] = redacted }
            }
        }
    }

    /// `text` with secrets removed and identifiers replaced by pseudonyms such as `<email:3f2a9c01d4>`.
    package func redact(text: String) -> String {
        var text = text
        var redacted =
            text.withUTF8 { bytes in
                ByteClass.table.withUnsafeBufferPointer { classes in
                    var scan = TextScan(input: bytes, engine: engine, classes: classes)
                    scan.run()
                    return scan.finish().map { String(decoding: $0, as: UTF8.self) }
                }
            } ?? text
        if !rules.patterns.isEmpty { redacted = applyPatterns(to: redacted) }
        return redacted
    }

    /// A keyed pseudonym for `value`: the same input gives the same output within one install.
    ///
    /// - Parameters:
    ///   - value: the identifier, already normalized (for example lower-cased).
    ///   - kind: the tag, for example `email`.
    package func pseudonym(_ value: String, kind: String) -> String {
        String(decoding: engine.pseudonym(of: value.utf8, tag: kind), as: UTF8.self)
    }

    /// An attribute's value, judged first by its name.
    private func redact(attribute value: String, named name: String) -> String {
        switch engine.keys.classify(name) {
        case .secret(let label):
            return value.isEmpty ? value : "<\(label.rawValue):removed>"
        case .authorization:
            return "<credential:removed>"
        case .identifier(let kind):
            guard !value.isEmpty, !rules.allowedValues.contains(value) else { return value }
            // A level that keeps this identifier still removes secrets from its value (the redactor fuzz target
            // planted a JWT in a `user.email` attribute at maskSecretsOnly and it survived); an existing pseudonym
            // stays, so redacting an event twice changes nothing.
            guard engine.level.hides(kind) else { return redact(text: value) }
            if RedactionMarker.isMarker(value.utf8) { return value }
            var value = value
            return value.withUTF8 { bytes in
                let normalized = RedactionEngine.normalize(bytes[...], kind: kind)
                return String(decoding: engine.pseudonym(of: normalized, tag: kind.rawValue), as: UTF8.self)
            }
        case .keep, .neutral:
            // A kept name's id survives the scan (a GUID with no telling words before it stays).
            return redact(text: value)
        }
    }

    /// A bare GUID: what a correlation id is, kept as written without a scan (most events carry one).
    static func isGUID(_ value: String) -> Bool { GUIDCheck.matches(value) }

    private func applyPatterns(to text: String) -> String {
        var result = text
        for pattern in rules.patterns where pattern.kind.map(level.hides) ?? true {
            let source = result as NSString
            let matches = pattern.expression.matches(in: result, range: NSRange(location: 0, length: source.length))
            guard !matches.isEmpty else { continue }
            var rebuilt = ""
            var cursor = 0
            for match in matches {
                rebuilt += source.substring(with: NSRange(location: cursor, length: match.range.location - cursor))
                let found = source.substring(with: match.range)
                if let kind = pattern.kind {
                    rebuilt += pseudonym(found.lowercased(), kind: kind.rawValue)
                } else {
                    rebuilt += "<secret:removed>"
                }
                cursor = match.range.location + match.range.length
            }
            rebuilt += source.substring(from: cursor)
            result = rebuilt
        }
        return result
    }
}

extension FailureDetails {
    /// The free-text fields scanned; domains, codes and AADSTS codes kept.
    fileprivate mutating func redact(with redactor: Redactor) {
        if let message { self.message = redactor.redact(text: message) }
        if let oauthError { self.oauthError = redactor.redact(text: oauthError) }
        if let oauthSuberror { self.oauthSuberror = redactor.redact(text: oauthSuberror) }
        if let correlationID, !Redactor.isGUID(correlationID) {
            self.correlationID = redactor.redact(text: correlationID)
        }
        for index in grantedScopes.indices { grantedScopes[index] = redactor.redact(text: grantedScopes[index]) }
        for index in declinedScopes.indices { declinedScopes[index] = redactor.redact(text: declinedScopes[index]) }
    }
}

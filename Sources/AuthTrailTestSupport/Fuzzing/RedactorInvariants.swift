import AuthTrail
import Foundation

/// What must hold when the redactor meets any text; checked by the `fuzz-redactor` libFuzzer target
/// (Tests/Fuzz/Redactor) and replayed over the committed corpus by the unit tests.
///
/// The input's first byte picks the level; the rest is the text (invalid UTF-8 becomes U+FFFD, as `String(decoding:)`
/// makes it). The harness plants a JWT and an email between the text's two halves, separated by spaces, and an
/// attribute holding the JWT; none may survive, at any level (the email is kept on purpose by `.maskSecretsOnly`).
package enum RedactorInvariants {
    // Synthetic values: a JWT-shaped string and an email no one owns; never printed.
    static let plantedToken =
        "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1cG4iOiJmdXp6QGNvbnRvc28uY29tIiwib2lkIjoiMSJ9.c2lnbmF0dXJlLWZ1enotMDAx"
    static let plantedEmail = "fuzz.planted.user@contoso-fuzz.com"
    static let redactors = RedactionLevel.allCases.map {
        Redactor(level: $0, key: RedactionKey(bytes: Array(repeating: 7, count: 32)))
    }
    static let attributeNames = ["note", "password", "user.email", "device_id", "refresh_token", "Authorization", "x"]

    /// The violated invariants for `input` (empty when all hold). Messages never include the text or a planted value.
    ///
    /// - Parameter checkingIdempotence: whether redacting the output again must change nothing. The replay tests
    ///   always check it; the fuzz target only with AUTHTRAIL_FUZZ_IDEMPOTENCE=1 (open cases under
    ///   `Tests/Fuzz/Findings/redactor/`).
    package static func violations(input: [UInt8], checkingIdempotence: Bool = true) -> [String] {
        var violations = [String]()
        let selector = input.first ?? 0
        let redactor = redactors[Int(selector) % redactors.count]
        let hidesEmail = redactor.level != .maskSecretsOnly
        let body = input.dropFirst()
        let half = body.startIndex + body.count / 2
        let head = String(decoding: body[..<half], as: UTF8.self)
        let tail = String(decoding: body[half...], as: UTF8.self)
        let text = head + tail

        // 1. Any text: redaction never traps, and redacting the result again changes nothing.
        let once = redactor.redact(text: text)
        if checkingIdempotence, redactor.redact(text: once) != once {
            violations.append("redact(text:) is not idempotent on the text")
        }

        // 2. Planted secrets between the fuzz halves never survive, and the result is idempotent too.
        let planted = "\(head) \(plantedToken) \(plantedEmail) \(tail)"
        let redacted = redactor.redact(text: planted)
        if redacted.contains(plantedToken) { violations.append("the planted JWT survived in text") }
        if hasTokenPart(redacted, input: text) { violations.append("a segment of the planted JWT survived in text") }
        if hidesEmail && redacted.contains(plantedEmail) { violations.append("the planted email survived in text") }
        if checkingIdempotence, redactor.redact(text: redacted) != redacted {
            violations.append("redact(text:) is not idempotent on the planted text")
        }

        // 3. An event whose message and attributes come from the input: free text is redacted as text, attributes
        // never keep the planted JWT, and redacting the event twice changes nothing.
        let name = attributeNames[Int(selector / 3) % attributeNames.count]
        let attributeName = name == "x" ? String(head.prefix(24)) : name
        var event = TrailEvent(
            name: .log,
            severity: .warning,
            timestamp: Date(timeIntervalSince1970: 1_700_000_000),
            message: head
        )
        event.attributes["fuzz.tail"] = tail
        event.attributes[attributeName] = "\(tail) \(plantedToken)"
        let redactedEvent = redactor.redact(event)
        if redactedEvent.message != redactor.redact(text: head) {
            violations.append("the event's message is not redacted as text")
        }
        for (key, value) in redactedEvent.attributes {
            if value.contains(plantedToken) || hasTokenPart(value, input: text) {
                violations.append("the planted JWT survived in an attribute")
            }
            if checkingIdempotence, key == "fuzz.tail", redactor.redact(text: value) != value {
                violations.append("an attribute value is not idempotent under redaction")
            }
        }
        let twice = redactor.redact(redactedEvent)
        if checkingIdempotence, twice.message != redactedEvent.message || twice.attributes != redactedEvent.attributes {
            violations.append("redacting an event twice changes it")
        }
        return violations
    }

    /// Whether the JWT's signature or payload segment survived on its own.
    /// (Unless the fuzz text itself holds that segment, which the redactor may rightly keep when it stands alone.)
    private static func hasTokenPart(_ text: String, input: String) -> Bool {
        plantedToken.split(separator: ".").dropFirst().contains { text.contains($0) && !input.contains($0) }
    }
}

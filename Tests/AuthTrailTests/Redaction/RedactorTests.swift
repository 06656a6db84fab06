import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

@Suite("The redactor")
struct RedactorTests {
    static let key = RedactionKey(bytes: Array(repeating: 7, count: 32))
    let redactor = Redactor(key: RedactorTests.key)

    @Test("one user gives one pseudonym whatever the letter case, and another key gives another")
    func pseudonymsAreStableAndKeyed() {
        let first = redactor.redact(text: "account Megan.Bowen@Contoso.com")
        let second = redactor.redact(text: "account megan.bowen@contoso.com")
        #expect(first == second)
        let expected = redactor.pseudonym("megan.bowen@contoso.com", kind: "email")
        #expect(first == "account \(expected)")
        let other = Redactor(key: RedactionKey(bytes: Array(repeating: 8, count: 32)))
        #expect(other.redact(text: "account megan.bowen@contoso.com") != first)
        // The HMAC, not a bare hash: SHA-256 of the address would let anyone confirm a guess.
        #expect(expected.count == "<email:>".count + 10)
    }

    @Test(
        "a GUID is judged by the words before it",
        arguments: [
            ("Correlation ID: ", true), ("correlation_id=", true), ("client-request-id: ", true), ("client_id=", true),
            ("tenant id ", true), ("tid=", true), ("Trace ID: ", true), ("", true),
            ("object id ", false), ("oid=", false), ("user id: ", false), ("Device ID: ", false), ("device_id=", false),
            ("/v1.0/users/", false),
        ]
    )
    func guidContext(prefix: String, kept: Bool) {
        let guid = "3f2b8c1d-4a5e-4f60-8a7b-9c0d1e2f3a4b"
        let redacted = redactor.redact(text: "seen \(prefix)\(guid) once")
        #expect(redacted.contains(guid) == kept, "\(prefix)")
    }

    @Test("numbers under a secret's name are error codes and stay")
    func codesStay() {
        let text =
            "Error Domain=MSALErrorDomain Code=-50002 \"code\": 429, state: 3, code=0.AXoA\(String(repeating: "b7Q", count: 20))"
        let redacted = redactor.redact(text: text)
        #expect(
            redacted.hasPrefix(
                "Error Domain=MSALErrorDomain Code=-50002 \"code\": 429, state: 3, code=<secret:removed>"
            )
        )
    }

    @Test("a secret's trailing punctuation goes with it, an identifier's full stop stays")
    func trailingPunctuation() {
        let redacted = redactor.redact(text: "password: hunter2! pwd=abc. upn: megan@contoso.com.")
        #expect(
            redacted
                == "password: <secret:removed> pwd=<secret:removed> upn: \(redactor.pseudonym("megan@contoso.com", kind: "upn"))."
        )
    }

    @Test("internationalized addresses are hidden whole")
    func unicodeEmails() {
        let redacted = redactor.redact(text: "für zoë.müller@bücher.de heute")
        #expect(redacted == "für \(redactor.pseudonym("zoë.müller@bücher.de", kind: "email")) heute")
    }

    @Test("a value under a keep-list name is still scanned: only ids stay")
    func keepNamesStillScan() {
        let redacted = redactor.redact(
            text: "error: megan@contoso.com not found, correlation_id: 3f2b8c1d-4a5e-4f60-8a7b-9c0d1e2f3a4b"
        )
        #expect(
            redacted == "error: \(redactor.pseudonym("megan@contoso.com", kind: "email")) not found, "
                + "correlation_id: 3f2b8c1d-4a5e-4f60-8a7b-9c0d1e2f3a4b"
        )
    }

    @Test("untouched text comes back unchanged")
    func cleanTextUnchanged() {
        let text =
            "TID=4711 (main thread) MSAL 2.14.0 iOS 18.2 [2025-07-01 09:15:42 - 5E3A1C2B-9D4F-4E6A-8B7C-1D2E3F4A5B6C] "
            + "[MSAL] Silent token acquisition failed, AADSTS50076, HTTP 400, scopes User.Read https://graph.microsoft.com/.default, "
            + "authority https://login.microsoftonline.com/common, version 10.0.19045.4529, time 12:30:45"
        #expect(redactor.redact(text: text) == text)
    }

    @Test("events keep their structured fields, scan free text, and judge attributes by name")
    func events() {
        let correlation = "5E3A1C2B-9D4F-4E6A-8B7C-1D2E3F4A5B6C"
        let event = TrailEvent(
            name: .acquisitionEnd,
            kind: .silent,
            scopes: ["User.Read"],
            authorityHost: "login.microsoftonline.com",
            correlationID: correlation,
            outcome: .failure,
            failure: FailureDetails(
                domain: "MSALErrorDomain",
                code: -50002,
                subcode: -42011,
                stsErrorCodes: [50076],
                message: "AADSTS50076: user megan@contoso.com must use MFA"
            ),
            message: "refresh with Bearer abcdefghijklmnop1234",
            attributes: [
                "user.email": "Megan@Contoso.com", "password": "hunter2", "log.source": "msal",
                "note": "from 203.0.113.9", "client_id": "4b0db8c2-9f26-4417-8bde-3f0e3656f8e0",
            ]
        )
        let redacted = redactor.redact(event)
        #expect(redacted.scopes == ["User.Read"])
        #expect(redacted.authorityHost == "login.microsoftonline.com")
        #expect(redacted.correlationID == correlation)
        #expect(redacted.failure?.code == -50002 && redacted.failure?.subcode == -42011)
        #expect(
            redacted.failure?.message
                == "AADSTS50076: user \(redactor.pseudonym("megan@contoso.com", kind: "email")) must use MFA"
        )
        #expect(redacted.message == "refresh with Bearer <credential:removed>")
        #expect(redacted.attributes["user.email"] == redactor.pseudonym("megan@contoso.com", kind: "email"))
        #expect(redacted.attributes["password"] == "<secret:removed>")
        #expect(redacted.attributes["log.source"] == "msal")
        #expect(redacted.attributes["note"] == "from \(redactor.pseudonym("203.0.113.9", kind: "ip"))")
        #expect(redacted.attributes["client_id"] == "4b0db8c2-9f26-4417-8bde-3f0e3656f8e0")
    }

    @Test("custom rules add secret and identifier names, allowed values and patterns")
    func customRules() throws {
        let rules = RedactionRules(
            secretKeys: ["x-api-key"],
            identifierKeys: ["member_number": .username],
            allowedValues: ["test.user@contoso.com"],
            patterns: [try .init(#"TICKET-[0-9]{6}"#, kind: nil)]
        )
        let custom = Redactor(key: Self.key, rules: rules)
        let redacted = custom.redact(
            text: "X-Api-Key: k3yk3yk3y member_number=884412 test.user@contoso.com other@contoso.com TICKET-123456"
        )
        #expect(
            redacted == "X-Api-Key: <secret:removed> member_number=\(custom.pseudonym("884412", kind: "username")) "
                + "test.user@contoso.com \(custom.pseudonym("other@contoso.com", kind: "email")) <secret:removed>"
        )
    }

    @Test("a PEM block cut short is removed to the end")
    func truncatedPEM() {
        let redacted = redactor.redact(text: "key:\n-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7bq")
        #expect(redacted == "key:\n<pem:removed>")
    }

    @Test("the level can be changed on a redactor", arguments: RedactionLevel.allCases)
    func levels(level: RedactionLevel) {
        var redactor = redactor
        redactor.level = level
        let redacted = redactor.redact(
            text: "megan@contoso.com from 203.0.113.9 with eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.c2ln"
        )
        #expect(redacted.contains("megan@contoso.com") == (level == .maskSecretsOnly))
        #expect(redacted.contains("203.0.113.9") == (level != .maskAllPII))
        #expect(redacted.hasSuffix("with <jwt:removed>"))
    }
}

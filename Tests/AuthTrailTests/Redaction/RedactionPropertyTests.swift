import AuthTrail
import Foundation
import PropertyBased
import Testing

/// A generated text with the secrets or identifiers planted in it. Its test description never shows them, so a failing
/// property (which prints its input) cannot print a planted value.
struct GeneratedText: Sendable, CustomTestStringConvertible {
    var text: String
    /// Values that must not survive redaction.
    var hidden: [String]
    /// Values that must survive redaction.
    var kept: [String] = []
    var shape: String

    var testDescription: String { "\(shape), \(text.utf8.count) bytes, \(hidden.count) planted values" }
}

@Suite("Redaction properties")
struct RedactionPropertyTests {
    static let redactor = Redactor(key: RedactionKey(bytes: Array(repeating: 42, count: 32)))

    static func check(_ sample: GeneratedText) {
        let redacted = redactor.redact(text: sample.text)
        for value in sample.hidden {
            let leaked = redacted.contains(value)  // a Bool, so a failure prints no text
            #expect(!leaked, "a planted value survived in: \(sample.testDescription)")
        }
        for value in sample.kept {
            let survived = redacted.contains(value)
            #expect(survived, "a keep-list value was lost in: \(sample.testDescription)")
        }
    }

    static let base64url = Gen<Character?>.element(
        of: Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
    ).map { $0! }
    static let separator = Gen<String?>.element(of: ["", ".", "_", "+", "-"]).map { $0! }
    static let topLevel = Gen<String?>.element(of: ["com", "org", "co.uk", "onmicrosoft.com", "io", "de"]).map { $0! }

    static let emailWrappers: [@Sendable (String) -> String] = [
        { "Acquiring token for account \($0), scopes User.Read" }, { "{\"email\":\"\($0)\"}" }, { "user=\($0)&x=1" },
        { "(\($0))" }, { "mailto:\($0)." }, { "<\($0)>" }, { "signed in as \($0)" }, { "login: \($0);" },
    ]

    @Test("generated emails never survive, in any letter case")
    func emails() async {
        let generator = zip(
            Gen.letterOrNumber.string(of: 1...16),
            Self.separator,
            Gen.letterOrNumber.string(of: 1...8),
            Gen.letterOrNumber.string(of: 1...12),
            Self.topLevel,
            Gen.int(in: 0...(Self.emailWrappers.count - 1))
        ).map { value in
            let email = "\(value.0)\(value.1)\(value.2)@\(value.3).\(value.4)"
            return GeneratedText(text: Self.emailWrappers[value.5](email), hidden: [email], shape: "email")
        }
        await propertyCheck(count: 500, input: generator) { sample in
            Self.check(sample)
            let email = sample.hidden[0]
            let same = Self.redactor.redact(text: "a \(email)") == Self.redactor.redact(text: "a \(email.uppercased())")
            #expect(same, "an email's pseudonym depends on letter case: \(sample.testDescription)")
        }
    }

    static let tokenWrappers: [@Sendable (String) -> String] = [
        { "Authorization: Bearer \($0)" }, { "token: \($0)" }, { "{\"access_token\":\"\($0)\",\"expires_in\":3599}" },
        { "#id_token=\($0)&state=x" }, { "the cached token \($0)." }, { "x=\($0)" }, { "[\($0)]" },
    ]

    @Test("generated JWTs never survive, whole or by segment")
    func jsonWebTokens() async {
        let generator = zip(
            Self.base64url.string(of: 8...60),
            Self.base64url.string(of: 8...400),
            Self.base64url.string(of: 0...342),
            Gen.int(in: 0...(Self.tokenWrappers.count - 1))
        ).map { value in
            let token = "eyJ\(value.0).eyJ\(value.1).\(value.2)"
            let segments = ["eyJ\(value.0)", "eyJ\(value.1)", value.2].filter { $0.count >= 12 }
            return GeneratedText(text: Self.tokenWrappers[value.3](token), hidden: [token] + segments, shape: "JWT")
        }
        await propertyCheck(count: 500, input: generator) { Self.check($0) }
    }

    static let ipWrappers: [@Sendable (String) -> String] = [
        { "request from \($0) failed" }, { "{\"ip\": \"\($0)\"}" }, { "(\($0))" }, { "peer \($0)." },
        { "client_ip=\($0)&a=b" }, { "addr=\($0);" },
    ]

    @Test("generated IPv4 and IPv6 addresses never survive")
    func ipAddresses() async {
        let octet = Gen.int(in: 0...255)
        let ipv4 = zip(octet, octet, octet, octet, Gen.int(in: 0...(Self.ipWrappers.count + 1))).map { value in
            let address = "\(value.0).\(value.1).\(value.2).\(value.3)"
            let text =
                value.4 < Self.ipWrappers.count ? Self.ipWrappers[value.4](address) : "proxy http://\(address):8080/pac"
            return GeneratedText(text: text, hidden: [address], shape: "IPv4")
        }
        await propertyCheck(count: 500, input: ipv4) { Self.check($0) }

        let group = Gen<Character?>.element(of: Array("0123456789abcdef")).map { $0! }.string(of: 1...4)
        let ipv6 = zip(
            group.array(of: 1...4),
            group.array(of: 1...3),
            group.array(of: 8),
            Gen.bool,
            Gen.int(in: 0...(Self.ipWrappers.count - 1))
        ).map { value in
            let address =
                value.3
                ? value.0.joined(separator: ":") + "::" + value.1.joined(separator: ":")
                : value.2.joined(separator: ":")
            return GeneratedText(text: Self.ipWrappers[value.4](address), hidden: [address], shape: "IPv6")
        }
        await propertyCheck(count: 500, input: ipv6) { Self.check($0) }
    }

    @Test("arbitrary text full of separators never traps and keeps its line count")
    func arbitraryText() async {
        let alphabet = Array("aeyJ0Z9.:/\\=&?#@%+-_ \"'()[]{}<>,;\nBearer BEGIN-----ẞ€")
        let generator = Gen<Character?>.element(of: alphabet).map { $0! }.string(of: 0...300).map {
            GeneratedText(text: $0, hidden: [], shape: "arbitrary text")
        }
        await propertyCheck(count: 2000, input: generator) { sample in
            let redacted = Self.redactor.redact(text: sample.text)
            // PEM blocks are the only thing that may swallow lines.
            if !sample.text.contains("-----BEGIN ") {
                let sameLines =
                    redacted.split(separator: "\n", omittingEmptySubsequences: false).count
                    == sample.text.split(separator: "\n", omittingEmptySubsequences: false).count
                #expect(sameLines, "line count changed: \(sample.testDescription)")
            }
        }
    }

    static let sensitiveParameters = [
        "code", "state", "id_token", "access_token", "refresh_token", "client_secret", "client_assertion", "login_hint",
        "id_token_hint", "password", "nonce",
    ]

    @Test("generated URLs lose their passwords, users and sensitive parameters and keep host and client id")
    func urls() async {
        let value = Gen<Character?>.element(
            of: Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        )
        .map { $0! }.string(of: 8...40)
        let host = Gen<String?>.element(of: [
            "login.microsoftonline.com", "login.live.com", "proxy.contoso.com", "sts.fabrikam.com",
        ]).map { $0! }
        let parameter = Gen<String?>.element(of: Self.sensitiveParameters).map { $0! }
        let generator = zip(
            Gen.letterOrNumber.string(of: 6...12),
            value,
            host,
            parameter,
            value,
            Gen.bool,
            Gen.int(in: 0...99_999)
        ).map { value in
            let user = "u_\(value.0)"
            let password = "p\(value.1)"
            let secret = "v\(value.4)"
            let client = "4b0db8c2-9f26-4417-8bde-3f0e36\(String(format: "%06d", value.6))"
            let authority = value.5 ? "\(user):\(password)@\(value.2)" : value.2
            let url =
                "https://\(authority)/common/oauth2/v2.0/authorize?client_id=\(client)&\(value.3)=\(secret)&scope=User.Read"
            return GeneratedText(
                text: "GET \(url) HTTP/1.1",
                hidden: value.5 ? [user, password, secret] : [secret],
                kept: [value.2, client, "User.Read"],
                shape: "URL with \(value.3)"
            )
        }
        await propertyCheck(count: 500, input: generator) { Self.check($0) }
    }
}

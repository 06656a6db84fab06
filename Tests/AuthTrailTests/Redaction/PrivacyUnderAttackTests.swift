import AuthTrail
import AuthTrailLogging
import AuthTrailTestSupport
import Foundation
import Logging
import Testing

/// One hostile text: where the personal data or secret hides, the parts of it that must never be readable in the
/// written segment (in any spelling: raw, JSON-decoded, percent-decoded twice, Unicode-folded), and what support
/// needs that must survive. Failure messages name the attack, never the planted value.
struct PrivacyAttack: Sendable, CustomTestStringConvertible {
    let family: String
    let name: String
    let text: String
    /// Distinctive fragments of what was planted, compared ignoring case after every decoding.
    let needles: [String]
    let keeps: [String]

    init(_ family: String, _ name: String, _ text: String, hides needles: [String], keeps: [String] = []) {
        self.family = family
        self.name = name
        self.text = text
        self.needles = needles
        self.keeps = keeps
    }

    var testDescription: String { "\(family): \(name)" }
}

enum PrivacyAttacks {
    static let correlation = "5e3a2f0e-7b0c-4a53-9f7a-2d3c1b0a9e11"
    /// A JWT with a distinctive payload and signature.
    static let jwtHeader = "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9"
    static let jwtPayload = "eyJzdWIiOiJ6b3J2YWtRdWlsbCIsIm5hbWUiOiJab3J2YWsgUXVpbGwifQ"
    static let jwtSignature = "Qx7ZkW9pLmNvR2tYb3ZpcmtzaWduYXR1cmVfdmFsdWVfdGVzdA"
    static let jwt = "\(jwtHeader).\(jwtPayload).\(jwtSignature)"
    static let refreshToken =
        "0.AXoAzk7qPvGQlE2WbH4xYzT9r0c5JmF3NDk2MTc4Ni1hZmQ5LTQ4ZDAtOTE1Yy1rVrynMoonStoneQ2xpZW50c2VjcmV0"
    static let opaqueAccess = "zQx9TbnKLmopVYq3Wr7uHsEe2DcFgAiJkN5oPl8MwRt"

    static let all: [PrivacyAttack] = [
        // Error descriptions as MSAL and the STS write them.
        PrivacyAttack(
            "error description", "STS sentence with a user",
            "AADSTS50076: Due to a configuration change made by your administrator, you must use multi-factor "
                + "authentication. Trace ID: 0a1b2c3d-1111-2222-3333-444455556666 Correlation ID: \(correlation) "
                + "Timestamp: 2026-11-22 10:00:00Z User: zorvak.quill@contoso.com",
            hides: ["zorvak"], keeps: ["AADSTS50076", correlation]),
        PrivacyAttack(
            "error description", "account that does not exist",
            "AADSTS50034: The user account {EmailHidden} zorvak.quill@contoso.com does not exist in the directory.",
            hides: ["zorvak"], keeps: ["AADSTS50034"]),
        PrivacyAttack(
            "error description", "expired refresh token quoted",
            "invalid_grant: AADSTS70043: The refresh token '\(refreshToken)' has expired due to inactivity.",
            hides: ["VrynMoonStone"], keeps: ["AADSTS70043", "invalid_grant"]),
        PrivacyAttack(
            "error description", "object id and IP in a conditional access failure",
            "AADSTS53003: Access has been blocked by Conditional Access policies. Object ID "
                + "9c1d5a7e-3b2f-4e6a-8d0c-1f2e3d4c5b6a from IP 203.0.113.77",
            hides: ["9c1d5a7e-3b2f", "203.0.113.77"], keeps: ["AADSTS53003"]),
        // JSON inside JSON strings.
        PrivacyAttack(
            "nested JSON", "escaped quotes around a UPN and a name",
            #"{"error":"invalid_grant","error_description":"{\"upn\":\"vexmira.tolk@contoso.com\",\"name\":\"Vexmira Tolkwyn\"}"}"#,
            hides: ["vexmira", "tolkwyn"], keeps: ["invalid_grant"]),
        PrivacyAttack(
            "nested JSON", "escaped quotes around tokens",
            #"response "{\"access_token\":\"\#(opaqueAccess)\",\"refresh_token\":\"\#(refreshToken)\"}""#,
            hides: [opaqueAccess, "VrynMoonStone"]),
        PrivacyAttack(
            "nested JSON", "display name in a doubly nested string",
            #"{"body":"{\"user\":{\"displayName\":\"Quillon Brakstad\",\"givenName\":\"Quillon\"}}"}"#,
            hides: ["quillon", "brakstad"]),
        PrivacyAttack(
            "nested JSON", "\\u0040 escape inside an email",
            #"{"details":"sign-in failed for quillon.brak\u0040contoso.com"}"#,
            hides: ["quillon.brak"]),
        PrivacyAttack(
            "nested JSON", "\\u0040 escape under a mail key",
            #"{\"mail\":\"quillon.brak\u0040contoso.com\",\"phone\":\"+1 425 555 0147\"}"#,
            hides: ["quillon.brak", "555 0147"]),
        // URL-encoded and percent-escaped forms.
        PrivacyAttack(
            "URL encoding", "%40 in free text", "user prynnax.wolde%40contoso.com was throttled",
            hides: ["prynnax"]),
        PrivacyAttack(
            "URL encoding", "login_hint with %2E and %40",
            "GET /authorize?client_id=4b0db8c2-9f26-4417-8bde-3f0e3656f8e0&login_hint=prynnax%2Ewolde%40contoso.com",
            hides: ["prynnax"], keeps: ["4b0db8c2-9f26-4417-8bde-3f0e3656f8e0"]),
        PrivacyAttack(
            "URL encoding", "double-encoded %2540", "retrying for prynnax.wolde%2540contoso.com", hides: ["prynnax"]),
        PrivacyAttack(
            "URL encoding", "encoded redirect URI carrying an email",
            "redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth%3Femail%3Dzindle.harrow%2540contoso.com&scope=User.Read",
            hides: ["zindle"], keeps: ["User.Read"]),
        PrivacyAttack(
            "URL encoding", "+ for spaces in a form body",
            "grant_type=password&username=krulle.fenwick%40contoso.com&password=Hunter2%21zz&name=Grevin+Osterhaus",
            hides: ["krulle", "hunter2", "grevin", "osterhaus"], keeps: ["grant_type"]),
        PrivacyAttack(
            "URL encoding", "encoded phone number", "phone=%2B1+425+555+0199&mobile=%2B44%207700%20900123",
            hides: ["555 0199", "7700 900123"]),
        // Mixed case keys and schemes.
        PrivacyAttack("mixed case", "BEARER", "Header: BEARER \(jwt)", hides: [jwtPayload, jwtSignature]),
        PrivacyAttack(
            "mixed case", "Authorization: bearer", "Authorization: bearer \(opaqueAccess)", hides: [opaqueAccess]),
        PrivacyAttack(
            "mixed case", "ACCESS_TOKEN=", "cache write ACCESS_TOKEN=\(opaqueAccess)&Expires_In=3599",
            hides: [opaqueAccess], keeps: ["3599"]),
        PrivacyAttack(
            "mixed case", "Refresh_Token: and PASSWORD=",
            "Refresh_Token: \(refreshToken) PASSWORD=Sn0wfl4keQq!", hides: ["VrynMoonStone", "Sn0wfl4keQq"]),
        PrivacyAttack(
            "mixed case", "upper-case email and BASIC credentials",
            "EMAIL: TOVRIN.ABERNATHY@CONTOSO.COM proxy-authorization=BASIC dm9ybGlrOlBhNTV3b3JkWnp6",
            hides: ["tovrin", "dm9ybGlrOlBhNTV3b3JkWnp6"]),
        // Unicode look-alikes.
        PrivacyAttack(
            "Unicode look-alike", "fullwidth commercial at", "signed in yarrow.pelt＠contoso.com", hides: ["yarrow"]),
        PrivacyAttack(
            "Unicode look-alike", "small commercial at", "signed in yarrow.pelt﹫contoso.com", hides: ["yarrow"]),
        PrivacyAttack(
            "Unicode look-alike", "fullwidth at and fullwidth full stop", "user yarrowpelt＠contoso．com",
            hides: ["yarrowpelt"]),
        PrivacyAttack(
            "Unicode look-alike", "fullwidth letters throughout", "user ｙａｒｒｏｗｑ＠ｃｏｎｔｏｓｏ．ｃｏｍ",
            hides: ["yarrowq"]),
        PrivacyAttack(
            "Unicode look-alike", "zero-width joiner inside the local part",
            "signed in yar\u{200D}row.pelt@contoso.com", hides: ["yarrow"]),
        PrivacyAttack(
            "Unicode look-alike", "zero-width space before the at sign",
            "signed in yarrow.pelt\u{200B}@contoso.com", hides: ["yarrow"]),
        PrivacyAttack(
            "Unicode look-alike", "Cyrillic letters in the domain", "signed in yarrow.pelt@cоntоsо.com",
            hides: ["yarrow"]),
        PrivacyAttack(
            "Unicode look-alike", "zero-width joiner inside a JWT header",
            "id token eyJhbGciOiJSUzI1\u{200D}NiIsInR5cCI6IkpXVCJ9.\(jwtPayload).\(jwtSignature)",
            hides: [jwtPayload, jwtSignature]),
        PrivacyAttack(
            "Unicode look-alike", "zero-width space splitting eyJ",
            "id token ey\u{200B}JhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.\(jwtPayload).\(jwtSignature)",
            hides: [jwtPayload, jwtSignature]),
        PrivacyAttack(
            "Unicode look-alike", "zero-width joiners between JWT segments",
            "token \(jwtHeader)\u{200D}.\u{200D}\(jwtPayload)\u{200D}.\u{200D}\(jwtSignature)",
            hides: [jwtPayload, jwtSignature]),
        // JWT variants.
        PrivacyAttack("JWT variant", "plain", "cached \(jwt) for later", hides: [jwtPayload, jwtSignature]),
        PrivacyAttack(
            "JWT variant", "unsigned (alg none, empty signature)", "token eyJhbGciOiJub25lIn0.\(jwtPayload). done",
            hides: [jwtPayload]),
        PrivacyAttack(
            "JWT variant", "JWE with five segments",
            "token \(jwtHeader).OKOawDo13gRp2ojaHV7LFpZcgV7T6DVZKTyKOMTYUmKoTCVJRgckCL9kiMT03JGe.48V1_ALb6US04U3b."
                + "5eym8TW_c8SuK0ltJ3rpYIzOeDQz7TALvtu6UG9oMo4vpzs9tX_EFShS8iB7j6jiSdiwkIr3ajwQzaBtQD_A.XFBoMYUZodetZdvTiFvSkQ",
            hides: ["OKOawDo13gRp2ojaHV7LFpZcgV7T6DVZ", "XFBoMYUZodetZdvTiFvSkQ"]),
        PrivacyAttack(
            "JWT variant", "header with a space after the brace (eyAi)",
            "token eyAidHlwIjogIkpXVCIsICJhbGciOiAiUlMyNTYiIH0.\(jwtPayload).\(jwtSignature)",
            hides: [jwtPayload, jwtSignature]),
        PrivacyAttack(
            "JWT variant", "in a URL fragment",
            "msauth.com.contoso.app://auth#id_token=\(jwt)&state=qXvB7zzPkeT", hides: [jwtPayload, "qXvB7zzPkeT"]),
        PrivacyAttack(
            "JWT variant", "header and payload only (signature cut)", "partial \(jwtHeader).\(jwtPayload)",
            hides: [jwtPayload]),
        // IPv6 forms.
        PrivacyAttack(
            "IPv6", "compressed", "from 2001:db8:85a3::8a2e:370:7334 via proxy", hides: ["8a2e:370:7334"]),
        PrivacyAttack("IPv6", "with a zone", "link fe80::1ff:fe23:4567:890a%en0 up", hides: ["fe23:4567:890a"]),
        PrivacyAttack(
            "IPv6", "IPv4-mapped", "client ::ffff:198.51.100.23 connected", hides: ["198.51.100.23"]),
        PrivacyAttack("IPv6", "IPv4-mapped in hex", "client ::ffff:c633:6417 connected", hides: ["c633:6417"]),
        PrivacyAttack(
            "IPv6", "full eight groups, upper case", "peer 2001:0DB8:0000:0000:0000:FF00:0042:8329.",
            hides: ["ff00:0042:8329"]),
        PrivacyAttack("IPv6", "bracketed with a port", "connect [2001:db8::7a:beef]:8443", hides: ["7a:beef"]),
        PrivacyAttack(
            "IPv6", "in a URL host", "GET https://[2001:db8::c0:ffee]/token failed", hides: ["c0:ffee"]),
        // Emails and user names in paths and redirect URIs.
        PrivacyAttack(
            "path", "email as a folder",
            "cache at /var/mobile/Containers/Data/Application/Documents/tamsin.okafor@contoso.com/msal.db",
            hides: ["tamsin.okafor"]),
        PrivacyAttack(
            "path", "home folder", "keychain dump written to /Users/tamsinok/Library/Logs/auth.log",
            hides: ["tamsinok"]),
        PrivacyAttack(
            "path", "Windows profile", #"C:\Users\tamsinok\AppData\Local\Contoso\log.txt"#, hides: ["tamsinok"]),
        PrivacyAttack(
            "path", "file URL", "opened file:///Users/tamsinok/Documents/report.pdf", hides: ["tamsinok"]),
        PrivacyAttack(
            "redirect URI", "code, state and email in a custom-scheme query",
            "msauth.com.contoso.app://auth?code=\(refreshToken)&state=pXq7MzzTrW&email=tamsin%40contoso.com",
            hides: ["VrynMoonStone", "pXq7MzzTrW", "tamsin"]),
        PrivacyAttack(
            "redirect URI", "login_hint and upn in an https callback",
            "https://app.contoso.com/callback?upn=tamsin.okafor@contoso.com&login_hint=tamsin.o%40contoso.com",
            hides: ["tamsin"], keeps: ["app.contoso.com"]),
        PrivacyAttack(
            "redirect URI", "user and password in the authority",
            "proxy https://tamsinok:Pr0xyPa55zz@proxy.contoso.com:8080/", hides: ["tamsinok", "Pr0xyPa55zz"],
            keeps: ["proxy.contoso.com"]),
    ]

    /// Forms the engine deliberately does not recognise: spelled out, or encoded in a way nothing in an MSAL log
    /// produces. Each is checked as a known issue, so the day it is handled the test says so.
    static let knownLimitations: [PrivacyAttack] = [
        PrivacyAttack(
            "known limitation", "address spelled out", "mail zorvak dot quill at contoso dot com",
            hides: ["zorvak"]),
        PrivacyAttack(
            "known limitation", "HTML entity for the at sign", "user zorvak.quill&#64;contoso.com", hides: ["zorvak"]),
        PrivacyAttack(
            "known limitation", "display name in prose without a field name", "Welcome back, Zorvak Quillington!",
            hides: ["quillington"]),
    ]
}

/// Every spelling under which a planted value could still be read from one decoded string.
enum LeakForms {
    static func forms(of text: String) -> [String] {
        var forms = [text]
        var decoded = text
        for _ in 0..<2 {
            decoded = decoded.replacingOccurrences(of: "+", with: " ")
            decoded = decoded.removingPercentEncoding ?? decoded
            forms.append(decoded)
        }
        let unescaped = (forms + [text.replacingOccurrences(of: "\\u0040", with: "@")]).map {
            $0.replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\u0040", with: "@")
        }
        let folded = unescaped.map { form in
            String(
                String.UnicodeScalarView(
                    form.precomposedStringWithCompatibilityMapping.unicodeScalars.filter {
                        !["\u{200B}", "\u{200C}", "\u{200D}", "\u{2060}", "\u{FEFF}"].contains($0)
                    }))
        }
        return (forms + unescaped + folded).map { $0.lowercased() }
    }

    /// Every string in a decoded NDJSON line (keys and values, nested), plus the line itself.
    static func strings(inLine line: String) -> [String] {
        var strings = [line]
        func collect(_ value: Any) {
            switch value {
            case let text as String: strings.append(text)
            case let object as [String: Any]:
                for (key, inner) in object {
                    strings.append(key)
                    collect(inner)
                }
            case let array as [Any]: array.forEach(collect)
            default: break
            }
        }
        if let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) { collect(object) }
        return strings
    }

    /// The needles readable anywhere in `lines`, in any form (the caller prints how many, never which).
    static func leaked(_ needles: [String], in lines: [String]) -> [String] {
        let forms = lines.flatMap(strings(inLine:)).flatMap(forms(of:))
        return needles.filter { needle in
            let needle = needle.lowercased()
            return forms.contains { $0.contains(needle) }
        }
    }
}

/// A trail in a temporary folder, and its segment decoded by the real zstd after shutdown.
struct AttackedTrail {
    let directory: TemporaryDirectory
    let trail: Trail

    init(level: RedactionLevel = .maskAllPII, rules: RedactionRules = RedactionRules()) throws {
        directory = try TemporaryDirectory()
        var configuration = TrailConfiguration(directory: directory.url, redactionLevel: level)
        configuration.redactionRules = rules
        trail = try Trail(configuration: configuration)
    }

    /// The event lines (the metadata line dropped), after shutdown.
    func lines() throws -> [String] {
        trail.shutdown(timeout: .testWait)
        let segments = try directory.files(withSuffix: ".jsonl.zst")
        var lines = [String]()
        for segment in segments {
            let decoded = try ProcessRunner.run("zstd", ["-d", "-c", "-q", segment])
            guard decoded.status == 0 else { throw CocoaError(.fileReadCorruptFile) }
            lines += decoded.text.split(separator: "\n").dropFirst().map(String.init)
        }
        return lines
    }
}

@Suite("Privacy under attack: planted personal data and secrets")
struct PrivacyUnderAttackTests {
    /// The five ways free text reaches a segment.
    enum Channel: String, CaseIterable {
        case message, localizedDescription, msalErrorDescription, swiftLog, msalBridgeWithPII
    }

    static func deliver(_ text: String, through channel: Channel, to trail: Trail) {
        switch channel {
        case .message:
            trail.record(TrailEvent(name: .log, message: text, attributes: ["attack.channel": channel.rawValue]))
        case .localizedDescription:
            trail.beginAcquisition(.silent, scopes: ["User.Read"]).failed(
                NSError(domain: "MSALErrorDomain", code: -50000, userInfo: [NSLocalizedDescriptionKey: text]))
        case .msalErrorDescription:
            trail.beginAcquisition(.interactive, scopes: ["User.Read"]).failed(
                NSError(
                    domain: "MSALErrorDomain", code: -50002,
                    userInfo: ["MSALErrorDescriptionKey": text, "MSALOAuthErrorKey": "invalid_grant"]))
        case .swiftLog:
            let logger = Logger(label: "com.contoso.app.auth") { TrailLogHandler(label: $0, trail: trail) }
            logger.error("\(text)", metadata: ["detail": "\(text)"])
        case .msalBridgeWithPII:
            MSALLogBridge(trail: trail).log(
                level: 1,
                message: "TID=4711 MSAL 2.14.0 iOS 18.2 [2026-11-22 10:00:00 - \(PrivacyAttacks.correlation)] "
                    + text, containsPII: true)
        }
    }

    @Test("nothing planted is readable in the written segment, through every channel", arguments: PrivacyAttacks.all)
    func plantedItemsNeverReachTheSegment(attack: PrivacyAttack) throws {
        let attacked = try AttackedTrail()
        defer { attacked.directory.remove() }
        for channel in Channel.allCases { Self.deliver(attack.text, through: channel, to: attacked.trail) }
        let lines = try attacked.lines()
        #expect(attacked.trail.health.eventsLost == 0)
        // Events: one log line, two start/end pairs, one swift-log line and one MSAL line.
        #expect(lines.count == 7)
        // Counts only: a failure message must never carry a planted value.
        let leaks = LeakForms.leaked(attack.needles, in: lines).count
        #expect(leaks == 0, "\(leaks) of \(attack.needles.count) planted items readable: \(attack.testDescription)")
        let joined = lines.flatMap(LeakForms.strings(inLine:)).joined(separator: "\n")
        let lost = attack.keeps.filter { !joined.contains($0) }.count
        #expect(lost == 0, "\(lost) keep-list items lost: \(attack.testDescription)")
    }

    @Test(
        "redacting twice changes nothing, and detection finds nothing in redacted text", arguments: PrivacyAttacks.all)
    func redactionIsIdempotentAndClean(attack: PrivacyAttack) {
        let redactor = Redactor(key: .random())
        let once = redactor.redact(text: attack.text)
        let stable = redactor.redact(text: once) == once
        #expect(stable, "second pass changed the text: \(attack.testDescription)")
        let findings = Array(once.utf8).withUnsafeBytes { Redactor.findings(in: $0) }
        #expect(
            findings.isEmpty, "detection found \(findings.map(\.rawValue)) in redacted text: \(attack.testDescription)")
        let before = Array(attack.text.utf8).withUnsafeBytes { Redactor.findings(in: $0) }
        #expect(!before.isEmpty, "detection missed the planted item: \(attack.testDescription)")
    }

    @Test("userInfo strings the classifier reads are scanned too")
    func userInfoStringsAreScanned() throws {
        let attacked = try AttackedTrail()
        defer { attacked.directory.remove() }
        let email = "ulmira.saxe@contoso.com"
        let error = NSError(
            domain: "MSALErrorDomain", code: -50002,
            userInfo: [
                "MSALErrorDescriptionKey": "refresh failed for \(email)",
                "MSALOAuthErrorKey": "invalid_grant \(email)",
                "MSALOAuthSubErrorKey": "bad_token for \(email)",
                "MSALCorrelationIDKey": "\(email)",
                "MSALGrantedScopesKey": ["User.Read", email],
                "MSALDeclinedScopesKey": ["Mail.Read", "token=\(PrivacyAttacks.opaqueAccess)"],
                "MSALDisplayableUserIdKey": email,
                "MSALHomeAccountIdKey": "9c1d5a7e-3b2f-4e6a-8d0c-1f2e3d4c5b6a.72f988bf-86f1-41af-91ab-2d7cd011db47",
                "MSALHTTPHeadersKey": ["WWW-Authenticate": "Bearer realm=\"\", claims=\"\(email)\""],
                NSUnderlyingErrorKey: NSError(
                    domain: "NSURLErrorDomain", code: -1009, userInfo: [NSLocalizedDescriptionKey: email]),
            ])
        let failure = attacked.trail.beginAcquisition(.silent, scopes: ["User.Read"]).failed(error)
        #expect(failure.oauthError != nil)
        let lines = try attacked.lines()
        let leaks = LeakForms.leaked(["ulmira", PrivacyAttacks.opaqueAccess, "9c1d5a7e-3b2f"], in: lines).count
        #expect(leaks == 0, "\(leaks) planted userInfo items readable in the segment")
        let joined = lines.joined()
        let keepsSurvive =
            joined.contains("User.Read") && joined.contains("Mail.Read") && joined.contains("invalid_grant")
        #expect(keepsSurvive, "scopes or the OAuth error were lost")
    }

    @Test("swift-log metadata, nested dictionaries and arrays included, is redacted by key and by content")
    func swiftLogMetadataIsRedacted() throws {
        let attacked = try AttackedTrail()
        defer { attacked.directory.remove() }
        var logger = Logger(label: "com.contoso.app.auth") { TrailLogHandler(label: $0, trail: attacked.trail) }
        logger[metadataKey: "user.email"] = "odrin.vale@contoso.com"
        logger.warning(
            "token refresh failed",
            metadata: [
                "access_token": "\(PrivacyAttacks.opaqueAccess)",
                "account": ["upn": "odrin.vale@contoso.com", "oid": "9c1d5a7e-3b2f-4e6a-8d0c-1f2e3d4c5b6a"],
                "recent": ["odrin.v@contoso.com", "\(PrivacyAttacks.jwt)"],
                "Authorization": "Bearer \(PrivacyAttacks.refreshToken)",
                "correlation_id": "\(PrivacyAttacks.correlation)",
                "displayName": "Odrin Valequist",
            ])
        let lines = try attacked.lines()
        let needles = [
            "odrin", PrivacyAttacks.opaqueAccess, PrivacyAttacks.jwtPayload, "VrynMoonStone", "9c1d5a7e-3b2f",
            "valequist",
        ]
        let leaks = LeakForms.leaked(needles, in: lines).count
        #expect(leaks == 0, "\(leaks) planted metadata items readable in the segment")
        let correlationSurvives = lines.joined().contains(PrivacyAttacks.correlation)
        #expect(correlationSurvives, "the correlation id was lost")
    }

    /// A token and where MSAL's wrapping cut it; the arguments print as names, never as the token.
    enum WrappedToken: String, CaseIterable, CustomTestStringConvertible {
        case jwtAtAThird, jwtInTheMiddle, jwtInTheHeader, refreshTokenInTheMiddle, longOpaqueTokenAtAThird
        var testDescription: String { rawValue }
        var token: String {
            switch self {
            case .jwtAtAThird, .jwtInTheMiddle, .jwtInTheHeader: PrivacyAttacks.jwt
            case .refreshTokenInTheMiddle: PrivacyAttacks.refreshToken
            case .longOpaqueTokenAtAThird: PrivacyAttacks.refreshToken + PrivacyAttacks.opaqueAccess
            }
        }
        var divisor: Int {
            switch self {
            case .jwtAtAThird, .longOpaqueTokenAtAThird: 3
            case .jwtInTheMiddle, .refreshTokenInTheMiddle: 2
            case .jwtInTheHeader: 5
            }
        }
    }

    @Test("a token MSAL wrapped over two log lines is removed from both halves", arguments: WrappedToken.allCases)
    func wrappedTokensAreRemoved(wrapped: WrappedToken) throws {
        let token = wrapped.token
        let divisor = wrapped.divisor
        let attacked = try AttackedTrail()
        defer { attacked.directory.remove() }
        let split = token.index(token.startIndex, offsetBy: token.count / divisor)
        let prefix = "TID=4711 MSAL 2.14.0 iOS 18.2 [2026-11-22 10:00:00 - \(PrivacyAttacks.correlation)] "
        let bridge = MSALLogBridge(trail: attacked.trail)
        bridge.log(level: 4, message: prefix + "Token response: id_token " + token[..<split], containsPII: true)
        bridge.log(level: 4, message: prefix + token[split...] + " (continued)", containsPII: true)
        let lines = try attacked.lines()
        #expect(lines.count == 2)
        let halves = [String(token[..<split]), String(token[split...])]
        let leaks = LeakForms.leaked(halves, in: lines).count
        #expect(leaks == 0, "\(leaks) of 2 halves of a wrapped token readable: \(wrapped)")
    }

    @Test("deliberately unhandled forms are known limitations", arguments: PrivacyAttacks.knownLimitations)
    func knownLimitations(attack: PrivacyAttack) {
        let redacted = Redactor(key: .random()).redact(text: attack.text)
        withKnownIssue("not recognised by the engine: \(attack.name)") {
            let leaks = LeakForms.leaked(attack.needles, in: [redacted]).count
            #expect(leaks == 0, "planted item readable: \(attack.testDescription)")
        }
    }

    @Test("the attack table is docs/RELIABILITY.md's: nine families, 50 rows, 72 planted items")
    func tableIsTheDocumentedOne() {
        // docs/RELIABILITY.md, "Privacy under attack": family, rows, planted items.
        let documented: [String: (rows: Int, items: Int)] = [
            "error description": (4, 5), "nested JSON": (5, 9), "URL encoding": (6, 10), "mixed case": (5, 8),
            "Unicode look-alike": (10, 13), "JWT variant": (6, 10), "IPv6": (7, 7), "path": (4, 4),
            "redirect URI": (3, 6),
        ]
        let families = Dictionary(grouping: PrivacyAttacks.all, by: \.family)
        #expect(Set(families.keys) == Set(documented.keys))
        for (family, expected) in documented {
            let attacks = families[family] ?? []
            #expect(attacks.count == expected.rows, "\(family): rows")
            #expect(attacks.map(\.needles.count).reduce(0, +) == expected.items, "\(family): planted items")
        }
        #expect(PrivacyAttacks.all.count == 50)
        #expect(PrivacyAttacks.all.map(\.needles.count).reduce(0, +) == 72)
        // Every row goes through the five channels: 360 planted items checked.
        #expect(PrivacyAttacks.all.map(\.needles.count).reduce(0, +) * 5 == 360)
    }
}

import AuthTrail
import AuthTrailTestSupport
import Foundation

/// A deterministic corpus of realistic MSAL log lines, URLs, JSON bodies and prose with planted secrets, identifiers
/// and keep-list items. Generated in code (same seed, same corpus) so it needs no fixture and holds no real data.
enum RedactionCorpus {
    /// `rounds` passes over every template; each pass plants at least one item of every kind.
    static func make(rounds: Int = 320, seed: UInt64 = 0x5EED) -> [CorpusSnippet] {
        var random = Values(seed: seed)
        var snippets = [CorpusSnippet]()
        for _ in 0..<rounds {
            for (context, template) in templates {
                var builder = SnippetBuilder()
                let text = template(&builder, &random)
                snippets.append(CorpusSnippet(context: context, text: text, planted: builder.planted))
            }
        }
        return snippets
    }

    typealias Template = @Sendable (inout SnippetBuilder, inout Values) -> String

    /// `TID=4711 (main thread) MSAL 2.14.0 iOS 18.2 [2025-07-01 09:15:42 - 5E3A…] [MSAL] `
    static func header(_ b: inout SnippetBuilder, _ r: inout Values) -> String {
        let thread = r.pick(["(main thread)", "com.microsoft.msidlogger", ""])
        let os = r.pick(["iOS 18.2", "iOS Sim 17.5", "Mac 14.6.1"])
        return "TID=\(r.int(100...99_999))\(thread.isEmpty ? "" : " " + thread) MSAL 2.14.0 \(os) "
            + "[\(b.keep("timestamp", r.msalTimestamp())) - \(b.keep("correlation id", r.guid().uppercased()))] [MSAL] "
    }

    static let templates: [(String, Template)] = [
        (
            "MSAL line, email",
            { b, r in
                header(&b, &r) + "Acquiring token silently for account \(b.identifier(.email, r.email())), scopes "
                    + "\(b.keep("scope", "User.Read")) \(b.keep("scope", r.pick(["Mail.Read", "Files.ReadWrite.All", "Calendars.Read"])))"
            }
        ),
        (
            "MSAL line, home account id and object id",
            { b, r in
                header(&b, &r)
                    + "Found account in cache. Home account id: \(b.identifier(.account, r.guid() + "." + r.guid())), "
                    + "object id \(b.identifier(.oid, r.guid())), tenant id \(b.keep("tenant id", r.guid()))"
            }
        ),
        (
            "MSAL line, device id and IPv4",
            { b, r in
                header(&b, &r) + "Device ID: \(b.identifier(.device, r.guid().uppercased())) registered; request from "
                    + "\(b.identifier(.ip, r.ipv4())) to \(b.keep("authority host", "login.microsoftonline.com"))"
            }
        ),
        (
            "MSAL line, server error",
            { b, r in
                let code = r.pick(["50076", "50079", "700082", "65001", "53003"])
                return header(&b, &r)
                    + "Error Domain=\(b.keep("error domain", "MSALErrorDomain")) Code=\(b.keep("error code", "-50002")) "
                    + "\"\(b.keep("AADSTS code", "AADSTS" + code)): The user or administrator has not consented. Trace ID: "
                    + "\(b.keep("trace id", r.guid())) Correlation ID: \(b.keep("correlation id", r.guid())) Timestamp: "
                    + "\(b.keep("timestamp", r.stsTimestamp()))\" UserInfo={MSALInternalErrorCodeKey=\(b.keep("sub-code", "-42011")), "
                    + "MSALHTTPResponseCodeKey=\(b.keep("HTTP status", r.pick(["400", "429", "503"]))), "
                    + "username=\(b.identifier(.username, r.username())), MSALErrorDescriptionKey=signed in as "
                    + "\(b.identifier(.email, r.email()))}"
            }
        ),
        (
            "MSAL line, token response",
            { b, r in
                header(&b, &r)
                    + "Token response: {\"token_type\":\"Bearer\",\"scope\":\"\(b.keep("scope", "User.Read"))\","
                    + "\"access_token\":\"\(b.secret("access token", r.jwt()))\",\"refresh_token\":\"\(b.secret("refresh token", r.refreshToken()))\","
                    + "\"id_token\":\"\(b.secret("id token", r.jwt()))\",\"client_info\":\"\(b.keep("client info", "eyJ1aWQiOiIxIn0"))\"}"
                    + "; cached id token \(b.secret("bare JWT", r.jwt())) for \(b.keep("scope", "offline_access"))"
            }
        ),
        (
            "HTTP trace, bearer",
            { b, r in
                "GET https://\(b.keep("graph host", "graph.microsoft.com"))/v1.0/me HTTP/1.1\nAuthorization: Bearer "
                    + "\(b.secret("bearer JWT", r.jwt()))\nclient-request-id: \(b.keep("client request id", r.guid()))\n"
                    + "Authorization: Bearer \(b.secret("bearer opaque token", r.opaqueToken()))\n"
                    + "HTTP/1.1 \(b.keep("HTTP status", "401")) Unauthorized"
            }
        ),
        (
            "HTTP trace, basic",
            { b, r in
                "POST https://proxy.contoso.com/ HTTP/1.1\r\nAuthorization: Basic \(b.secret("basic credentials", r.base64(24)))\r\n"
                    + "x-ms-request-id: \(b.keep("request id", r.guid()))\r\n"
            }
        ),
        (
            "authorize URL",
            { b, r in
                "https://\(b.keep("authority host", "login.microsoftonline.com"))/common/oauth2/v2.0/authorize?client_id="
                    + "\(b.keep("client id", r.guid()))&response_type=code&scope=\(b.keep("scope", "openid"))%20offline_access"
                    + "&login_hint=\(b.identifier(.upn, r.email().replacingOccurrences(of: "@", with: "%40")))&state="
                    + "\(b.secret("state", r.base64url(22)))&nonce=\(b.secret("nonce", r.base64url(16)))"
                    + "&id_token_hint=\(b.secret("id token hint", r.jwt()))"
            }
        ),
        (
            "redirect URL",
            { b, r in
                "msauth.com.contoso.app://auth?code=\(b.secret("authorization code", r.authorizationCode()))&state="
                    + "\(b.secret("state", r.base64url(30)))&session_state=\(b.keep("session state", r.guid()))"
                    + " then #access_token=\(b.secret("fragment access token", r.jwt()))&token_type=Bearer"
            }
        ),
        (
            "token request form",
            { b, r in
                "POST /\(b.keep("tenant id", r.guid()))/oauth2/v2.0/token grant_type=refresh_token&client_id="
                    + "\(b.keep("client id", r.guid()))&refresh_token=\(b.secret("refresh token", r.refreshToken()))"
                    + "&client_secret=\(b.secret("client secret", r.clientSecret()))&client_assertion_type=jwt-bearer"
                    + "&client_assertion=\(b.secret("client assertion", r.jwt()))&password=\(b.secret("password", r.password()))"
            }
        ),
        (
            "proxy URL with password",
            { b, r in
                "Using proxy http://\(b.identifier(.username, r.username())):\(b.secret("URL password", r.password()))@"
                    + "\(b.identifier(.ip, r.ipv4())):8080/ and https://\(b.identifier(.username, r.username())):"
                    + "\(b.secret("URL password", r.password()))@proxy.contoso.com/pac"
            }
        ),
        (
            "ID token claims JSON",
            { b, r in
                let email = r.email()
                return "{\"aud\":\"\(b.keep("client id", r.guid()))\",\"iss\":\"https://login.microsoftonline.com/"
                    + "\(b.keep("tenant id", r.guid()))/v2.0\",\"name\":\"\(b.identifier(.name, r.fullName()))\","
                    + "\"preferred_username\":\"\(b.identifier(.upn, email))\",\"email\":\"\(b.identifier(.email, r.email()))\","
                    + "\"oid\":\"\(b.identifier(.oid, r.guid()))\",\"tid\":\"\(b.keep("tenant id", r.guid()))\","
                    + "\"given_name\": \"\(b.identifier(.name, r.firstName() + String(r.int(10...99))))\", \"mobilePhone\": "
                    + "\"\(b.identifier(.phone, r.phone()))\", \"home_account_id\": \"\(b.identifier(.account, r.guid() + "." + r.guid()))\"}"
            }
        ),
        (
            "attributes JSON",
            { b, r in
                "{\"device_id\": \"\(b.identifier(.device, r.hex(32)))\", \"correlation_id\": \"\(b.keep("correlation id", r.guid()))\", "
                    + "\"ip_address\": \"\(b.identifier(.ip, r.ipv6()))\", \"login_name\": \"\(b.identifier(.username, r.username()))\", "
                    + "\"displayName\": \"\(b.identifier(.name, r.fullName()))\", \"error_codes\": [\(b.keep("AADSTS code", "50076"))], "
                    + "\"error\": \"\(b.keep("OAuth error", "invalid_grant"))\", \"suberror\": \"\(b.keep("OAuth suberror", "basic_action"))\"}"
            }
        ),
        (
            "prose with phones and addresses",
            { b, r in
                "The user called support from \(b.identifier(.phone, r.phone())) and later from \(b.identifier(.phone, r.usPhone())); "
                    + "their Mac was at \(b.identifier(.ip, r.ipv6())) (then \(b.identifier(.ip, r.ipv4()))). The failure was "
                    + "\(b.keep("error domain", "NSURLErrorDomain")) \(b.keep("error code", "-1009")) at "
                    + "\(b.keep("timestamp", r.isoTimestamp()))."
            }
        ),
        (
            "prose with paths",
            { b, r in
                "Crash log written to /Users/\(b.identifier(.user, r.username()))/Library/Logs/DiagnosticReports/app.ips, "
                    + "mirrored to /home/\(b.identifier(.user, r.username()))/.cache/authtrail and "
                    + "C:\\Users\\\(b.identifier(.user, r.username()))\\AppData\\Local\\Temp\\msal.log while operation "
                    + "\(b.keep("operation id", r.guid())) was retried (HTTP \(b.keep("HTTP status", "429")), Retry-After 30)."
            }
        ),
        (
            "PEM key in prose",
            { b, r in
                let line = b.secret("PEM key", r.base64(64))
                return "Loaded certificate credential:\n-----BEGIN PRIVATE KEY-----\n\(line)\n\(r.base64(64))\n"
                    + "-----END PRIVATE KEY-----\nthen continued with client \(b.keep("client id", r.guid()))"
            }
        ),
        (
            "key value prose",
            { b, r in
                "sign-in attempt: user: \(b.identifier(.email, r.email())) upn=\(b.identifier(.upn, r.email())) "
                    + "oid=\(b.identifier(.oid, r.guid())) client_id=\(b.keep("client id", r.guid())) password: "
                    + "\(b.secret("password", r.password())) phone: \(b.identifier(.phone, r.phone())) "
                    + "refresh token \(b.secret("bare refresh token", r.refreshToken())) ended with "
                    + "\(b.keep("error code name", "interactionRequired"))"
            }
        ),
    ]
}

/// Deterministic fake values: names, emails, GUIDs, tokens and addresses.
struct Values {
    private var random: SplitMix64
    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    mutating func pick(_ choices: [String]) -> String { choices[int(0...(choices.count - 1))] }
    mutating func guid() -> String { random.uuid() }

    mutating func characters(_ alphabet: String, _ count: Int) -> String {
        let alphabet = Array(alphabet)
        return String((0..<count).map { _ in alphabet[int(0...(alphabet.count - 1))] })
    }

    mutating func hex(_ count: Int) -> String { characters("0123456789abcdef", count) }
    mutating func base64url(_ count: Int) -> String {
        // Always mixed: a leading capital, lower case and a digit, like real tokens.
        "Q" + characters("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_", count - 3) + "z7"
    }
    mutating func base64(_ count: Int) -> String {
        "M" + characters("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+/", count - 3) + "k9"
    }

    mutating func firstName() -> String {
        pick([
            "Megan", "Adele", "Alex", "Diego", "Isaiah", "Johanna", "Lee", "Lidia", "Lynne", "Nestor", "Patti",
            "Pradeep",
            "Grady", "Henrietta", "Irvin", "Joni", "Miriam", "Christie", "Debra", "Allan", "Zoë", "José",
        ])
    }
    mutating func lastName() -> String {
        pick([
            "Bowen", "Vance", "Wilber", "Siciliani", "Langer", "Lauer", "Gu", "Holt", "Valdes", "Wilke", "Fernandes",
            "Gupta", "Archie", "Mueller", "Sherman", "Cline", "Cameron", "Berg", "Deyoung", "Müller", "O'Neil",
        ])
    }
    mutating func fullName() -> String {
        "\(firstName()) \(lastName()) \(pick(["", "Jr.", "(Contoso)"]))\(int(1...999))"
    }

    mutating func email() -> String {
        let local = [
            "\(firstName().lowercased()).\(lastName().lowercased())\(int(1...9999))",
            "\(firstName())\(int(10...99_999))", "\(hex(6))+auth\(int(1...99))", "user_\(int(1000...999_999))",
        ][int(0...3)].replacingOccurrences(of: "'", with: "").replacingOccurrences(of: "ë", with: "e")
            .replacingOccurrences(of: "é", with: "e").replacingOccurrences(of: "ü", with: "u")
        let domain = pick([
            "contoso.com", "Fabrikam.onmicrosoft.com", "woodgrove.co.uk", "outlook.com", "mail.example.org",
        ])
        return "\(local)@\(domain)"
    }

    mutating func username() -> String {
        "\(pick(["megan", "adele", "diego", "jdoe", "admin_", "svc-"]))\(hex(5))\(int(10...99))"
    }
    mutating func password() -> String {
        characters("abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789!$*-_~", 14) + "9a"
    }

    mutating func jwt() -> String {
        "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9." + "eyJ" + base64url(int(60...400)) + "." + base64url(int(43...342))
    }
    mutating func refreshToken() -> String { "\(pick(["0", "1"])).A" + base64url(int(40...180)) + "." + base64url(20) }
    mutating func authorizationCode() -> String {
        int(0...1) == 0 ? "0.A" + base64url(int(60...300)) : "M.C5\(int(10...99))_BAY.2.U." + base64url(36)
    }
    mutating func opaqueToken() -> String { "EwB" + base64url(int(60...200)) }
    mutating func clientSecret() -> String {
        characters("abcdefghijklmnopqrstuvwxyz", 3) + "\(int(1...9))Q~" + base64url(34)
    }

    mutating func phone() -> String {
        [
            "+1 425 555 \(int(1000...9999))", "+44 20 7946 \(int(1000...9999))", "+49 (30) \(int(100_000...999_999))",
            "+1-206-555-\(int(1000...9999))", "+33 1 42 68 \(int(10...99)) \(int(10...99))",
        ][int(0...4)]
    }
    mutating func usPhone() -> String {
        int(0...1) == 0 ? "(\(int(201...989))) 555-\(int(1000...9999))" : "\(int(201...989))-555-\(int(1000...9999))"
    }

    mutating func ipv4() -> String {
        "\(pick(["203.0.113", "198.51.100", "10.\(int(0...255)).\(int(0...255))", "172.16.\(int(0...255))"])).\(int(1...254))"
    }
    mutating func ipv6() -> String {
        int(0...1) == 0
            ? "2001:db8:\(hex(4)):\(hex(3))::\(hex(4))"
            : "fe80::\(hex(4)):\(hex(4)):\(hex(4)):\(hex(4))%en0"
    }

    mutating func msalTimestamp() -> String {
        String(format: "2025-%02d-%02d %02d:%02d:%02d", int(1...12), int(1...28), int(0...23), int(0...59), int(0...59))
    }
    mutating func stsTimestamp() -> String {
        String(
            format: "2025-%02d-%02d %02d:%02d:%02dZ",
            int(1...12),
            int(1...28),
            int(0...23),
            int(0...59),
            int(0...59)
        )
    }
    mutating func isoTimestamp() -> String {
        String(
            format: "2026-11-%02dT%02d:%02d:%02d.%03dZ",
            int(1...28),
            int(0...23),
            int(0...59),
            int(0...59),
            int(0...999)
        )
    }
}

import AuthTrailAnalysis
import AuthTrailTestSupport
import Foundation
import Testing

/// Real pastes from public issue threads (sources in each fixture's first line, identifiers replaced by fake ones),
/// with what a person reading them would say each error is: domain, code, sub-code, OAuth error and suberror, STS
/// codes, HTTP status, Retry-After, correlation id and nesting depth, in the order they appear.
@Suite("errors pasted from real tickets are each recognised")
struct PastedErrorFixtureTests {
    /// What a reader sees in one error: every field, checked exactly (nil: the paste does not say).
    struct Expected: Sendable, CustomStringConvertible {
        var domain: String
        var code: Int
        var subcode: Int? = nil
        var sts: [Int] = []
        var b2c: [Int] = []
        var http: Int? = nil
        var retryAfter: Int? = nil
        var depth = 0
        var oauthError: String? = nil
        var suberror: String? = nil
        var correlation: String? = nil
        /// `exact`, `namedDomain` or `inferred` (`PastedError.Confidence`).
        var confidence = "exact"
        var description: String { "\(domain) \(code)" }
    }

    static let msal = "MSALErrorDomain"
    static let webAuthentication = "com.apple.AuthenticationServices.WebAuthenticationSession"

    static let table: [(String, [Expected])] = [
        ("01-usercanceled-nserror.txt", [Expected(domain: msal, code: -50005)]),
        (
            "02-access-denied-userinfo-description.txt",
            [Expected(domain: msal, code: -50000, subcode: -42104, oauthError: "access_denied")]
        ),
        (
            "03-session-already-running.txt",
            [Expected(domain: msal, code: -50000, subcode: -42402, correlation: "ef0e0f78-758c-4293-8a1e-37cda1c0c579")]
        ),
        (
            "04-broker-no-response.txt",
            [Expected(domain: msal, code: -50000, subcode: -42700, correlation: "73cbc443-8292-44bf-b763-db6f5996e5c8")]
        ),
        ("05-optional-localized.txt", [Expected(domain: msal, code: -50000)]),
        ("06-osstatus-entitlement.txt", [Expected(domain: "NSOSStatusErrorDomain", code: -34018)]),
        ("07-binding-errorcode.txt", [Expected(domain: msal, code: -50000, subcode: -42000)]),
        ("08-log-tuple.txt", [Expected(domain: msal, code: -50000)]),
        ("09-platform-exception-straight-apostrophe.txt", [Expected(domain: msal, code: -50000)]),
        (
            "10-msid-keychain.txt",
            [
                Expected(
                    domain: "MSIDKeychainErrorDomain", code: -25308,
                    correlation: "56d43adc-af1e-46af-9466-13845e8aba23")
            ]
        ),
        ("11-msid-log-phrase.txt", [Expected(domain: "MSIDOAuthErrorDomain", code: -51440)]),
        (
            "12-b2c-forgot-password.txt",
            [Expected(domain: msal, code: -50000, b2c: [90118], correlation: "7553500f-d946-43c1-a7a4-c4b94727c09b")]
        ),
        (
            "13-sts-json-body.txt",
            [70002, 70000].map {
                Expected(
                    domain: "AADSTS", code: $0, http: 400, oauthError: "invalid_grant",
                    correlation: "c7f33b6a-5683-4fff-be74-ffba44a27abc")
            }
        ),
        (
            "14-sts-9002313.txt",
            [
                Expected(
                    domain: "AADSTS", code: 9_002_313, oauthError: "invalid_grant",
                    correlation: "bd487592-f96d-48f0-b095-f9ade4b75d45")
            ]
        ),
        (
            "15-msal-net-exception.txt",
            [
                Expected(
                    domain: "AADSTS", code: 70000, oauthError: "invalid_grant",
                    correlation: "6fb3cb29-c7f9-4dfb-a160-709ab2dc3447")
            ]
        ),
        ("16-nslog-prefixes.txt", [Expected(domain: msal, code: -50000)]),
        ("17-intune-prose.txt", [Expected(domain: msal, code: -50000)]),
        ("18-tilde-minus.txt", [Expected(domain: msal, code: -50000)]),
        (
            "19-log-returning-and-flow-finished.txt",
            [
                Expected(domain: msal, code: -50005, correlation: "30335059-0748-4504-b76c-27f0c99c7881"),
                Expected(domain: "MSIDErrorDomain", code: -51700, correlation: "30335059-0748-4504-b76c-27f0c99c7881"),
            ]
        ),
        // The error logged with itself as its description reads as one error.
        (
            "20-wrapped-description.txt",
            [Expected(domain: msal, code: -50000, subcode: -42104, oauthError: "access_denied")]
        ),
        (
            "21-nested-b2c-grant-revoked.txt",
            [
                Expected(
                    domain: msal, code: -50002, oauthError: "invalid_grant",
                    correlation: "9cb85855-62a1-4efe-99fe-4ee364304b15"),
                Expected(
                    domain: msal, code: -50000, b2c: [90129], depth: 1,
                    correlation: "a8589387-c7bc-429d-9322-1fe0f390de77"),
            ]
        ),
        (
            "22-appsso-nested-url-error.txt",
            [
                Expected(domain: "NSURLErrorDomain", code: -1012, correlation: "8c5beed2-d931-4caf-bd5a-b692c38e1fa5"),
                Expected(domain: "kCFErrorDomainCFNetwork", code: -1012, depth: 1),
                Expected(domain: "com.apple.AppSSO.AuthorizationError", code: -9, depth: 2),
            ]
        ),
        // The same MSAL error logged twice reads as one.
        (
            "23-webauth-context-then-internal.txt",
            [
                Expected(domain: webAuthentication, code: 2),
                Expected(
                    domain: msal, code: -50000, subcode: -50000, correlation: "18f986a3-1e8f-4496-b361-da226475aeb9"),
            ]
        ),
        (
            "24-log-processing-aad-error.txt",
            [
                Expected(
                    domain: "MSIDOAuthErrorDomain", code: -51412, oauthError: "invalid_grant",
                    correlation: "748eb11b-80fe-4532-ba08-7bc06d04599f"),
                Expected(domain: msal, code: -50002, correlation: "748eb11b-80fe-4532-ba08-7bc06d04599f"),
            ]
        ),
        (
            "25-invalid-state-and-log.txt",
            [
                Expected(
                    domain: msal, code: -50000, subcode: -42501, correlation: "6fb5feb1-0af4-4f44-a80e-2f985a7b7546"),
                Expected(
                    domain: "MSIDOAuthErrorDomain", code: -51420, correlation: "6fb5feb1-0af4-4f44-a80e-2f985a7b7546"),
                Expected(domain: msal, code: -50000, correlation: "6fb5feb1-0af4-4f44-a80e-2f985a7b7546"),
            ]
        ),
        (
            "26-webauth-log-phrase.txt",
            [Expected(domain: webAuthentication, code: 3, correlation: "63cd1bfd-118a-4390-81a1-d702b8e18f4b")]
        ),
        (
            "27-intune-log-tuple-apple-domain.txt",
            [Expected(domain: webAuthentication, code: 3, correlation: "dd636ef2-49c3-42fd-ad1f-c72daaa246e3")]
        ),
        ("28-localized-webauth.txt", [Expected(domain: webAuthentication, code: 3)]),
        (
            "29-bare-domain-error.txt",
            [
                Expected(domain: webAuthentication, code: 2),
                // Misspelt by the reporter; read as written.
                Expected(domain: "com.apple.AuthenticationService.WebAuthenticationService", code: 2),
            ]
        ),
        ("30-no-account-silent.txt", [Expected(domain: msal, code: -50002)]),
        (
            "31-sts-escaped-description.txt",
            [Expected(domain: "AADSTS", code: 7_000_218, correlation: "43cae2ea-5071-46e6-ac5b-3d70b5e3c372")]
        ),
        (
            "32-sts-json-error-description.txt",
            [Expected(domain: "AADSTS", code: 900_144, correlation: "d19ed803-ed48-4b6c-949b-76bc6106112b")]
        ),
        ("33-b2c-could-not-acquire.txt", [Expected(domain: msal, code: -50000, subcode: -42008)]),
        ("34-generic-objc-error.txt", [Expected(domain: "Foundation._GenericObjCError", code: 0)]),
        ("35-msal-net-throttled.txt", [Expected(domain: "HTTP", code: 429, retryAfter: 60)]),
        ("36-webauth-context-nserror.txt", [Expected(domain: webAuthentication, code: 2)]),
        ("37-sts-invalid-request-prose.txt", [Expected(domain: "AADSTS", code: 90027, oauthError: "invalid_request")]),
        // Pasted from the middle of the userInfo, `+`-encoded: MSALInternalErrorCodeKey says the error is -50000.
        (
            "38-objc-1261-plus-encoded-mid-error.txt",
            [
                Expected(
                    domain: msal, code: -50000, subcode: -42104, sts: [500_011], oauthError: "invalid_resource",
                    correlation: "8b19818c-fac5-48f8-a2f1-010e4f69419d")
            ]
        ),
        // MSALCorrelationIDKey is the error's own; the description's `Correlation+ID:` is the server's.
        (
            "39-objc-2650-b2c-server-error-swift-dump.txt",
            [
                Expected(
                    domain: msal, code: -50000, subcode: -50006, b2c: [90027], oauthError: "server_error",
                    correlation: "56643661-3957-410b-bfb1-d92d955789c5")
            ]
        ),
        // The correlation id was masked by the reporter.
        (
            "40-nativescript-164-percent-encoded-redirect.txt",
            [Expected(domain: "AADB2C", code: 90118, oauthError: "access_denied")]
        ),
        (
            "41-azure-docs-20128-b2c-plus-encoded.txt",
            [Expected(domain: "AADB2C", code: 90118, correlation: "0124482e-0fd6-4576-89aa-aa257312a694")]
        ),
        (
            "42-msal-js-3413-interaction-required-consent.txt",
            [
                Expected(
                    domain: "AADSTS", code: 65001, oauthError: "invalid_grant",
                    correlation: "ff89059d-c127-410c-9a30-6da5f5fd438d")
            ]
        ),
        // No STS code in the line: the HTTP status is the error, with the log header's correlation id.
        (
            "43-dotnet-673-xamarin-ui-required-log.txt",
            [
                Expected(
                    domain: "HTTP", code: 400, oauthError: "invalid_grant",
                    correlation: "1068f1c4-cf72-4d1f-8a63-51f40748a7c8")
            ]
        ),
        (
            "44-identity-web-853-http-statuscode-line.txt",
            [Expected(domain: "HTTP", code: 400, oauthError: "invalid_grant")]
        ),
        (
            "45-dotnet-3665-obo-mfa-message.txt",
            [Expected(domain: "AADSTS", code: 50076, correlation: "70fee1b3-4ec2-4bcd-8637-471686d69b2e")]
        ),
        (
            "46-azure-tools-java-7563-msal4j-interaction-required.txt",
            [Expected(domain: "AADSTS", code: 50076, correlation: "e2b48d4e-8cb3-42a1-8061-2fd90d8c07df")]
        ),
        (
            "47-azure-docs-16399-two-sts-codes.txt",
            [70002, 500_133].map {
                Expected(
                    domain: "AADSTS", code: $0, oauthError: "invalid_grant",
                    correlation: "b823c2c0-55df-4131-b9ab-6192fb5f5bd8")
            }
        ),
        (
            "48-msal-android-1869-oauth-error-before-code.txt",
            [
                Expected(domain: "AADSTS", code: 50173, oauthError: "invalid_grant"),
                Expected(domain: "AADSTS", code: 50078, oauthError: "invalid_grant"),
            ]
        ),
        (
            "49-msal-mobile-6-flutter-semicolon.txt",
            [Expected(domain: "AADSTS", code: 500_011, oauthError: "invalid_resource")]
        ),
        (
            "50-b2c-dotnetcore-59-redirect-uri-mismatch.txt",
            [
                Expected(
                    domain: "AADB2C", code: 90006, oauthError: "redirect_uri_mismatch",
                    correlation: "8f75359e-009f-44e3-b537-3f85f58cdd9c")
            ]
        ),
        // The page repeats the message after the ids: one error.
        (
            "51-uno-todo-180-sign-in-page.txt",
            [Expected(domain: "AADSTS", code: 50011, correlation: "563004c8-c25f-4192-8c01-1fa7047ee614")]
        ),
        ("52-objc-2866-redirect-uri-bundle-mismatch.txt", [Expected(domain: msal, code: -50000, subcode: -42011)]),
        ("53-dotnet-1134-b2c-90273-exception-prose.txt", [Expected(domain: "AADB2C", code: 90273)]),
        (
            "54-msal4j-402-b2c-90085-java-stack.txt",
            [Expected(domain: "AADB2C", code: 90085, correlation: "fe0fbc52-c507-4e1c-b1dc-198dca4e1190")]
        ),
        (
            "55-b2c-webapp-8-invalid-grant-json.txt",
            [
                Expected(
                    domain: "AADB2C", code: 90085, oauthError: "invalid_grant",
                    correlation: "4810f417-400c-4410-a312-00f528dd4490")
            ]
        ),
        // Described rather than pasted: a log line naming a status, a code then its domain, a title without the minus.
        (
            "56-b2c-ios-swift-51-keychain-find-status.txt",
            [Expected(domain: "NSOSStatusErrorDomain", code: -34018, confidence: "inferred")]
        ),
        (
            "57-objc-698-keychain-code-then-domain.txt",
            [Expected(domain: "MSIDKeychainErrorDomain", code: -34018, confidence: "namedDomain")]
        ),
        (
            "58-mobile-apple-79-title-code-without-minus.txt",
            [Expected(domain: "NSOSStatusErrorDomain", code: -34018, confidence: "inferred")]
        ),
        (
            "59-dotnet-3078-title-b2c-exception.txt",
            [Expected(domain: "AADB2C", code: 90083, oauthError: "invalid_request")]
        ),
        // Exception types and stack frames with no code: nothing to explain, everything to keep through redact.
        ("60-dotnet-4412-service-not-available-frames.txt", []),
        ("61-m365dsc-7255-dotnet-throw-server-exception.txt", []),
        ("62-dotnet-1276-quoted-b2c-code.txt", [Expected(domain: "AADB2C", code: 90118)]),
        ("63-jjgnet-83-appinsights-exception-type.txt", []),
    ]

    static var fixtures: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Pastes")
    }

    static func paste(_ name: String) throws -> String {
        let text = try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)
        // The first line names the source.
        return text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).dropFirst().joined()
    }

    @Test("every fixture has a row and a source line")
    func everyFixtureHasARow() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path).filter {
            $0.hasSuffix(".txt")
        }
        #expect(Set(names) == Set(Self.table.map(\.0)))
        for name in names {
            let text = try String(contentsOf: Self.fixtures.appendingPathComponent(name), encoding: .utf8)
            #expect(text.hasPrefix("# source: "), "\(name)")
        }
    }

    @Test("each error in the paste, outermost first, with its sub-code, STS codes and HTTP status", arguments: table)
    func recognised(name: String, expected: [Expected]) throws {
        let found = PastedErrorScanner.errors(in: try Self.paste(name))
        #expect(found.count == expected.count, "\(name): \(found.map { "\($0.domain) \($0.code)" })")
        for (error, want) in zip(found, expected) {
            #expect(error.domain == want.domain, "\(name)")
            #expect(error.code == want.code, "\(name)")
            #expect(error.subcode == want.subcode, "\(name)")
            #expect(error.stsErrorCodes == want.sts, "\(name)")
            #expect(error.b2cErrorCodes == want.b2c, "\(name)")
            #expect(error.httpStatus == want.http, "\(name)")
            #expect(error.retryAfterSeconds == want.retryAfter, "\(name)")
            #expect(error.depth == want.depth, "\(name)")
            #expect(error.oauthError == want.oauthError, "\(name)")
            #expect(error.oauthSuberror == want.suberror, "\(name)")
            #expect(error.correlationID == want.correlation, "\(name)")
            #expect(error.confidence.rawValue == want.confidence, "\(name)")
        }
    }

    /// How people write and search for the code: `AADSTS50011`, `AADB2C90118`, `MSALErrorDomain -50000`.
    static func spelling(_ expected: Expected) -> String {
        ["AADSTS", "AADB2C"].contains(expected.domain)
            ? expected.domain + String(expected.code) : expected.domain + " " + String(expected.code)
    }

    @Test("explain names each error in the spelling people search for, in text and JSON", arguments: table)
    func spelledAsPeopleSearch(name: String, expected: [Expected]) throws {
        let path = Self.fixtures.appendingPathComponent(name).path
        let text = try ProcessRunner.authtrail(["explain", "--file", path]).text
        let headings = text.split(separator: "\n").filter { $0.drop(while: { $0 == " " }).hasPrefix("error ") }
        #expect(headings.count == expected.count, "\(name)")
        for (heading, want) in zip(headings, expected) {
            #expect(heading.contains(": \(Self.spelling(want)) "), "\(name): \(heading)")
        }
        for code in expected.flatMap(\.sts) { #expect(text.contains("  AADSTS\(code): "), "\(name)") }
        for code in expected.flatMap(\.b2c) { #expect(text.contains("  AADB2C\(code): "), "\(name)") }
        #expect(!text.contains("AADSTS "), "\(name): a code split from its prefix")
        #expect(!text.contains("AADB2C "), "\(name): a code split from its prefix")
        let json = try ProcessRunner.authtrail(["explain", "--file", path, "--format", "json"]).text
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let errors = try #require(object?["errors"] as? [[String: Any]])
        #expect(errors.compactMap { $0["spelling"] as? String } == expected.map(Self.spelling), "\(name)")
    }

    @Test("explain reads each fixture from a file and exits 0, printing no identifier from it", arguments: table)
    func explainedWithoutIdentifiers(name: String, expected: [Expected]) throws {
        let path = Self.fixtures.appendingPathComponent(name).path
        for format in ["text", "json"] {
            let result = try ProcessRunner.authtrail(["explain", "--file", path, "--format", format])
            // A paste of exception types and frames alone holds no error: exit 2.
            #expect(result.status == (expected.isEmpty ? 2 : 0), "\(name) \(format)")
            #expect(!result.text.contains("megan.bowen"), "\(name) \(format): the planted account name was printed")
            #expect(!result.text.contains("adele.vance"), "\(name) \(format): the planted account name was printed")
            #expect(!result.text.contains("contoso.com"), "\(name) \(format)")
            if let first = expected.first { #expect(result.text.contains(String(first.code)), "\(name) \(format)") }
        }
    }
}

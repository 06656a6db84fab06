import AuthTrailAnalysis
import AuthTrailTestSupport
import Foundation
import Testing

/// Real pastes from public issue threads (sources in each fixture's first line, identifiers replaced by fake ones),
/// with what a person reading them would say each error is.
@Suite("errors pasted from real tickets are each recognised")
struct PastedErrorFixtureTests {
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
        var description: String { "\(domain) \(code)" }
    }

    static let msal = "MSALErrorDomain"

    static let table: [(String, [Expected])] = [
        ("01-usercanceled-nserror.txt", [Expected(domain: msal, code: -50005)]),
        (
            "02-access-denied-userinfo-description.txt",
            [Expected(domain: msal, code: -50000, subcode: -42104, oauthError: "access_denied")]
        ),
        ("03-session-already-running.txt", [Expected(domain: msal, code: -50000, subcode: -42402)]),
        ("04-broker-no-response.txt", [Expected(domain: msal, code: -50000, subcode: -42700)]),
        ("05-optional-localized.txt", [Expected(domain: msal, code: -50000)]),
        ("06-osstatus-entitlement.txt", [Expected(domain: "NSOSStatusErrorDomain", code: -34018)]),
        ("07-binding-errorcode.txt", [Expected(domain: msal, code: -50000, subcode: -42000)]),
        ("08-log-tuple.txt", [Expected(domain: msal, code: -50000)]),
        ("09-platform-exception-straight-apostrophe.txt", [Expected(domain: msal, code: -50000)]),
        ("10-msid-keychain.txt", [Expected(domain: "MSIDKeychainErrorDomain", code: -25308)]),
        ("11-msid-log-phrase.txt", [Expected(domain: "MSIDOAuthErrorDomain", code: -51440)]),
        ("12-b2c-forgot-password.txt", [Expected(domain: msal, code: -50000, b2c: [90118])]),
        ("13-sts-json-body.txt", [Expected(domain: "AADSTS", code: 70002), Expected(domain: "AADSTS", code: 70000)]),
        ("14-sts-9002313.txt", [Expected(domain: "AADSTS", code: 9_002_313)]),
        ("15-msal-net-exception.txt", [Expected(domain: "AADSTS", code: 70000)]),
        ("16-nslog-prefixes.txt", [Expected(domain: msal, code: -50000)]),
        ("17-intune-prose.txt", [Expected(domain: msal, code: -50000)]),
        ("18-tilde-minus.txt", [Expected(domain: msal, code: -50000)]),
        (
            "19-log-returning-and-flow-finished.txt",
            [Expected(domain: msal, code: -50005), Expected(domain: "MSIDErrorDomain", code: -51700)]
        ),
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
            if let oauthError = want.oauthError { #expect(error.oauthError == oauthError, "\(name)") }
        }
    }

    @Test("explain reads each fixture from a file and exits 0, printing no identifier from it", arguments: table)
    func explainedWithoutIdentifiers(name: String, expected: [Expected]) throws {
        let path = Self.fixtures.appendingPathComponent(name).path
        for format in ["text", "json"] {
            let result = try ProcessRunner.authtrail(["explain", "--file", path, "--format", format])
            #expect(result.status == 0, "\(name) \(format)")
            #expect(!result.text.contains("megan.bowen"), "\(name) \(format): the planted account name was printed")
            #expect(!result.text.contains("contoso.com"), "\(name) \(format)")
            #expect(result.text.contains(String(expected[0].code)), "\(name) \(format)")
        }
    }
}

import AuthTrail
import AuthTrailAnalysis
import Testing

/// Codes described rather than pasted: each reading names its domain (a misspelt one read as the nearest real
/// domain) and says how sure it is; numbers that are not error codes stay unread. None of these was read before.
@Suite("explain reads a code described in prose, a list, a title or a log line, and says how sure it is")
struct PastedMentionTests {
    struct Reading: Sendable, CustomStringConvertible {
        var text: String
        var domain: String
        var code: Int
        var subcode: Int? = nil
        var confidence: PastedError.Confidence
        var written: String? = nil
        var description: String { text }
    }

    static let readings: [Reading] = [
        Reading(
            text: "When I call acquireToken I get MSALErrorDomain code -50005 although the user signed in",
            domain: "MSALErrorDomain", code: -50005, confidence: .namedDomain),
        Reading(
            text: "- Domain: MSALErrorDomain\n- Code: -50002\n- Happens on iOS 18 only", domain: "MSALErrorDomain",
            code: -50002, confidence: .namedDomain),
        Reading(
            text: "* **Error code:** -42700 after returning from Authenticator", domain: "MSALErrorDomain",
            code: -50000,
            subcode: -42700, confidence: .inferred),
        Reading(
            text: "acquireTokenSilent fails with -50002 after upgrading to 1.2.5", domain: "MSALErrorDomain",
            code: -50002, confidence: .inferred),
        Reading(
            text: "Microsoft.Identity.Client.MsalClientException: ErrorCode: -42011", domain: "MSALErrorDomain",
            code: -50000, subcode: -42011, confidence: .inferred),
        Reading(
            text: "_code\tNSInteger\t-50005\n_domain\t__NSCFConstantString *\t\"MSALErrorDomain\"\t0x00000001093e8c28",
            domain: "MSALErrorDomain", code: -50005, confidence: .namedDomain),
        Reading(
            text: "SecItemCopyMatching returned status -25308", domain: "NSOSStatusErrorDomain", code: -25308,
            confidence: .inferred),
        Reading(
            text: "getting MSALErorDomain code -50002 on silent", domain: "MSALErrorDomain", code: -50002,
            confidence: .namedDomain, written: "MSALErorDomain"),
        Reading(
            text: "The request failed: NSURLErorDomain -1009", domain: "NSURLErrorDomain", code: -1009,
            confidence: .namedDomain, written: "NSURLErorDomain"),
        Reading(
            text: "Sign-in error code: 50076 in the sign-in logs", domain: "AADSTS", code: 50076, confidence: .inferred),
        Reading(
            text: "B2C error 90118 when the user clicks forgot password", domain: "AADB2C", code: 90118,
            confidence: .inferred),
        Reading(
            text: "L’opération n’a pas pu s’achever. (MSALErrorDomain erreur -50005.)", domain: "MSALErrorDomain",
            code: -50005, confidence: .namedDomain),
        Reading(
            text: "操作を完了できませんでした。（MSALErrorDomainエラー-50005）", domain: "MSALErrorDomain", code: -50005,
            confidence: .namedDomain),
    ]

    @Test("each description is read with its domain and confidence", arguments: readings)
    func read(_ reading: Reading) throws {
        let errors = PastedErrorScanner.errors(in: reading.text)
        let error = try #require(errors.first, "\(reading.text)")
        #expect(errors.count == 1, "\(errors.map { "\($0.domain) \($0.code)" })")
        #expect(error.domain == reading.domain && error.code == reading.code && error.subcode == reading.subcode)
        #expect(error.confidence == reading.confidence)
        #expect(error.domainAsWritten == reading.written)
    }

    @Test(
        "numbers that are not error codes are not read",
        arguments: [
            "TID=4711 MSAL 1.2.5 iOS 18.4 [2025-04-16 08:51:07 - 6fb5feb1-0af4-4f44-a80e-2f985a7b7546]",
            "call +1 (469) 775-3771 about the error", "version 4.50.0.0 failed", "we sold -50005 units",
            "error at line 12345678901", "status 0x80004005 failed", "error -1", "code -77777",
            "Keychain find status: -25300",
        ])
    func notRead(text: String) {
        #expect(PastedErrorScanner.errors(in: text).isEmpty, "\(text)")
    }

    @Test("a code given exactly and mentioned again is one error; one code mentioned twice is one reading")
    func oneReadingPerCode() {
        let exact = PastedErrorScanner.errors(
            in: #"Error Domain=MSALErrorDomain Code=-50000 "(null)" UserInfo={MSALInternalErrorCodeKey=-42011}"#
                + "\nso the error -42011 again")
        #expect(exact.count == 1 && exact[0].confidence == .exact)
        let twice = PastedErrorScanner.errors(
            in: "Keychain find status: -34018\nerror code -34018, MSIDKeychainErrorDomain")
        #expect(twice.count == 1 && twice[0].domain == "MSIDKeychainErrorDomain" && twice[0].confidence == .namedDomain)
    }
}

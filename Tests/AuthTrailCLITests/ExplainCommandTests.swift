import AuthTrailTestSupport
import Foundation
import Testing

@Suite("authtrail explain")
struct ExplainCommandTests {
    @Test(
        "answers every form support staff type, with name, meaning and recommended action",
        arguments: [
            (["-50002"], "MSALErrorDomain -50002 interactionRequired", "acquire the token interactively"),
            (
                ["MSALErrorDomain -50002"], "MSALErrorDomain -50002 interactionRequired",
                "acquire the token interactively"
            ),
            (
                ["MSALErrorDomain", "-50002"], "MSALErrorDomain -50002 interactionRequired",
                "acquire the token interactively"
            ),
            (["interactionRequired"], "MSALErrorDomain -50002 interactionRequired", "acquire the token interactively"),
            (
                ["-42011"], "MSALInternalError -42011 internalErrorInvalidRedirectURI",
                "show a generic message and log the internal sub-code"
            ),
            (["AADSTS50076"], "AADSTS50076 ", "acquire the token interactively"),
            // B2C codes are spelled as people search for them too, not `AADB2C 90118`.
            (["AADB2C90118"], "AADB2C90118 ForgotPassword", "acquire the token interactively"),
            (
                ["NSURLErrorDomain -1009"], "NSURLErrorDomain -1009 notConnectedToInternet",
                "wait for network connectivity"
            ),
            (
                ["NSURLErrorDomain", "-1009"], "NSURLErrorDomain -1009 notConnectedToInternet",
                "wait for network connectivity"
            ),
            (["429"], "HTTP 429 tooManyRequests", "wait for the Retry-After interval"),
            (
                ["-50004"], "MSALErrorDomain -50004 serverProtectionPoliciesRequired",
                "remediate compliance through the Intune SDK"
            ),
            (["-34018"], "NSOSStatusErrorDomain -34018 errSecMissingEntitlement", "do not retry"),
            (
                ["MSIDErrorDomain", "-51115"], "MSIDErrorDomain -51115 MSIDErrorInteractionRequired",
                "acquire the token interactively"
            ),
        ])
    func knownCode(arguments: [String], heading: String, action: String) throws {
        let result = try ProcessRunner.authtrail(["explain"] + arguments)
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(result.text.contains(heading), "output: \(result.text)")
        #expect(result.text.contains("meaning:"))
        #expect(result.text.contains("action:   \(action)"), "output: \(result.text)")
        #expect(result.standardError.isEmpty)
    }

    @Test("several codes at once are explained in order")
    func severalCodes() throws {
        let result = try ProcessRunner.authtrail(["explain", "-50003", "AADSTS53003", "503"])
        #expect(result.status == 0)
        let headings = result.text.split(separator: "\n").filter { !$0.hasPrefix(" ") && !$0.isEmpty }
        #expect(
            headings == [
                "MSALErrorDomain -50003 serverDeclinedScopes", "AADSTS53003 BlockedByConditionalAccess",
                "HTTP 503 serviceUnavailable",
            ])
    }

    @Test("an unknown code is named on standard error, known ones are still explained, and the exit status is 1")
    func unknownCode() throws {
        let result = try ProcessRunner.authtrail(["explain", "-77777", "-50005"])
        #expect(result.status == 1)
        #expect(result.text.contains("MSALErrorDomain -50005 userCanceled"))
        let errors = result.standardError.split(separator: "\n")
        #expect(errors.count == 1)
        #expect(errors.first?.contains("unknown code '-77777'") == true, "stderr: \(result.standardError)")
    }

    @Test("no code is a usage error")
    func noCode() throws {
        let result = try ProcessRunner.authtrail(["explain"])
        #expect(result.status == 64)
        #expect(result.text.isEmpty)
    }
    static let paste = """
        Could not acquire token for megan.bowen@contoso.com: Error Domain=MSALErrorDomain Code=-50000 "(null)" \
        UserInfo={MSALErrorDescriptionKey=AADSTS50076: MFA is required for megan.bowen@contoso.com, \
        MSALInternalErrorCodeKey=-50006, MSALHTTPResponseCodeKey=429, MSALHTTPHeadersKey={
            "Retry-After" = 30;
        }}
        """

    @Test("a paste on standard input is explained, with what the app receives, and nothing pasted is echoed")
    func pasteOnStandardInput() throws {
        let result = try ProcessRunner.authtrail(["explain", "-"], input: Data(Self.paste.utf8))
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(result.text.contains("error 1: MSALErrorDomain -50000 internal"))
        #expect(result.text.contains("sub-code:     -50006"))
        #expect(result.text.contains("AADSTS50076"))
        #expect(result.text.contains("HTTP status:  429"))
        #expect(result.text.contains("Retry-After:  30 s"))
        #expect(result.text.contains("app receives: MSALErrorDomain -50000 with MSALInternalErrorCodeKey -50006"))
        #expect(!result.text.contains("megan.bowen"))
        #expect(!result.standardError.contains("megan.bowen"))
    }

    @Test("--format json gives the same findings as JSON")
    func json() throws {
        let result = try ProcessRunner.authtrail(["explain", "--format", "json", Self.paste])
        #expect(result.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(result.text.utf8)) as? [String: Any]
        let errors = try #require(object?["errors"] as? [[String: Any]])
        #expect(errors.count == 1)
        #expect(errors.first?["code"] as? Int == -50000)
        #expect(errors.first?["subcode"] as? Int == -50006)
        #expect(errors.first?["stsErrorCodes"] as? [Int] == [50076])
        #expect(errors.first?["httpStatus"] as? Int == 429)
        #expect(errors.first?["retryAfterSeconds"] as? Int == 30)
        #expect(errors.first?["action"] as? String == "retryAfter")
        #expect(!result.text.contains("megan.bowen"))
    }

    @Test("text with no error exits 2 and does not echo it")
    func nothingRecognised() throws {
        let result = try ProcessRunner.authtrail(
            ["explain", "-"], input: Data("login failed for megan.bowen@contoso.com, no idea why".utf8))
        #expect(result.status == 2)
        #expect(result.text.isEmpty)
        #expect(result.standardError.contains("no error recognised"))
        #expect(!result.standardError.contains("megan.bowen"))
    }

    @Test("an unreadable --file exits 66")
    func unreadableFile() throws {
        let result = try ProcessRunner.authtrail(["explain", "--file", "/nonexistent/paste.txt"])
        #expect(result.status == 66)
    }
}

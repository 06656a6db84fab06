import AuthTrailTestSupport
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
}

import AuthTrail
import AuthTrailAnalysis
import Testing

/// Pastes as support engineers receive them: a debugger's unsigned code, `+`- and percent-encoded descriptions,
/// userInfo pasted without its error, MSAL.NET exceptions with their stack traces; and how `explain` prints them.
/// Identifiers are synthetic.
@Suite("pasted errors are read whatever encoding or fragment they arrive in, and printed as people search for them")
struct PastedErrorEncodingTests {
    static let redactor = Redactor(level: .maskAllPII, key: RedactionKey(bytes: Array(repeating: 7, count: 32)))

    @Test(
        "an NSInteger read as unsigned 64-bit is the negative code MSAL returned",
        arguments: [
            (#"error = (NSError) domain: "MSALErrorDomain" - code: 18446744073709501616"#, "MSALErrorDomain", -50000),
            (#"domain: @"MSALErrorDomain" - code: 18446744073709501614"#, "MSALErrorDomain", -50002),
            (#"Error Domain=MSALErrorDomain Code=18446744073709501611 "(null)""#, "MSALErrorDomain", -50005),
            (
                "The operation couldn’t be completed. (NSURLErrorDomain error 18446744073709550607.)",
                "NSURLErrorDomain", -1009
            ),
            ("code: 18446744073709501616", "MSALErrorDomain", -50000),
        ])
    func unsignedCode(text: String, domain: String, code: Int) {
        let errors = PastedErrorScanner.errors(in: text)
        #expect(errors.map(\.domain) == [domain])
        #expect(errors.map(\.code) == [code])
    }

    @Test("the sub-code written unsigned is read as signed too; a small `code:` alone is no error")
    func unsignedSubcodeAndSmallCode() {
        let text =
            #"Error Domain=MSALErrorDomain Code=-50000 "(null)" UserInfo={MSALInternalErrorCodeKey=18446744073709509608}"#
        #expect(PastedErrorScanner.errors(in: text).map(\.subcode) == [-42008])
        #expect(PastedErrorScanner.errors(in: "code: 42, status code: 7").isEmpty)
    }

    @Test("the plain-code form answers the unsigned spelling of -50000")
    func unsignedPlainCode() {
        let entries = ErrorCatalog.entries(matching: "18446744073709501616")
        #expect(entries.map(\.domain) == ["MSALErrorDomain"])
        #expect(entries.map(\.code) == [-50000])
    }

    @Test("userInfo pasted from its middle, `+`-encoded, gives every field it holds")
    func userInfoWithoutItsError() {
        let text = """
            MSALErrorDescriptionKey=AADSTS50011:+The+redirect+URI+'msauth.com.fake.app://auth'+specified+in+the+request\
            +does+not+match.
            Trace+ID:+00000000-0000-4000-8000-000000000001
            Correlation+ID:+11111111-2222-4333-8444-555555555555
            Timestamp:+2024-01-01+10:00:00Z, MSALOAuthErrorKey=invalid_request, \
            MSALCorrelationIDKey=11111111-2222-4333-8444-555555555555, MSALInternalErrorCodeKey=-42002}
            """
        let errors = PastedErrorScanner.errors(in: text)
        #expect(errors.count == 1)
        #expect(errors.first?.domain == "MSALErrorDomain" && errors.first?.code == -50000)
        #expect(errors.first?.subcode == -42002)
        #expect(errors.first?.stsErrorCodes == [50011])
        #expect(errors.first?.oauthError == "invalid_request")
        #expect(errors.first?.correlationID == "11111111-2222-4333-8444-555555555555")
    }

    @Test("keys without MSALInternalErrorCodeKey give their STS code, with the OAuth error beside it")
    func userInfoWithoutSubcode() {
        let text =
            "MSALOAuthErrorKey=invalid_grant, MSALSTSErrorCodesKey=(\n    50173\n), MSALOAuthSubErrorKey=bad_token}"
        let errors = PastedErrorScanner.errors(in: text)
        #expect(errors.map(\.domain) == ["AADSTS"])
        #expect(errors.map(\.code) == [50173])
        #expect(errors.first?.oauthError == "invalid_grant" && errors.first?.oauthSuberror == "bad_token")
    }

    @Test("a percent-encoded redirect URL gives the B2C code, the OAuth error and the correlation id")
    func percentEncodedRedirect() {
        let text = """
            msauth.com.fake.app://auth?error=access_denied&error_description=AADB2C90118%3a+The+user+has+forgotten+\
            their+password.%0d%0aCorrelation+ID%3a+0d3c8e8c-1111-4222-8333-944455556666%0d%0aTimestamp%3a+2023-01-01\
            +10%3a00%3a00Z%0d%0a&state=abc
            """
        let errors = PastedErrorScanner.errors(in: text)
        #expect(errors.map(\.domain) == ["AADB2C"])
        #expect(errors.map(\.code) == [90118])
        #expect(errors.first?.oauthError == "access_denied")
        #expect(errors.first?.correlationID == "0d3c8e8c-1111-4222-8333-944455556666")
    }

    @Test("an MSAL.NET exception: the STS code, and the status and OAuth error after its stack trace")
    func msalNetException() {
        let text = """
            Microsoft.Identity.Client.MsalUiRequiredException: AADSTS65001: The user or administrator has not consented.
            Trace ID: 00000000-0000-4000-8000-000000000002
            Correlation ID: 22222222-3333-4444-8555-666666666666
            Timestamp: 2024-01-01 10:00:00Z
               at Microsoft.Identity.Client.Internal.Requests.RequestBase.HandleTokenRefreshErrorAsync()
               at Microsoft.Identity.Client.Internal.Requests.Silent.SilentRequest.ExecuteAsync()
               at Microsoft.Identity.Client.ApiConfig.Executors.ClientApplicationBaseExecutor.ExecuteAsync()
               at System.Runtime.CompilerServices.TaskAwaiter.ThrowForNonSuccess(Task task)
            --- End of stack trace from previous location ---
               at App.Auth.SignInAsync()
            \tStatusCode: 400
            \tResponseBody: {"error":"invalid_grant","suberror":"consent_required"}
            """
        let errors = PastedErrorScanner.errors(in: text)
        #expect(errors.map(\.domain) == ["AADSTS"])
        #expect(errors.map(\.code) == [65001])
        #expect(errors.first?.httpStatus == 400)
        #expect(errors.first?.oauthError == "invalid_grant" && errors.first?.oauthSuberror == "consent_required")
        #expect(errors.first?.correlationID == "22222222-3333-4444-8555-666666666666")
        let log =
            "MSAL 4.60.0.0 MSAL.NetCore [2024-01-01 10:00:00Z - 33333333-4444-4555-8666-777777777777] "
            + "Exception type: Microsoft.Identity.Client.MsalUiRequiredException\n, ErrorCode: invalid_grant\n"
            + "HTTP StatusCode 400\nCorrelationId 33333333-4444-4555-8666-777777777777"
        let logged = PastedErrorScanner.errors(in: log)
        #expect(logged.map(\.domain) == ["HTTP"] && logged.map(\.code) == [400])
        #expect(logged.first?.oauthError == "invalid_grant")
        #expect(logged.first?.correlationID == "33333333-4444-4555-8666-777777777777")
    }

    @Test("text names AADSTS and AADB2C codes as people search for them, and the JSON spells them too")
    func spelling() {
        var sts = PastedError(form: .plainCode, domain: "AADSTS", code: 50011)
        sts.oauthError = "invalid_request"
        var msal = PastedError(form: .nsErrorDescription, domain: "MSALErrorDomain", code: -50000)
        msal.stsErrorCodes = [50076]
        msal.b2cErrorCodes = [90118]
        let b2c = PastedError(form: .plainCode, domain: "AADB2C", code: 90118)
        let text = PastedErrorRendering.text([sts, msal, b2c], redactor: Self.redactor)
        let headings = text.split(separator: "\n").filter { $0.hasPrefix("error ") }
        #expect(
            headings == [
                "error 1: AADSTS50011 InvalidReplyTo", "error 2: MSALErrorDomain -50000 internal",
                "error 3: AADB2C90118 ForgotPassword",
            ])
        #expect(text.contains("\n  AADSTS50076:  "))
        #expect(text.contains("\n  AADB2C90118:  "))
        let json = PastedErrorRendering.json([sts, msal, b2c], redactor: Self.redactor)
        #expect(json.contains(#""spelling" : "AADSTS50011""#))
        #expect(json.contains(#""spelling" : "AADB2C90118""#))
        #expect(json.contains(#""spelling" : "MSALErrorDomain -50000""#))
    }

    @Test("the catalog's own words are printed as written, never through the redactor")
    func catalogTextNotRedacted() {
        let text = PastedErrorRendering.text(
            [PastedError(form: .plainCode, domain: "AADB2C", code: 90118)], redactor: Self.redactor)
        #expect(
            text.contains(
                #"meaning:      the user chose "forgot password": start the password-reset user flow (B2C reports it "#
                    + "as access_denied, so MSAL returns -50005)"))
        #expect(!text.contains("<secret"))
        var nested = PastedError(form: .nsErrorDescription, domain: "MSALErrorDomain", code: -50000)
        nested.b2cErrorCodes = [90118]
        let listed = PastedErrorRendering.text([nested], redactor: Self.redactor)
        #expect(listed.contains(#"AADB2C90118:  ForgotPassword: the user chose "forgot password": start the "#))
        // Every meaning and name the catalog has reaches the reader unchanged.
        for entry in ErrorCatalog.allEntries {
            let rendered = PastedErrorRendering.text(
                [PastedError(form: .plainCode, domain: entry.domain, code: entry.code)], redactor: Self.redactor)
            #expect(rendered.contains("meaning:      \(entry.meaning)"), "\(entry.domain) \(entry.code)")
            #expect(rendered.contains(" \(entry.name)\n"), "\(entry.domain) \(entry.code)")
        }
    }

    @Test("what the paste says still goes through the redactor")
    func pastedTextRedacted() {
        var error = PastedError(form: .nsErrorDescription, domain: "megan.bowen@contoso.com", code: 1)
        error.oauthError = "megan.bowen@contoso.com"
        let text = PastedErrorRendering.text([error], redactor: Self.redactor)
        let json = PastedErrorRendering.json([error], redactor: Self.redactor)
        #expect(!text.contains("megan.bowen") && !json.contains("megan.bowen"))
    }
}

import AuthTrailAnalysis
import Testing

@Suite("the pasted-error scanner reads nested NSError descriptions and survives hostile text")
struct PastedErrorScannerTests {
    // Built the way NSError prints MSAL's chain: the converted error, the MSID error, the HTTP error under it.
    static let nested = """
        Could not acquire token: Optional(Error Domain=MSALErrorDomain Code=-50000 "(null)" UserInfo={\
        NSUnderlyingError=0x600003b0c1e0 {Error Domain=MSIDErrorDomain Code=-51412 "(null)" UserInfo={\
        NSUnderlyingError=0x600003b0c2a0 {Error Domain=MSIDHttpErrorCodeDomain Code=-51500 "(null)" UserInfo={\
        MSALHTTPResponseCodeKey=503, MSALHTTPHeadersKey={
            "Retry-After" = 120;
            "Content-Type" = "application/json";
        }}}, MSALOAuthErrorKey=invalid_grant, MSALOAuthSubErrorKey=basic_action, MSALSTSErrorCodesKey=(
            50076
        ), MSIDErrorDescriptionKey=AADSTS50076: Due to a configuration change made by your administrator.
        Trace ID: 0c3f2e1a-0000-4000-8000-000000000001
        Correlation ID: 5d1f9a7e-1111-4222-8333-944455556666
        Timestamp: 2024-05-01 10:00:00Z}}, MSALInternalErrorCodeKey=-42004, \
        MSALCorrelationIDKey=5D1F9A7E-1111-4222-8333-944455556666})
        """

    @Test("three nested errors come outermost first, each with its own keys")
    func nestedErrors() {
        let errors = PastedErrorScanner.errors(in: Self.nested)
        #expect(errors.map(\.domain) == ["MSALErrorDomain", "MSIDErrorDomain", "MSIDHttpErrorCodeDomain"])
        #expect(errors.map(\.code) == [-50000, -51412, -51500])
        #expect(errors.map(\.depth) == [0, 1, 2])
        #expect(errors[0].subcode == -42004)
        #expect(errors[0].correlationID == "5d1f9a7e-1111-4222-8333-944455556666")
        #expect(errors[1].oauthError == "invalid_grant")
        #expect(errors[1].oauthSuberror == "basic_action")
        #expect(errors[1].stsErrorCodes == [50076])
        #expect(errors[1].correlationID == "5d1f9a7e-1111-4222-8333-944455556666")
        #expect(errors[2].httpStatus == 503)
        #expect(errors[2].retryAfterSeconds == 120)
        #expect(errors[0].httpStatus == nil)
    }

    @Test("localizedDescription, log phrasing and plain text codes in one paste")
    func severalForms() {
        let text = """
            Error: "The operation couldn't be completed. (com.apple.AuthenticationServices.WebAuthenticationSession \
            error 2.)"
            acquireTokenSilent returning with error: (MSALErrorDomain, -50002)
            The operation couldn’t be completed. (NSURLErrorDomain error -1009.)
            """
        let errors = PastedErrorScanner.errors(in: text)
        #expect(
            errors.map(\.domain) == [
                "com.apple.AuthenticationServices.WebAuthenticationSession", "MSALErrorDomain", "NSURLErrorDomain",
            ])
        #expect(errors.map(\.code) == [2, -50002, -1009])
    }

    // Synthetic, in the shape the STS answers a throttled or MFA-blocked token request and apps print it.
    @Test("around plain STS codes: the HTTP status line, Retry-After, OAuth error and suberror, correlation id")
    func contextAroundPlainCodes() {
        let text = """
            HTTP/1.1 429 Too Many Requests
            Retry-After: 30
            {"error":"invalid_grant","suberror":"basic_action","error_description":"AADSTS50076: Due to a \
            configuration change made by your administrator.\r\nTrace ID: 0c3f2e1a-0000-4000-8000-000000000001\r\n\
            Correlation ID: 5d1f9a7e-1111-4222-8333-944455556666\r\nTimestamp: 2024-05-01 10:00:00Z",\
            "error_codes":[50076]}



            Keychain find status: -25300
            {"error":"access_denied","error_description":"AADB2C90118: The user has forgotten their password."}
            """
        let errors = PastedErrorScanner.errors(in: text)
        #expect(errors.map(\.domain) == ["AADSTS", "AADB2C"])
        #expect(errors.map(\.code) == [50076, 90118])
        #expect(errors[0].httpStatus == 429 && errors[0].retryAfterSeconds == 30)
        #expect(errors[0].oauthError == "invalid_grant" && errors[0].oauthSuberror == "basic_action")
        #expect(errors[0].correlationID == "5d1f9a7e-1111-4222-8333-944455556666")
        // Four lines on, the B2C body has its own context, and a keychain status is no HTTP status.
        #expect(errors[1].httpStatus == nil && errors[1].retryAfterSeconds == nil && errors[1].correlationID == nil)
        #expect(errors[1].oauthError == "access_denied")
    }

    @Test("an HTTP status with no STS code beside it is an error of its own; the same error logged twice is one")
    func statusAloneAndRepeats() {
        let throttled = PastedErrorScanner.errors(in: "StatusCode: 503\nResponseBody: busy\nHeaders: Retry-After: 5")
        #expect(throttled.map(\.domain) == ["HTTP"] && throttled.map(\.code) == [503])
        #expect(throttled.first?.retryAfterSeconds == 5)
        let error = "Error Domain=MSALErrorDomain Code=-50000 \"(null)\" UserInfo={MSALInternalErrorCodeKey=-42400}"
        let twice = PastedErrorScanner.errors(in: "Failed: \(error)\nError: \(error)\n(MSALErrorDomain, -50000)")
        #expect(twice.map(\.form) == [.nsErrorDescription, .logLine])
        #expect(PastedErrorScanner.errors(in: "HTTP status: 200, status: 42, find status: -25300").isEmpty)
    }

    @Test("text with no error gives nothing")
    func noError() {
        #expect(PastedErrorScanner.errors(in: "the app crashed (sometimes, 3 times) on launch {no idea}").isEmpty)
    }

    @Test("a 50 MB single line of error openers completes, with the findings capped")
    func hugeLine() {
        let chunk = #"Error Domain=D Code=-1 "x UserInfo={MSALSTSErrorCodesKey=(1, AADSTS5 (X, 1) Correlation ID: "#
        let text = String(repeating: chunk, count: 50_000_000 / chunk.utf8.count)
        let errors = PastedErrorScanner.errors(in: text)
        #expect(errors.count <= PastedErrorScanner.maximumFindings)
        #expect(!errors.isEmpty)
    }

    @Test("120,000 plain codes on one 10 MB line, each with context, stay capped and share it")
    func repeatedContext() {
        let text = (0..<120_000).map {
            "AADSTS\($0) status: 429 Correlation ID: 5d1f9a7e-1111-4222-8333-944455556666 Retry-After: 1 "
        }.joined()
        let errors = PastedErrorScanner.errors(in: text)
        #expect(errors.count == PastedErrorScanner.maximumFindings)
        #expect(errors.allSatisfy { $0.httpStatus == 429 && $0.retryAfterSeconds == 1 && $0.correlationID != nil })
    }

    @Test("10,000 nested errors and braces stop at the nesting bound")
    func deepNesting() {
        let opener = "Error Domain=D Code=1 \"(null)\" UserInfo={NSUnderlyingError=0x1 {"
        let text = String(repeating: opener, count: 10_000) + String(repeating: "}", count: 20_000)
        let errors = PastedErrorScanner.errors(in: text)
        #expect(errors.count == PastedErrorScanner.maximumNestingDepth)
        #expect(errors.map(\.depth) == Array(0..<PastedErrorScanner.maximumNestingDepth))
        let braces = String(repeating: "{", count: 10_000) + "(MSALErrorDomain, -50002)"
        #expect(PastedErrorScanner.errors(in: braces).map(\.code) == [-50002])
    }
}

import AuthTrail
import Foundation
import Testing

/// One of the cases Microsoft's MSAL error-handling article (and the reference's code-reading) describes, as the
/// NSError MSAL really returns, with what classification must read from it.
struct ArticleCase: Sendable, CustomTestStringConvertible {
    var label: String
    var error: NSError
    var action: RecommendedAction
    var codeName: String?
    var subcode: Int? = nil
    var subcodeName: String? = nil
    var check: @Sendable (FailureDetails) -> Void = { _ in }
    var testDescription: String { label }
}

private let msal = "MSALErrorDomain"
private let correlation = "5E3A2F0E-7B0C-4A53-9F7A-2D3C1B0A9E11"
private let now = Date(timeIntervalSince1970: 1_795_000_000)
/// A conditional-access challenge value: must never be copied anywhere.
private let claimsValue = "eyJhY2Nlc3NfdG9rZW4iOnsiYWNycyI6eyJlc3NlbnRpYWwiOnRydWUsInZhbHVlIjoiY3AxIn19fQ=="

private func imfDate(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    return formatter.string(from: date)
}

private enum ContosoError: Error { case profileFetchFailed(status: Int) }

let articleCases: [ArticleCase] = [
    ArticleCase(
        label: "silent call needs MFA: interaction required with an underlying invalid_grant",
        error: NSError(
            domain: msal, code: -50002,
            userInfo: [
                "MSALOAuthErrorKey": "invalid_grant", "MSALOAuthSubErrorKey": "basic_action",
                "MSALSTSErrorCodesKey": [50076],
                "MSALCorrelationIDKey": correlation,
                "MSALErrorDescriptionKey":
                    "AADSTS50076: you must use multi-factor authentication to access 'Microsoft Graph'.",
                NSUnderlyingErrorKey: NSError(
                    domain: msal, code: -50000, userInfo: ["MSALInternalErrorCodeKey": -42004]),
            ]),
        action: .acquireInteractively, codeName: "interactionRequired",
        check: { details in
            #expect(details.oauthError == "invalid_grant" && details.oauthSuberror == "basic_action")
            #expect(details.stsErrorCodes == [50076])
            #expect(details.underlying == ["MSALErrorDomain:-50000"])
            #expect(details.correlationID == correlation)
            #expect(details.subcode == nil, "the underlying internal code belongs to the underlying error")
            #expect(details.message?.hasPrefix("AADSTS50076") == true)
        }),
    ArticleCase(
        label: "server declined scopes: continue with the granted ones",
        error: NSError(
            domain: msal, code: -50003,
            userInfo: [
                "MSALGrantedScopesKey": ["User.Read"], "MSALDeclinedScopesKey": ["Calendars.Read"],
                "MSALErrorDescriptionKey": "Server returned less scopes than requested",
            ]),
        action: .continueWithGrantedScopes, codeName: "serverDeclinedScopes",
        check: { details in
            #expect(details.grantedScopes == ["User.Read"])
            #expect(details.declinedScopes == ["Calendars.Read"])
        }),
    ArticleCase(
        label: "Intune protection policies required: remediate compliance, user identifiers not read",
        error: NSError(
            domain: msal, code: -50004,
            userInfo: [
                "MSALOAuthErrorKey": "unauthorized_client", "MSALOAuthSubErrorKey": "protection_policy_required",
                "MSALDisplayableUserIdKey": "megan.bowen@contoso.com",
                "MSALHomeAccountIdKey": "8f1c2d3e-4b5a-6978-8a9b-0c1d2e3f4a5b.72f988bf-86f1-41af-91ab-2d7cd011db47",
            ]),
        action: .remediateCompliance, codeName: "serverProtectionPoliciesRequired",
        check: { details in
            let text = String(describing: details)
            #expect(!text.contains("megan.bowen") && !text.contains("8f1c2d3e"), "an account identifier was copied")
        }),
    ArticleCase(
        label: "user cancelled the web session",
        error: NSError(
            domain: msal, code: -50005,
            userInfo: ["MSALErrorDescriptionKey": "User cancelled the authorization session."]),
        action: .userCancelled, codeName: "userCanceled"),
    ArticleCase(
        label: "internal error with sub-code -42011: generic message, log the sub-code",
        error: NSError(
            domain: msal, code: -50000,
            userInfo: [
                "MSALInternalErrorCodeKey": -42011, "MSALCorrelationIDKey": correlation,
                "MSALErrorDescriptionKey": "The provided redirect URI is not valid: msauth.com.contoso.app://auth",
            ]),
        action: .showGenericMessage, codeName: "internal", subcode: -42011,
        subcodeName: "internalErrorInvalidRedirectURI"),
    ArticleCase(
        label: "the user returned from the broker without finishing: internal -42700",
        error: NSError(domain: msal, code: -50000, userInfo: ["MSALInternalErrorCodeKey": NSNumber(value: -42700)]),
        action: .showGenericMessage, codeName: "internal", subcode: -42700,
        subcodeName: "internalErrorBrokerResponseNotReceived"),
    ArticleCase(
        label: "no internet connection: NSURLErrorDomain -1009 passes through",
        error: NSError(
            domain: NSURLErrorDomain, code: -1009,
            userInfo: [NSLocalizedDescriptionKey: "The Internet connection appears to be offline."]),
        action: .waitForConnectivity, codeName: "notConnectedToInternet",
        check: { #expect($0.message == "The Internet connection appears to be offline.") }),
    ArticleCase(
        label: "HTTP 429 with Retry-After in seconds",
        error: NSError(
            domain: msal, code: -50000,
            userInfo: [
                "MSALInternalErrorCodeKey": -42007, "MSALHTTPResponseCodeKey": "429",
                "MSALHTTPHeadersKey": ["retry-after": "30", "Content-Type": "application/json"],
            ]),
        action: .retryAfter, codeName: "internal", subcode: -42007, subcodeName: "internalErrorUnhandledResponse",
        check: { details in
            #expect(details.httpStatus == 429)
            #expect(details.retryAfterSeconds == 30)
        }),
    ArticleCase(
        label: "HTTP 429 with Retry-After as an HTTP-date, measured from the trail's clock",
        error: NSError(
            domain: msal, code: -50000,
            userInfo: [
                "MSALInternalErrorCodeKey": -42007, "MSALHTTPResponseCodeKey": "429",
                "MSALHTTPHeadersKey": ["Retry-After": imfDate(now.addingTimeInterval(120))],
            ]),
        action: .retryAfter, codeName: "internal", subcode: -42007, subcodeName: "internalErrorUnhandledResponse",
        check: { #expect($0.retryAfterSeconds == 120) }),
    ArticleCase(
        label: "HTTP 503 after MSAL's own retry, no Retry-After: back off",
        error: NSError(
            domain: msal, code: -50000,
            userInfo: [
                "MSALInternalErrorCodeKey": -42007, "MSALHTTPResponseCodeKey": "503",
                "MSIDServerUnavailableStatusKey": 1,
                "MSALHTTPHeadersKey": ["x-ms-request-id": "0b1c7c5e-9a3e-4f1a-8a77-4c2ad7c51200"],
            ]),
        action: .retryWithBackoff, codeName: "internal", subcode: -42007, subcodeName: "internalErrorUnhandledResponse",
        check: { #expect($0.httpStatus == 503 && $0.retryAfterSeconds == nil) }),
    ArticleCase(
        label: "conditional-access claims challenge: interactive with claims, content never kept",
        error: NSError(
            domain: msal, code: -50002,
            userInfo: [
                "MSALHTTPHeadersKey": [
                    "WWW-Authenticate":
                        #"Bearer realm="", authorization_uri="https://login.microsoftonline.com/common/oauth2/authorize", error="insufficient_claims", claims="\#(claimsValue)""#
                ],
                "MSALSTSErrorCodesKey": [53000],
            ]),
        action: .interactiveWithClaims, codeName: "interactionRequired",
        check: { details in
            #expect(details.claimsChallenge)
            #expect(!String(describing: details).contains(claimsValue), "the claims were copied")
        }),
    ArticleCase(
        label: "MSAL replayed interaction required from its throttling cache",
        error: NSError(
            domain: msal, code: -50002,
            userInfo: ["MSALThrottlingCacheHitKey": NSNumber(value: 1), "MSALOAuthErrorKey": "invalid_grant"]),
        action: .acquireInteractively, codeName: "interactionRequired",
        check: { #expect($0.throttledByMSAL) }),
    ArticleCase(
        label: "password reset required: -50142",
        error: NSError(
            domain: msal, code: -50142,
            userInfo: ["MSALOAuthErrorKey": "invalid_request", "MSALSTSErrorCodesKey": [50142]]),
        action: .acquireInteractively, codeName: "serverInvalidRequestResetPasswordRequired"),
    ArticleCase(
        label: "tenant throttling as an internal error with AADSTS90055: back off",
        error: NSError(
            domain: msal, code: -50000,
            userInfo: ["MSALInternalErrorCodeKey": -42004, "MSALSTSErrorCodesKey": [NSNumber(value: 90055)]]),
        action: .retryWithBackoff, codeName: "internal", subcode: -42004, subcodeName: "internalErrorInvalidGrant"),
    ArticleCase(
        label: "missing keychain entitlement: do not retry",
        error: NSError(domain: "NSOSStatusErrorDomain", code: -34018),
        action: .doNotRetry, codeName: "errSecMissingEntitlement"),
    ArticleCase(
        label: "a code from a newer MSAL is kept, not guessed",
        error: NSError(domain: msal, code: -50999, userInfo: ["MSALInternalErrorCodeKey": -42999]),
        action: .showGenericMessage, codeName: nil, subcode: -42999, subcodeName: nil,
        check: { #expect($0.errorType == "MSALErrorDomain:-50999") }),
    ArticleCase(
        label: "an unknown domain is recorded faithfully",
        error: NSError(
            domain: "com.contoso.ProfileService", code: 7,
            userInfo: [NSUnderlyingErrorKey: NSError(domain: NSURLErrorDomain, code: -1001)]),
        action: .doNotRetry, codeName: nil,
        check: { details in
            #expect(details.domain == "com.contoso.ProfileService" && details.code == 7)
            #expect(details.underlying == ["NSURLErrorDomain:-1001"])
        }),
]

@Suite("classifying MSAL errors")
struct ClassificationTests {
    @Test("each of the article's cases gets its code name, sub-code and recommended action", arguments: articleCases)
    func articleCase(_ example: ArticleCase) {
        let details = FailureDetails(classifying: example.error, now: now)
        #expect(details.domain == example.error.domain && details.code == example.error.code)
        #expect(details.action == example.action)
        #expect(details.codeName == example.codeName)
        #expect(details.subcode == example.subcode)
        #expect(details.subcodeName == example.subcodeName)
        example.check(details)
    }

    @Test("a Swift error keeps its type as the domain and its description as the message")
    func swiftError() {
        let details = FailureDetails(classifying: ContosoError.profileFetchFailed(status: 502))
        #expect(details.domain.hasSuffix("ContosoError"))
        #expect(details.message?.contains("profileFetchFailed") == true)
        #expect(details.action == .doNotRetry)
    }

    @Test("a cyclic underlying chain ends")
    func cyclicChain() {
        let inner = NSMutableDictionary()
        let error = NSError(domain: msal, code: -50000, userInfo: inner as? [String: Any])
        let outer = NSError(domain: msal, code: -50002, userInfo: [NSUnderlyingErrorKey: error])
        inner[NSUnderlyingErrorKey] = outer
        let details = FailureDetails(classifying: outer)
        #expect(details.underlying.count <= 8)
    }

    @Test(
        "Retry-After forms",
        arguments: [
            ("120", 120.0), (" 5 ", 5), ("0", 0), ("Sun, 06 Nov 1994 08:49:37 GMT", 0), ("soon", nil), ("-3", nil),
        ] as [(String, Double?)])
    func retryAfter(value: String, seconds: Double?) {
        #expect(RetryAfter.seconds(from: value, now: now) == seconds)
    }

    @Test("Retry-After as an HTTP-date in the future, and in MSAL's own format")
    func retryAfterDates() {
        #expect(RetryAfter.seconds(from: imfDate(now.addingTimeInterval(90)), now: now) == 90)
        let msalFormat = DateFormatter()
        msalFormat.locale = Locale(identifier: "en_US_POSIX")
        msalFormat.timeZone = TimeZone(identifier: "GMT")
        msalFormat.dateFormat = "yyyy-MM-dd HH:mm:ss.SSSS"
        #expect(RetryAfter.seconds(from: msalFormat.string(from: now.addingTimeInterval(45)), now: now) == 45)
    }
}

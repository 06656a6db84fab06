import AuthTrailTestSupport
import Foundation
import Testing

@testable import AuthTrail

/// An error as MSAL hands it to the app, with what classification must name and recommend.
struct ReceivedError: Sendable, CustomTestStringConvertible {
    var label: String
    var domain: String
    var code: Int
    var info: [String: Int] = [:]
    var codeName: String?
    var subcodeName: String? = nil
    var action: RecommendedAction
    var testDescription: String { label }
}

private let receivedErrors: [ReceivedError] = [
    ReceivedError(
        label: "-50000 with -50006: a server error, retried with backoff", domain: "MSALErrorDomain", code: -50000,
        info: ["MSALInternalErrorCodeKey": -50006], codeName: "internal", subcodeName: "serverError",
        action: .retryWithBackoff),
    ReceivedError(
        label: "-50000 with -50007: the device registration must be upgraded", domain: "MSALErrorDomain",
        code: -50000, info: ["MSALInternalErrorCodeKey": -50007], codeName: "internal",
        subcodeName: "insufficientDeviceStrength", action: .registerDevice),
    ReceivedError(
        label: "-50000 with -50008: MDM enrollment finished, repeat the request", domain: "MSALErrorDomain",
        code: -50000, info: ["MSALInternalErrorCodeKey": -50008], codeName: "internal",
        subcodeName: "mdmEnrollmentCompletedNeedsRetry", action: .repeatRequest),
    ReceivedError(
        label: "-50000 with -50006 and a 503 Retry-After: wait for it", domain: "MSALErrorDomain", code: -50000,
        info: ["MSALInternalErrorCodeKey": -50006, "MSALHTTPResponseCodeKey": 503], codeName: "internal",
        subcodeName: "serverError", action: .retryWithBackoff),
    ReceivedError(
        label: "-50000 with -50000 (MSAL before the fix): still a generic internal error", domain: "MSALErrorDomain",
        code: -50000, info: ["MSALInternalErrorCodeKey": -50000], codeName: "internal", subcodeName: "internal",
        action: .showGenericMessage),
    ReceivedError(
        label: "-50000 with -42011: generic message", domain: "MSALErrorDomain", code: -50000,
        info: ["MSALInternalErrorCodeKey": -42011], codeName: "internal",
        subcodeName: "internalErrorInvalidRedirectURI", action: .showGenericMessage),
    ReceivedError(
        label: "-50001 at the top: register the device", domain: "MSALErrorDomain", code: -50001,
        codeName: "workplaceJoinRequired", action: .registerDevice),
    ReceivedError(
        label: "-50006 at the top (MSAL 1.2.x): retry with backoff", domain: "MSALErrorDomain", code: -50006,
        codeName: "serverError", action: .retryWithBackoff),
    ReceivedError(
        label: "MSIDErrorDomain -51417 unconverted: as -50000/-50006", domain: "MSIDErrorDomain", code: -51417,
        codeName: "MSIDErrorServerError", action: .retryWithBackoff),
    ReceivedError(
        label: "MSIDErrorDomain -51733 unconverted: repeat the request", domain: "MSIDErrorDomain", code: -51733,
        codeName: "MSIDErrorMDMEnrollmentCompletedNeedsRetry", action: .repeatRequest),
    ReceivedError(
        label: "MSIDErrorDomain -51732 unconverted: upgrade the registration", domain: "MSIDErrorDomain",
        code: -51732, codeName: "MSIDErrorInsufficientDeviceStrength", action: .registerDevice),
    ReceivedError(
        label: "MSIDOAuthErrorDomain -51412 with AADSTS50076: as -50000/-42004 with that STS code",
        domain: "MSIDOAuthErrorDomain", code: -51412, info: ["MSALSTSErrorCodesKey": 50076],
        codeName: "MSIDErrorServerInvalidGrant", action: .acquireInteractively),
    ReceivedError(
        label: "MSIDErrorDomain -51115: interaction required", domain: "MSIDErrorDomain", code: -51115,
        codeName: "MSIDErrorInteractionRequired", action: .acquireInteractively),
    ReceivedError(
        label: "MSIDErrorDomain -51902: the app was inactive, repeat once in the foreground", domain: "MSIDErrorDomain",
        code: -51902, codeName: "MSIDErrorBrokerAppIsInactive", action: .repeatRequest),
    ReceivedError(
        label: "MSIDHttpErrorCodeDomain -51500 with HTTP 429", domain: "MSIDHttpErrorCodeDomain", code: -51500,
        info: ["MSALHTTPResponseCodeKey": 429], codeName: "MSIDErrorServerUnhandledResponse", action: .retryAfter),
    ReceivedError(
        label: "MSIDKeychainErrorDomain -34018: as the OSStatus", domain: "MSIDKeychainErrorDomain", code: -34018,
        codeName: "errSecMissingEntitlement", action: .doNotRetry),
]

@Suite("classifying -50000 by its sub-code, and MSID errors as MSAL converts them")
struct SubcodeClassificationTests {
    @Test("each received error gets its names and the sub-code's action", arguments: receivedErrors)
    func received(_ example: ReceivedError) {
        var info: [String: Any] = [:]
        for (key, value) in example.info {
            switch key {
            case "MSALSTSErrorCodesKey": info[key] = [value]
            case "MSALHTTPResponseCodeKey": info[key] = String(value)
            default: info[key] = value
            }
        }
        let details = FailureDetails(classifying: NSError(domain: example.domain, code: example.code, userInfo: info))
        #expect(details.codeName == example.codeName)
        #expect(details.subcodeName == example.subcodeName)
        #expect(details.action == example.action)
    }

    @Test("the retry driver repeats a -50008 at once and stops on a device registration")
    func retryDriverDecisions() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let trail = try Trail(configuration: TrailConfiguration(directory: directory.url))
        defer { trail.shutdown(timeout: .testWait) }
        let driver = RetryDriver(trail: trail)
        let request = AcquisitionRequest(
            kind: .interactive, scopes: ["User.Read"], attempt: 1, operationID: OperationID())
        func failure(_ subcode: Int) -> FailureDetails {
            FailureDetails(
                classifying: NSError(
                    domain: "MSALErrorDomain", code: -50000, userInfo: ["MSALInternalErrorCodeKey": subcode]))
        }
        #expect(
            driver.decide(after: failure(-50008), of: request, elapsed: .zero)
                == .retry(kind: .interactive, scopes: ["User.Read"], wait: nil))
        #expect(driver.decide(after: failure(-50007), of: request, elapsed: .zero) == .stop)
    }
}

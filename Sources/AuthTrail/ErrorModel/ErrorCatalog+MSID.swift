// MSAL's internal codes: every value of IdentityCore's MSIDErrorCode (AzureAD/
// microsoft-authentication-library-common-for-objc, IdentityCore/src/MSIDError.h @ 39c211d), under the header's own
// names. Apps do not receive them, but MSAL's logs print them ("Processing an AAD error with error code -51412",
// "error: -51700 error domain: MSIDErrorDomain"), and an unconverted one can reach an app through a wrapper. Each
// entry says what the app receives instead (`convertedByMSAL`) and, unless the MSID code tells more than that, takes
// the received code's category and action.

extension ErrorCatalog {
    /// The domain MSAL's logs print for its internal codes. MSIDOAuthErrorDomain and MSIDHttpErrorCodeDomain share
    /// the same code table: a lookup in either finds these entries.
    package static let msidDomain = "MSIDErrorDomain"

    /// One MSIDErrorCode value: its header name, what it means, and, when the app can do better than the received
    /// code suggests, its own category and action.
    private struct MSIDRow {
        var code: Int
        var name: String
        var meaning: String
        var handling: (ErrorCategory, RecommendedAction)? = nil
    }

    /// MSID codes whose entry has its own action because the code tells more than the one the app receives.
    static let msidCodesWithOwnAction = Set(msidRows.filter { $0.handling != nil }.map(\.code))

    // Built from the MSAL tables directly, not through `entry(domain:code:)`, whose index includes these entries.
    static var msidErrors: [Entry] { msidRows.map(msidEntry) }

    private static func msidEntry(_ row: MSIDRow) -> Entry {
        let received = convertedByMSAL(domain: msidDomain, code: row.code)
        let receivedEntry =
            received.internalCode.flatMap { code in
                internalErrors.first { $0.code == code } ?? msalErrors.first { $0.code == code }
            } ?? msalErrors.first { $0.code == received.code }
        var reported = "MSALErrorDomain \(received.code)"
        if let internalCode = received.internalCode { reported += " with internal \(internalCode)" }
        if let name = receivedEntry?.name { reported += " \(name)" }
        let (category, action) =
            row.handling ?? (receivedEntry.map { ($0.category, $0.action) } ?? (.internalError, .showGenericMessage))
        return entry(msidDomain, row.code, row.name, category, action, "\(row.meaning); the app receives \(reported)")
    }

    private static let msidRows: [MSIDRow] = [
        // General (510xx, 511xx)
        MSIDRow(code: -51100, name: "MSIDErrorInternal", meaning: "an internal failure in MSAL's common core"),
        MSIDRow(
            code: -51111, name: "MSIDErrorInvalidInternalParameter",
            meaning: "MSAL passed an invalid parameter to its own core (an MSAL defect)"),
        MSIDRow(
            code: -51112, name: "MSIDErrorInvalidDeveloperParameter",
            meaning: "the app passed MSAL an invalid parameter"),
        MSIDRow(
            code: -51113, name: "MSIDErrorMissingAccountParameter",
            meaning: "the call needs an account and the app passed none"),
        MSIDRow(
            code: -51114, name: "MSIDErrorUnsupportedFunctionality",
            meaning: "the operation is not supported on this platform or in this configuration",
            handling: (.configuration, .doNotRetry)),
        MSIDRow(
            code: -51115, name: "MSIDErrorInteractionRequired",
            meaning: "the request needs the user (interaction_required, or the SSO extension could not finish silently)"
        ),
        MSIDRow(
            code: -51116, name: "MSIDErrorServerNonHttpsRedirect",
            meaning: "the server redirected to a URL that is not HTTPS"),
        MSIDRow(
            code: -51117, name: "MSIDErrorMismatchedAccount",
            meaning: "the user signed in with another account than the one the request named"),
        MSIDRow(
            code: -51118, name: "MSIDErrorRedirectSchemeNotRegistered",
            meaning: "the redirect URI's scheme is not registered in the app's Info.plist"),
        MSIDRow(
            code: -51119, name: "MSIDErrorInvalidRedirectURI",
            meaning: "the redirect URI is not valid for this app (msauth.<bundle id>://auth expected)"),
        MSIDRow(
            code: -51120, name: "MSIDErrorBoundAppRefreshTokenRedemptionError",
            meaning: "redeeming a device-bound refresh token failed; MSAL falls back to a regular refresh token"),
        // Cache (512xx)
        MSIDRow(
            code: -51200, name: "MSIDErrorCacheMultipleUsers",
            meaning: "several cached accounts match the request; pass one account"),
        MSIDRow(
            code: -51201, name: "MSIDErrorCacheBadFormat", meaning: "a cache item could not be read (unexpected format)"
        ),
        // Server (514xx, MSIDOAuthErrorDomain)
        MSIDRow(
            code: -51400, name: "MSIDErrorServerOauth",
            meaning: "the server answered an OAuth error MSAL has no specific code for"),
        MSIDRow(
            code: -51401, name: "MSIDErrorServerInvalidResponse", meaning: "the server's response could not be used"),
        MSIDRow(
            code: -514102, name: "MSIDErrorServerRefreshTokenRejected",
            meaning: "the refresh token was rejected (a code only ADAL raises)",
            handling: (.interactionRequired, .acquireInteractively)),
        MSIDRow(
            code: -51410, name: "MSIDErrorServerInvalidRequest",
            meaning: "the server answered OAuth invalid_request (the request is malformed)"),
        MSIDRow(
            code: -51411, name: "MSIDErrorServerInvalidClient",
            meaning: "the server answered OAuth invalid_client (client id or app registration)"),
        MSIDRow(
            code: -51412, name: "MSIDErrorServerInvalidGrant",
            meaning: "the server answered OAuth invalid_grant (refresh token expired or revoked, or a policy such as "
                + "MFA needs the user); a silent call reports it as -50002"),
        MSIDRow(
            code: -51413, name: "MSIDErrorServerInvalidScope", meaning: "the server answered OAuth invalid_scope"),
        MSIDRow(
            code: -51414, name: "MSIDErrorServerUnauthorizedClient",
            meaning: "the server answered OAuth unauthorized_client"),
        MSIDRow(
            code: -51415, name: "MSIDErrorServerDeclinedScopes",
            meaning: "the server granted fewer scopes than requested"),
        MSIDRow(
            code: -51416, name: "MSIDErrorServerAccessDenied",
            meaning: "the server answered OAuth access_denied (the user or a policy refused; Azure AD B2C also uses "
                + "it for its AADB2C90118 and AADB2C90091)"),
        MSIDRow(code: -51417, name: "MSIDErrorServerError", meaning: "the server answered OAuth server_error"),
        MSIDRow(
            code: -51420, name: "MSIDErrorServerInvalidState",
            meaning: "the state returned by the server does not match the request"),
        MSIDRow(
            code: -51430, name: "MSIDErrorServerProtectionPoliciesRequired",
            meaning: "Intune app protection policies are required for this resource"),
        MSIDRow(
            code: -51440, name: "MSIDErrorAuthorizationFailed",
            meaning: "the interactive authorization failed with an OAuth error from the authorize endpoint"),
        // HTTP (515xx, MSIDHttpErrorCodeDomain)
        MSIDRow(
            code: -51500, name: "MSIDErrorServerUnhandledResponse",
            meaning: "an HTTP status MSAL does not handle (429, or 5xx after its own retry); see the status and "
                + "Retry-After"),
        MSIDRow(code: -51501, name: "MSIDErrorUnexpectedHttpResponse", meaning: "an HTTP 403 or 404 response"),
        // Authority validation (516xx)
        MSIDRow(
            code: -51600, name: "MSIDErrorAuthorityValidation",
            meaning: "the authority URL failed validation (wrong tenant, cloud or B2C authority setup)"),
        // Interactive flow (517xx)
        MSIDRow(code: -51700, name: "MSIDErrorUserCancel", meaning: "the user cancelled the sign-in"),
        MSIDRow(
            code: -51701, name: "MSIDErrorSessionCanceledProgrammatically",
            meaning: "the app cancelled the interactive session"),
        MSIDRow(
            code: -51702, name: "MSIDErrorInteractiveSessionStartFailure",
            meaning: "the interactive session could not start (the web session or broker refused to open)",
            handling: (.configuration, .doNotRetry)),
        MSIDRow(
            code: -51710, name: "MSIDErrorInteractiveSessionAlreadyRunning",
            meaning: "another interactive session is already running"),
        MSIDRow(
            code: -51720, name: "MSIDErrorNoMainViewController",
            meaning: "no view controller to present the sign-in from"),
        MSIDRow(
            code: -51730, name: "MSIDErrorAttemptToOpenURLFromExtension",
            meaning: "an app extension tried to open a URL"),
        MSIDRow(
            code: -51731, name: "MSIDErrorUINotSupportedInExtension",
            meaning: "interactive sign-in is not possible in an app extension"),
        MSIDRow(
            code: -51732, name: "MSIDErrorInsufficientDeviceStrength",
            meaning: "the device's workplace-join registration must be upgraded"),
        MSIDRow(
            code: -51733, name: "MSIDErrorMDMEnrollmentCompletedNeedsRetry",
            meaning: "MDM enrollment finished during the sign-in; the request must be repeated"),
        MSIDRow(
            code: -51734, name: "MSIDErrorInvalidASWebAuthenticationURL",
            meaning: "the URL given to ASWebAuthenticationSession is invalid"),
        // Broker (518xx)
        MSIDRow(
            code: -51800, name: "MSIDErrorBrokerResponseNotReceived",
            meaning: "the user came back from the broker without finishing"),
        MSIDRow(
            code: -51801, name: "MSIDErrorBrokerNoResumeStateFound",
            meaning: "the saved state to resume after the broker is missing"),
        MSIDRow(
            code: -51802, name: "MSIDErrorBrokerBadResumeStateFound",
            meaning: "the saved state to resume after the broker is incomplete"),
        MSIDRow(
            code: -51803, name: "MSIDErrorBrokerMismatchedResumeState",
            meaning: "the broker's answer does not match the saved resume state"),
        MSIDRow(
            code: -51804, name: "MSIDErrorBrokerResponseHashMissing", meaning: "the broker's answer has no hash"),
        MSIDRow(
            code: -51805, name: "MSIDErrorBrokerCorruptedResponse",
            meaning: "the broker's (or SSO extension's) answer is corrupted or unusable"),
        MSIDRow(
            code: -51806, name: "MSIDErrorBrokerResponseDecryptionFailed",
            meaning: "the broker's answer could not be decrypted"),
        MSIDRow(
            code: -51807, name: "MSIDErrorBrokerResponseHashMismatch",
            meaning: "the broker's answer failed its hash check"),
        MSIDRow(
            code: -51808, name: "MSIDErrorBrokerKeyFailedToCreate",
            meaning: "the broker key could not be created (often a keychain entitlement problem, -34018)"),
        MSIDRow(code: -51809, name: "MSIDErrorBrokerKeyNotFound", meaning: "the broker key could not be read"),
        MSIDRow(
            code: -51810, name: "MSIDErrorWorkplaceJoinRequired",
            meaning: "the device must be registered (workplace join) for this resource"),
        MSIDRow(code: -51811, name: "MSIDErrorBrokerUnknown", meaning: "the broker returned an unknown error"),
        MSIDRow(
            code: -51812, name: "MSIDErrorBrokerApplicationTokenWriteFailed",
            meaning: "the broker application token could not be saved"),
        MSIDRow(
            code: -51813, name: "MSIDErrorBrokerApplicationTokenReadFailed",
            meaning: "the broker application token could not be read"),
        MSIDRow(
            code: -51814, name: "MSIDErrorBrokerNotAvailable", meaning: "no broker is available on this device"),
        MSIDRow(
            code: -51815, name: "MSIDErrorSSOExtensionUnexpectedError",
            meaning: "the Enterprise SSO extension failed unexpectedly", handling: (.broker, .showGenericMessage)),
        // Just-in-time linking and Platform SSO (51816-51845)
        MSIDRow(
            code: -51816, name: "MSIDErrorJITLinkServerConfirmationTimeout",
            meaning: "just-in-time device linking: the server's confirmation timed out",
            handling: (.compliance, .showGenericMessage)),
        MSIDRow(
            code: -51817, name: "MSIDErrorJITLinkServerConfirmationError",
            meaning: "just-in-time device linking: the server's confirmation failed"),
        MSIDRow(
            code: -51818, name: "MSIDErrorJITLinkAcquireTokenError",
            meaning: "just-in-time device linking: the Intune token could not be acquired"),
        MSIDRow(
            code: -51819, name: "MSIDErrorJITLinkTokenAcquiredWrongTenant",
            meaning: "just-in-time device linking: the token came from the wrong tenant"),
        MSIDRow(code: -51820, name: "MSIDErrorJITLinkError", meaning: "just-in-time device linking failed"),
        MSIDRow(
            code: -51821, name: "MSIDErrorJITComplianceCheckResultNotCompliant",
            meaning: "just-in-time compliance check: the device is not compliant"),
        MSIDRow(
            code: -51822, name: "MSIDErrorJITComplianceCheckResultTimeout",
            meaning: "just-in-time compliance check: Company Portal timed out"),
        MSIDRow(
            code: -51823, name: "MSIDErrorJITComplianceCheckResultUnknown",
            meaning: "just-in-time compliance check: unknown result"),
        MSIDRow(
            code: -51824, name: "MSIDErrorJITComplianceCheckInvalidLinkPayload",
            meaning: "just-in-time compliance check: the SSO configuration's link payload is invalid"),
        MSIDRow(
            code: -51825, name: "MSIDErrorJITComplianceCheckCreateController",
            meaning: "just-in-time compliance check: its web view could not be created"),
        MSIDRow(
            code: -51826, name: "MSIDErrorJITLinkConfigNotFound",
            meaning: "just-in-time device linking: no link configuration"),
        MSIDRow(
            code: -51827, name: "MSIDErrorJITInvalidLinkTokenConfig",
            meaning: "just-in-time device linking: the link token configuration is invalid"),
        MSIDRow(
            code: -51828, name: "MSIDErrorJITWPJDeviceRegistrationFailed",
            meaning: "just-in-time linking: device registration (workplace join) failed"),
        MSIDRow(
            code: -51829, name: "MSIDErrorJITWPJAccountIdentifierNil",
            meaning: "just-in-time linking: the registration's account identifier is missing"),
        MSIDRow(
            code: -51830, name: "MSIDErrorJITWPJAcquireTokenError",
            meaning: "just-in-time linking: the broker token could not be acquired"),
        MSIDRow(
            code: -51831, name: "MSIDErrorJITRetryRequired",
            meaning: "just-in-time linking or registration must be run again"),
        MSIDRow(
            code: -51832, name: "MSIDErrorJITUnknownStatusWebCP",
            meaning: "just-in-time troubleshooting: unexpected status from the web Company Portal"),
        MSIDRow(
            code: -51833, name: "MSIDErrorJITTroubleshootingRequired",
            meaning: "just-in-time troubleshooting is needed"),
        MSIDRow(
            code: -51834, name: "MSIDErrorJITTroubleshootingCreateController",
            meaning: "just-in-time troubleshooting: its web view could not be created"),
        MSIDRow(
            code: -51835, name: "MSIDErrorJITTroubleshootingResultUnknown",
            meaning: "just-in-time troubleshooting: unknown result"),
        MSIDRow(
            code: -51836, name: "MSIDErrorJITTroubleshootingAcquireToken",
            meaning: "just-in-time troubleshooting: token acquisition failed"),
        MSIDRow(
            code: -51837, name: "MSIDErrorDeviceNotPSSORegistered",
            meaning: "the device is not registered for Platform SSO"),
        MSIDRow(
            code: -51838, name: "MSIDErrorPSSOKeyIdMismatch",
            meaning: "Platform SSO: the stored passkey key id does not match the device key; reconfigure"),
        MSIDRow(
            code: -51839, name: "MSIDErrorJITErrorHandlingConfigNotFound",
            meaning: "just-in-time error-handling configuration missing or invalid"),
        MSIDRow(
            code: -51840, name: "MSIDErrorPSSOBiometricPolicyMismatch",
            meaning: "Platform SSO: the biometric policy differs from the configuration"),
        MSIDRow(
            code: -51841, name: "MSIDErrorPSSOInvalidPasskeyExtension",
            meaning: "Platform SSO: a passkey extension other than Entra's tried to use the passkey"),
        MSIDRow(
            code: -51842, name: "MSIDErrorPSSOSaveLoginConfigFailure",
            meaning: "Platform SSO: the login configuration could not be saved"),
        MSIDRow(
            code: -51843, name: "MSIDErrorPSSOPasskeyLAError",
            meaning: "Platform SSO: the passkey was used without the biometrics its policy requires"),
        MSIDRow(
            code: -51844, name: "MSIDErrorPSSOBiometricsNotEnrolled",
            meaning: "Platform SSO: registration needs biometrics and none are enrolled"),
        MSIDRow(
            code: -51845, name: "MSIDErrorPSSOBiometricsNotAvailable",
            meaning: "Platform SSO: registration needs biometrics and the hardware has none"),
        // Throttling, broker app state, XPC (519xx, 520xx)
        MSIDRow(
            code: -51900, name: "MSIDErrorThrottleCacheNoRecord",
            meaning: "MSAL's throttling cache has no record for the request (internal bookkeeping)"),
        MSIDRow(
            code: -51901, name: "MSIDErrorThrottleCacheInvalidSignature",
            meaning: "a throttling cache record failed its signature check (internal bookkeeping)"),
        MSIDRow(
            code: -51902, name: "MSIDErrorBrokerAppIsInactive",
            meaning: "the broker could not be opened because the app was not active; repeat the request once the "
                + "app is in the foreground",
            handling: (.broker, .repeatRequest)),
        MSIDRow(
            code: -51903, name: "MSIDErrorBrokerAppIsInBackground",
            meaning: "the broker could not be opened because the app was in the background; repeat the request once "
                + "the app is in the foreground",
            handling: (.broker, .repeatRequest)),
        MSIDRow(
            code: -52001, name: "MSIDErrorBrokerXpcUnexpectedError",
            meaning: "the call to the macOS broker over XPC failed unexpectedly",
            handling: (.broker, .showGenericMessage)),
        // invalid_request with STS code 50142
        MSIDRow(
            code: -50142, name: "MSIDErrorServerInvalidRequestResetPasswordRequired",
            meaning: "the server answered invalid_request with AADSTS50142: the password must be changed"),
    ]
}

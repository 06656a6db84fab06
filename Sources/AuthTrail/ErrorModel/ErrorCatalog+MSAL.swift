// MSAL for iOS/macOS: `MSALError` and `MSALInternalError` from MSAL/src/public/MSALError.h (2.14.0). Names are the
// Swift names (the ObjC name without its `MSAL` prefix, first letter lowered).

extension ErrorCatalog {
    static let msalErrors: [Entry] = [
        entry(
            msal, -50000, "internal", .internalError, .showGenericMessage,
            "unrecoverable; read the internal sub-code (MSALInternalErrorCodeKey) for the detail"),
        entry(
            msal, -50001, "workplaceJoinRequired", .compliance, .doNotRetry,
            "the device must be registered (workplace join) before this resource can be used"),
        entry(
            msal, -50002, "interactionRequired", .interactionRequired, .acquireInteractively,
            "the silent call failed; retry the same request interactively"),
        entry(
            msal, -50003, "serverDeclinedScopes", .declinedScopes, .continueWithGrantedScopes,
            "some scopes were not granted; see the granted and declined scopes"),
        entry(
            msal, -50004, "serverProtectionPoliciesRequired", .compliance, .remediateCompliance,
            "Intune app protection (MAM) is required; remediate through the Intune SDK"),
        entry(
            msal, -50005, "userCanceled", .cancellation, .userCancelled,
            "the user closed the web or broker UI (the server's access_denied also maps here)"),
        entry(
            msal, -50006, "serverError", .serverFailure, .retryWithBackoff,
            "the STS returned error=server_error"),
        entry(
            msal, -50007, "insufficientDeviceStrength", .compliance, .acquireInteractively,
            "the device registration must be upgraded (upgrade join)"),
        entry(
            msal, -50008, "mdmEnrollmentCompletedNeedsRetry", .compliance, .retryWithBackoff,
            "MDM enrollment has finished; repeat the request"),
        entry(
            msal, -50142, "serverInvalidRequestResetPasswordRequired", .interactionRequired, .acquireInteractively,
            "the server requires a password reset (invalid_request with AADSTS50142)"),
    ]

    static let internalErrors: [Entry] = [
        internalEntry(-42000, "internalErrorInvalidParameter", .configuration, "a parameter passed to MSAL is invalid"),
        internalEntry(
            -42001, "internalErrorRedirectSchemeNotRegistered", .configuration,
            "the redirect URI scheme is not registered in the app's Info.plist"),
        internalEntry(
            -42002, "internalErrorInvalidRequest", .configuration, "the server answered OAuth invalid_request"),
        internalEntry(
            -42003, "internalErrorInvalidClient", .configuration,
            "the server answered OAuth invalid_client (wrong client id or app registration)"),
        internalEntry(
            -42004, "internalErrorInvalidGrant", .interactionRequired,
            "the server answered OAuth invalid_grant (refresh token expired, revoked or MFA needed)"),
        internalEntry(-42005, "internalErrorInvalidScope", .configuration, "the server answered OAuth invalid_scope"),
        internalEntry(
            -42006, "internalErrorUnauthorizedClient", .configuration,
            "the server answered OAuth unauthorized_client"),
        internalEntry(
            -42007, "internalErrorUnhandledResponse", .serverFailure,
            "an HTTP status MSAL does not handle (429, 5xx after its retry); see the HTTP status and headers"),
        internalEntry(
            -42008, "internalErrorUnexpected", .internalError,
            "an unexpected error (also unmapped MSID codes; the original code is only in MSAL's logs)"),
        internalEntry(
            -42009, "internalErrorUnexpectedHttpResponse", .serverFailure,
            "an unexpected HTTP response (403 or 404)"),
        internalEntry(
            -42010, "internalErrorFailedAuthorityValidation", .configuration,
            "the authority could not be validated"),
        internalEntry(
            -42011, "internalErrorInvalidRedirectURI", .configuration,
            "the redirect URI is invalid or does not match the app registration"),
        internalEntry(
            -42101, "internalErrorMismatchedUser", .account,
            "the user who signed in is not the account the request was for"),
        internalEntry(
            -42102, "internalErrorAmbiguousAccount", .account,
            "several cached accounts match; pass an account"),
        internalEntry(
            -42104, "internalErrorAuthorizationFailed", .serverFailure,
            "authorization failed (an OAuth error MSAL has no specific code for)"),
        internalEntry(
            -42106, "internalErrorAccountRequired", .configuration,
            "the request needs an account and none was passed"),
        internalEntry(
            -42401, "internalErrorSessionCanceled", .cancellation,
            "the authorization session was cancelled programmatically"),
        internalEntry(
            -42402, "internalErrorInteractiveSessionAlreadyRunning", .configuration,
            "another interactive session is already running"),
        internalEntry(
            -42403, "internalErrorNoViewController", .configuration,
            "no view controller to present the sign-in UI from"),
        internalEntry(
            -42404, "internalErrorAttemptToOpenURLFromExtension", .configuration,
            "an app extension tried to open a URL"),
        internalEntry(
            -42405, "internalErrorUINotSupportedInExtension", .configuration,
            "interactive UI is not supported in an app extension"),
        internalEntry(
            -42501, "internalErrorInvalidState", .serverFailure,
            "the state returned by the server does not match the request"),
        internalEntry(-42600, "internalErrorInvalidResponse", .serverFailure, "the server's response is invalid"),
        internalEntry(
            -42602, "internalErrorNonHttpsRedirect", .configuration,
            "the server redirected to a non-HTTPS URL"),
        internalEntry(
            -42700, "internalErrorBrokerResponseNotReceived", .broker,
            "the user returned from the broker without finishing authentication"),
        internalEntry(-42701, "internalErrorBrokerNoResumeStateFound", .broker, "no broker resume state was found"),
        internalEntry(-42702, "internalErrorBrokerBadResumeStateFound", .broker, "the broker resume state is invalid"),
        internalEntry(
            -42703, "internalErrorBrokerMismatchedResumeState", .broker,
            "the broker resume state does not match the request"),
        internalEntry(-42704, "internalErrorBrokerResponseHashMissing", .broker, "the broker response has no hash"),
        internalEntry(-42705, "internalErrorBrokerCorruptedResponse", .broker, "the broker response is corrupted"),
        internalEntry(
            -42706, "internalErrorBrokerResponseDecryptionFailed", .broker,
            "the broker response could not be decrypted"),
        internalEntry(
            -42707, "internalErrorBrokerResponseHashMismatch", .broker,
            "the broker response hash does not match"),
        internalEntry(-42708, "internalErrorBrokerKeyFailedToCreate", .broker, "the broker key could not be created"),
        internalEntry(-42709, "internalErrorBrokerKeyNotFound", .broker, "the broker key was not found"),
        internalEntry(-42711, "internalErrorBrokerUnknown", .broker, "an unknown broker error"),
        internalEntry(
            -42712, "internalErrorBrokerApplicationTokenWriteFailed", .broker,
            "the broker application token could not be written"),
        internalEntry(
            -42713, "internalErrorBrokerApplicationTokenReadFailed", .broker,
            "the broker application token could not be read"),
        internalEntry(-42714, "internalBrokerNotAvailable", .broker, "the broker is not available on this device"),
        internalEntry(
            -42715, "internalErrorJITLinkServerConfirmationError", .compliance,
            "just-in-time device linking: server confirmation failed"),
        internalEntry(
            -42716, "internalErrorJITLinkAcquireTokenError", .compliance,
            "just-in-time device linking: token acquisition failed"),
        internalEntry(
            -42717, "internalErrorJITLinkTokenAcquiredWrongTenant", .compliance,
            "just-in-time device linking: the token came from the wrong tenant"),
        internalEntry(-42718, "internalErrorJITLinkError", .compliance, "just-in-time device linking failed"),
        internalEntry(
            -42719, "internalErrorJITComplianceCheckResultNotCompliant", .compliance,
            "just-in-time compliance check: the device is not compliant"),
        internalEntry(
            -42720, "internalErrorJITComplianceCheckResultTimeout", .compliance,
            "just-in-time compliance check timed out"),
        internalEntry(
            -42721, "internalErrorJITComplianceCheckResultUnknown", .compliance,
            "just-in-time compliance check: unknown result"),
        internalEntry(
            -42722, "errorJITComplianceCheckInvalidLinkPayload", .compliance,
            "just-in-time compliance check: invalid link payload"),
        internalEntry(
            -42723, "errorJITComplianceCheckCreateController", .compliance,
            "just-in-time compliance check: the controller could not be created"),
        internalEntry(
            -42724, "errorJITLinkConfigNotFound", .compliance,
            "just-in-time device linking: configuration not found"),
        internalEntry(
            -42725, "errorJITInvalidLinkTokenConfig", .compliance,
            "just-in-time device linking: invalid link token configuration"),
        internalEntry(
            -42726, "errorJITWPJDeviceRegistrationFailed", .compliance,
            "just-in-time linking: workplace-join device registration failed"),
        internalEntry(
            -42727, "errorJITWPJAccountIdentifierNil", .compliance,
            "just-in-time linking: the workplace-join account identifier is missing"),
        internalEntry(
            -42728, "errorJITWPJAcquireTokenError", .compliance,
            "just-in-time linking: workplace-join token acquisition failed"),
        internalEntry(
            -42729, "errorJITRetryRequired", .compliance, "just-in-time linking: the request must be repeated"),
        internalEntry(
            -42730, "errorJITUnknownStatusWebCP", .compliance,
            "just-in-time linking: unknown status from the web Company Portal"),
        internalEntry(
            -42731, "errorJITTroubleshootingCreateController", .compliance,
            "just-in-time troubleshooting: the controller could not be created"),
        internalEntry(
            -42732, "errorJITTroubleshootingAcquireToken", .compliance,
            "just-in-time troubleshooting: token acquisition failed"),
        internalEntry(
            -42733, "internalErrorJITLinkServerConfirmationTimeout", .compliance,
            "just-in-time device linking: server confirmation timed out (in practice reported as -42008)"),
        internalEntry(
            -42734, "errorJITTroubleshootingRequired", .compliance, "just-in-time troubleshooting is required"),
        internalEntry(
            -42735, "errorJITTroubleshootingResultUnknown", .compliance,
            "just-in-time troubleshooting: unknown result"),
        internalEntry(
            -42736, "errorDeviceNotPSSORegistered", .compliance,
            "the device is not registered for Platform SSO"),
        internalEntry(-42737, "errorPSSOKeyIdMismatch", .compliance, "Platform SSO: the key id does not match"),
        internalEntry(
            -42738, "errorJITErrorHandlingConfigNotFound", .compliance,
            "just-in-time error handling configuration not found"),
        internalEntry(
            -42739, "errorPSSOBiometricPolicyMismatch", .compliance,
            "Platform SSO: the biometric policy does not match"),
        internalEntry(
            -42740, "errorPSSOInvalidPasskeyExtension", .compliance, "Platform SSO: invalid passkey extension"),
        internalEntry(
            -42741, "errorPSSOSaveLoginConfigFailure", .compliance,
            "Platform SSO: the login configuration could not be saved"),
        internalEntry(
            -42742, "errorPSSOPasskeyLAError", .compliance,
            "Platform SSO: LocalAuthentication failed for the passkey"),
        internalEntry(
            -42743, "errorPSSOBiometricsNotAvailable", .compliance, "Platform SSO: biometrics are not available"),
        internalEntry(
            -42744, "errorPSSOBiometricsNotEnrolled", .compliance, "Platform SSO: biometrics are not enrolled"),
        internalEntry(
            -42745, "internalErrorInvalidASWebAuthenticationURL", .configuration,
            "the URL for ASWebAuthenticationSession is invalid"),
    ]

    // Microsoft: "The MSALInternalError enum should only be used for reference and debugging. Do not try to
    // automatically handle these errors at runtime": every internal code gets the generic-message action.
    private static func internalEntry(
        _ code: Int, _ name: String, _ category: ErrorCategory, _ meaning: String
    ) -> Entry {
        entry(internalDomain, code, name, category, .showGenericMessage, meaning)
    }
}

// MSAL 0.1–0.3.5 returned its -42xxx codes as the top-level code of MSALErrorDomain errors (enum MSALErrorCode in
// MSAL/src/public/MSALError.h of tags 0.1.4, 0.2.3 and 0.3.5; 0.4.0 moved them under MSALInternalErrorCodeKey behind
// -50000…-50005). Old tickets and samples still show them. Since 0.4.0 a top-level MSALErrorDomain -42xxx code does
// not occur (classification wraps it in -50000), so these entries describe what such a paste means. Names are the
// Swift names of 0.3.5 (the MSALError prefix dropped), or of the last tag that had the value; some values changed
// meaning between tags, as the meaning says. Tests/Reference/MSALError-0.x.h.enums.txt holds the enum lines.

extension ErrorCatalog {
    static let legacyMSALErrors: [Entry] = [
        legacy(-42000, "invalidParameter", .configuration, .doNotRetry, "a parameter passed to MSAL is invalid"),
        legacy(
            -42001, "redirectSchemeNotRegistered", .configuration, .doNotRetry,
            "the redirect URI scheme is not registered in the app's Info.plist"),
        legacy(-42002, "invalidRequest", .configuration, .doNotRetry, "the server answered OAuth invalid_request"),
        legacy(
            -42003, "invalidClient", .configuration, .doNotRetry,
            "the server answered OAuth invalid_client (client id or registration)"),
        legacy(
            -42004, "invalidGrant", .interactionRequired, .acquireInteractively,
            "the server answered OAuth invalid_grant (in 0.1.2-0.1.3 this value was failedAuthorityValidation)"),
        legacy(-42005, "invalidScope", .configuration, .doNotRetry, "the server answered OAuth invalid_scope"),
        legacy(
            -42006, "unauthorizedClient", .configuration, .doNotRetry,
            "the server answered OAuth unauthorized_client (in 0.2.x this value was unhandledResponse, an HTTP "
                + "status MSAL did not handle)"),
        legacy(
            -42007, "unhandledResponse", .serverFailure, .retryWithBackoff,
            "an HTTP status MSAL did not handle (in 0.2.x this value was serverDeclinedScopes)"),
        legacy(
            -42008, "serverDeclinedScopes", .declinedScopes, .continueWithGrantedScopes,
            "the server granted fewer scopes than requested (0.3.x)"),
        legacy(
            -42010, "failedAuthorityValidation", .configuration, .doNotRetry, "the authority could not be validated"),
        legacy(
            -42100, "interactionRequired", .interactionRequired, .acquireInteractively,
            "the silent call failed; repeat it interactively"),
        legacy(
            -42101, "mismatchedUser", .account, .doNotRetry,
            "the user who signed in is not the account the request was for"),
        legacy(
            -42102, "noAuthorizationResponse", .serverFailure, .showGenericMessage,
            "the authorization returned no response (0.1-0.2)"),
        legacy(
            -42103, "badAuthorizationResponse", .serverFailure, .showGenericMessage,
            "the authorization response could not be read (0.1-0.2)"),
        legacy(
            -42104, "authorizationFailed", .serverFailure, .showGenericMessage,
            "the authorization failed with an OAuth error (0.1.2-0.1.3 also named this value userRequired)"),
        legacy(
            -42105, "badTokenResponse", .serverFailure, .showGenericMessage,
            "the token response lacked an access or ID token (named noAccessTokenInResponse in 0.1.x)"),
        legacy(
            -42106, "accountRequired", .configuration, .doNotRetry,
            "the request needs an account and none was passed"),
        legacy(
            -42200, "tokenCacheItemFailure", .keychain, .showGenericMessage,
            "a token cache item could not be read or written (0.1-0.2)"),
        legacy(
            -42201, "ambiguousAuthority", .configuration, .doNotRetry,
            "several cached authorities match; pass one (0.1-0.2)"),
        legacy(
            -42202, "userNotFound", .interactionRequired, .acquireInteractively,
            "no cached user for the request (0.1-0.2)"),
        legacy(
            -42203, "noAccessTokensFound", .interactionRequired, .acquireInteractively,
            "no cached access token for the request (0.1-0.2)"),
        legacy(
            -42270, "wrapperCacheFailure", .keychain, .showGenericMessage,
            "the cache wrapper failed (0.1-0.2)"),
        legacy(
            -42300, "networkFailure", .connectivity, .retryWithBackoff,
            "the network request failed (0.1-0.2)"),
        legacy(
            -42400, "userCanceled", .cancellation, .userCancelled, "the user cancelled the sign-in"),
        legacy(
            -42401, "sessionCanceled", .cancellation, .userCancelled,
            "the app cancelled the authorization session"),
        legacy(
            -42402, "interactiveSessionAlreadyRunning", .configuration, .doNotRetry,
            "another interactive session was already running"),
        legacy(
            -42403, "noViewController", .configuration, .doNotRetry, "no view controller to present the sign-in from"),
        legacy(
            -42404, "attemptToOpenURLFromExtension", .configuration, .doNotRetry,
            "an app extension tried to open a URL"),
        legacy(
            -42405, "uiNotSupportedInExtension", .configuration, .doNotRetry,
            "interactive sign-in is not possible in an app extension (0.3.x)"),
        legacy(-42500, "internal", .internalError, .showGenericMessage, "an internal MSAL error"),
        legacy(
            -42501, "invalidState", .serverFailure, .showGenericMessage,
            "the state returned by the server does not match the request"),
        legacy(-42600, "invalidResponse", .serverFailure, .showGenericMessage, "the server's response is invalid"),
        legacy(
            -42601, "refreshTokenRejected", .interactionRequired, .acquireInteractively,
            "the refresh token was rejected (0.1-0.2)"),
        legacy(
            -42602, "nonHttpsRedirect", .configuration, .doNotRetry, "the server redirected to a non-HTTPS URL"),
        legacy(
            -42603, "serverProtectionPoliciesRequired", .compliance, .remediateCompliance,
            "Intune app protection is required; remediate through the Intune SDK"),
        legacy(
            -42700, "brokerResponseNotReceived", .broker, .showGenericMessage,
            "the user returned from the broker without finishing (0.3.x)"),
        legacy(-42701, "brokerNoResumeStateFound", .broker, .showGenericMessage, "no broker resume state (0.3.x)"),
        legacy(
            -42702, "brokerBadResumeStateFound", .broker, .showGenericMessage,
            "the broker resume state is incomplete (0.3.x)"),
        legacy(
            -42703, "brokerMismatchedResumeState", .broker, .showGenericMessage,
            "the broker response does not match the resume state (0.3.x)"),
        legacy(
            -42704, "brokerResponseHashMissing", .broker, .showGenericMessage,
            "the broker response has no hash (0.3.x)"),
        legacy(
            -42705, "brokerCorruptedResponse", .broker, .showGenericMessage, "the broker response is corrupted (0.3.x)"),
        legacy(
            -42706, "brokerResponseDecryptionFailed", .broker, .showGenericMessage,
            "the broker response could not be decrypted (0.3.x)"),
        legacy(
            -42707, "brokerResponseHashMismatch", .broker, .showGenericMessage,
            "the broker response failed its hash check (0.3.x)"),
        legacy(
            -42708, "brokerKeyFailedToCreate", .broker, .showGenericMessage,
            "the broker key could not be created (0.3.x)"),
        legacy(-42709, "brokerKeyNotFound", .broker, .showGenericMessage, "the broker key was not found (0.3.x)"),
        legacy(
            -42710, "workplaceJoinRequired", .compliance, .registerDevice,
            "the device must be registered (workplace join) (0.3.x)"),
        legacy(-42711, "brokerUnknown", .broker, .showGenericMessage, "an unknown broker error (0.3.x)"),
    ]

    private static func legacy(
        _ code: Int, _ name: String, _ category: ErrorCategory, _ action: RecommendedAction, _ meaning: String
    ) -> Entry {
        Entry(
            domain: msal, code: code, name: name,
            meaning: "MSAL 0.x (before 0.4.0) top-level code: \(meaning); since 0.4.0 this value only appears as "
                + "MSALInternalErrorCodeKey under -50000",
            category: category, action: action, isLegacy: true)
    }
}

// Names are the Entra table's where it gives one (50142 is MSAL's header name); 50089 and 7000218 have none there, so
// theirs describe the message.
// Microsoft Entra AADSTS codes client apps commonly meet (entra-docs reference-error-codes.md; Microsoft warns clients
// not to branch on these numbers, so they refine the action only when MSAL's own code does not decide it), and the
// HTTP statuses MSAL surfaces as internal -42007/-42009 (RFC 9110, RFC 6585).

extension ErrorCatalog {
    static let stsErrors: [Entry] = [
        sts(
            50020, "UserUnauthorized", .account, .doNotRetry,
            "the user is not a member or guest of this tenant; use another account or ask the admin for an invite"),
        sts(
            50034, "UserAccountNotFound", .interactionRequired, .acquireInteractively,
            "the account does not exist in the directory; the user re-enters the name"),
        sts(
            50053, "IdsLocked", .account, .doNotRetry,
            "the account is locked, or sign-in came from a malicious IP; do not retry in a loop"),
        sts(50057, "UserDisabled", .account, .doNotRetry, "the account is disabled (admin)"),
        sts(
            50058, "UserInformationNotProvided", .interactionRequired, .acquireInteractively,
            "no single sign-on session; the user must sign in"),
        sts(
            50076, "UserStrongAuthClientAuthNRequired", .interactionRequired, .acquireInteractively,
            "multi-factor authentication is required"),
        sts(
            50078, "UserStrongAuthExpired", .interactionRequired, .acquireInteractively,
            "the multi-factor authentication claim expired"),
        sts(
            50079, "UserStrongAuthEnrollmentRequired", .interactionRequired, .acquireInteractively,
            "the user must register for multi-factor authentication"),
        sts(
            50089, "FlowTokenExpired", .interactionRequired, .acquireInteractively,
            "the authentication flow token expired; restart the interactive sign-in"),
        sts(
            50105, "EntitlementGrantsNotFound", .account, .doNotRetry,
            "the user is not assigned to a role for this app (admin)"),
        sts(
            50126, "InvalidUserNameOrPassword", .credentials, .acquireInteractively,
            "wrong user name or password; the user tries again"),
        sts(
            50142, "SecureChangePasswordDueToConditionalAccess", .interactionRequired, .acquireInteractively,
            "conditional access requires a password change (MSAL -50142)"),
        sts(
            50158, "ExternalSecurityChallenge", .interactionRequired, .acquireInteractively,
            "an external security challenge was not satisfied"),
        sts(
            50173, "FreshTokenNeeded", .interactionRequired, .acquireInteractively,
            "the grant was revoked; a fresh sign-in is needed"),
        sts(
            50196, "LoopDetected", .throttling, .retryWithBackoff,
            "the client sent the same request in a loop; fix token caching and back off"),
        sts(
            53000, "DeviceNotCompliant", .compliance, .acquireInteractively,
            "conditional access requires a compliant (managed) device; enrol or remediate interactively"),
        sts(
            53001, "DeviceNotDomainJoined", .compliance, .doNotRetry,
            "conditional access requires a domain-joined device (not possible on mobile)"),
        sts(
            53002, "ApplicationUsedIsNotAnApprovedApp", .compliance, .doNotRetry,
            "conditional access requires an approved client app or the broker"),
        sts(
            53003, "BlockedByConditionalAccess", .account, .doNotRetry,
            "conditional access blocked the sign-in; show a message"),
        sts(
            54005, "OAuth2AuthorizationCodeAlreadyRedeemed", .interactionRequired, .acquireInteractively,
            "the authorization code was already redeemed; start a new authorization"),
        sts(
            65001, "DelegationDoesNotExist", .interactionRequired, .acquireInteractively,
            "the user or admin has not consented to the app; sign in interactively to consent"),
        sts(
            70008, "ExpiredOrRevokedGrant", .interactionRequired, .acquireInteractively,
            "the refresh token expired or was revoked"),
        sts(
            700082, "ExpiredOrRevokedGrantInactiveToken", .interactionRequired, .acquireInteractively,
            "the refresh token expired after being unused too long"),
        sts(
            70011, "InvalidScope", .configuration, .doNotRetry,
            "the requested scope is invalid (a developer bug; MSAL -50000/-42005)"),
        sts(
            70043, "BadTokenDueToSignInFrequency", .interactionRequired, .acquireInteractively,
            "the sign-in frequency policy expired the refresh token"),
        sts(
            700016, "UnauthorizedClient_DoesNotMatchRequest", .configuration, .doNotRetry,
            "the application is not registered in this tenant"),
        sts(
            7_000_218, "ClientAssertionOrSecretRequired", .configuration, .doNotRetry,
            "the request needs a client_assertion or client_secret: the app registration is not a public client"),
        sts(
            90055, "TenantThrottlingError", .throttling, .retryWithBackoff,
            "the tenant is sending too many requests; back off"),
        sts(
            90072, "PassThroughUserMfaError", .account, .doNotRetry,
            "the external account cannot do MFA in this tenant; use another account"),
        sts(
            500011, "InvalidResourceServicePrincipalNotFound", .configuration, .doNotRetry,
            "the resource is not in the tenant (configuration or admin consent)"),
    ]

    static let httpStatuses: [Entry] = [
        entry(httpDomain, 403, "forbidden", .serverFailure, .doNotRetry, "the server refused the request (HTTP 403)"),
        entry(httpDomain, 404, "notFound", .configuration, .doNotRetry, "the endpoint was not found (HTTP 404)"),
        entry(
            httpDomain, 429, "tooManyRequests", .throttling, .retryAfter,
            "the STS is throttling; wait for Retry-After before trying again"),
        entry(
            httpDomain, 500, "internalServerError", .serverFailure, .retryWithBackoff,
            "the server failed (HTTP 500; MSAL already retried once)"),
        entry(
            httpDomain, 502, "badGateway", .serverFailure, .retryWithBackoff,
            "a gateway got a bad answer (HTTP 502; MSAL already retried once)"),
        entry(
            httpDomain, 503, "serviceUnavailable", .serverFailure, .retryWithBackoff,
            "the service is unavailable (HTTP 503; MSAL already retried once); honour Retry-After when present"),
        entry(
            httpDomain, 504, "gatewayTimeout", .serverFailure, .retryWithBackoff,
            "a gateway timed out (HTTP 504; MSAL already retried once)"),
    ]

    private static func sts(
        _ code: Int, _ name: String, _ category: ErrorCategory, _ action: RecommendedAction, _ meaning: String
    ) -> Entry {
        entry(stsDomain, code, name, category, action, meaning)
    }
}

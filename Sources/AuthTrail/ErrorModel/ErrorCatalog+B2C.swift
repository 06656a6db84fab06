// Azure AD B2C's AADB2C codes: every code of Microsoft's "Error codes: Azure Active Directory B2C" page
// (MicrosoftDocs/azure-docs, articles/active-directory-b2c/error-codes.md @ 014bcff1b6be45da9d913bb24e2aa4d1d823fee5,
// 128 codes), with meaning and action in our own words. The page gives messages, not names: every name here
// is our label. B2C puts the code at the start of error_description ("AADB2C90118: …"), which MSAL passes in
// MSALErrorDescriptionKey; for "forgot password" (90118) and a cancel (90091) B2C answers access_denied, which MSAL
// reports as -50005, so classification reads the code from the description. Tests/Reference/aadb2c-codes.txt lists
// the page's codes.

extension ErrorCatalog {
    static let b2cErrors: [Entry] = [
        b2c(
            90002, "CorsResourceNotFound", .config,
            "the custom page content (a CORS resource) returned 404; check where the page is hosted"),
        b2c(
            90006, "RedirectUriNotRegistered", .config,
            "the redirect URI in the request is not registered for the client id"),
        b2c(90007, "NoRedirectUrisRegistered", .config, "the application has no redirect URI registered"),
        b2c(90008, "ClientIdMissing", .config, "the request has no client id"),
        b2c(90010, "ScopeMissing", .config, "the request has no scope parameter"),
        b2c(
            90011, "ClientIdMismatchWithPolicy", .config,
            "the request's client id differs from the one the policy is registered for"),
        b2c(90012, "ScopeNotSupported", .config, "a requested scope is not supported (check the API's exposed scopes)"),
        b2c(90013, "ResponseTypeNotSupported", .config, "the requested response type is not supported"),
        b2c(90014, "ResponseModeNotSupported", .config, "the requested response mode is not supported"),
        b2c(
            90016, "ClientAssertionTypeMismatch", .config,
            "the client assertion type is not the expected one (deprecated code)"),
        b2c(90017, "ClientAssertionInvalid", .config, "the client assertion is invalid (deprecated code)"),
        b2c(90018, "ClientIdNotRegisteredInTenant", .config, "the client id is not registered in the B2C tenant"),
        b2c(90019, "KeyContainerWithoutValidKey", .config, "a policy key container has no valid key"),
        b2c(
            90021, "TechnicalProfileNotFound", .config,
            "the custom policy references a technical profile that does not exist"),
        b2c(90022, "PolicyMetadataUnavailable", .config, "the policy's metadata cannot be returned"),
        b2c(90023, "TechnicalProfileMetadataKeyMissing", .config, "a technical profile lacks a required metadata key"),
        b2c(90025, "CryptographicKeyMissing", .config, "a technical profile lacks a required cryptographic key"),
        b2c(90027, "RestApiBasicCredentialsInvalid", .config, "the basic credentials for a REST API call are invalid"),
        b2c(
            90028, "RestApiClientCertificateInvalid", .config,
            "the client certificate for a REST API call is invalid (missing private key or not accepted)"),
        b2c(90031, "DefaultUserJourneyMissing", .config, "the policy names no default user journey"),
        b2c(
            90035, "ServiceTemporarilyUnavailable", .transient,
            "the service is temporarily unavailable; retry after a few minutes"),
        b2c(90036, "PostLogoutRedirectUriMissing", .config, "the sign-out request has no post_logout_redirect_uri"),
        b2c(
            90037, "RequestProcessingError", .serviceFault,
            "processing the request failed; the site's administrator must look"),
        b2c(
            90039, "ClientSecretMissingInPolicy", .config,
            "the request has a client assertion but the policy has no client secret (deprecated code)"),
        b2c(90040, "UserJourneyWithoutSendClaimsStep", .config, "the user journey has no step that sends claims"),
        b2c(
            90043, "InvalidPromptValue", .config,
            "the prompt parameter has a value other than none, login, consent or select_account"),
        b2c(90044, "ClaimNotSupportedByResolver", .config, "a claim resolver does not support the claim"),
        b2c(
            90046, "StateLoadFailure", .interactive,
            "the journey's saved state could not be loaded; start the sign-in again"),
        b2c(
            90047, "PageResourceScriptErrors", .config,
            "the custom page has script errors that stop it loading (check CORS)"),
        b2c(90048, "UnhandledServerException", .serviceFault, "the server hit an unhandled exception"),
        b2c(90051, "NoSuitableClaimsProviders", .config, "no suitable claims provider was found"),
        b2c(90052, "InvalidUserNameOrPassword", .credentials, "wrong user name or password"),
        b2c(90053, "UserNotFound", .credentials, "no user has this credential"),
        b2c(90054, "InvalidUserNameOrPasswordWithLockout", .credentials, "wrong user name or password"),
        b2c(90055, "ScopeMustSpecifyResource", .config, "the scope must name a resource (a full API scope URI)"),
        b2c(90057, "ImplicitFlowNotAllowed", .config, "the application does not allow the implicit flow"),
        b2c(90058, "PublicClientNotAllowed", .config, "the application does not allow public clients"),
        b2c(
            99059, "CodeChallengeRequired", .config,
            "the request must present a PKCE code_challenge (single-page apps with the code flow)"),
        b2c(90067, "PostLogoutRedirectUriInvalid", .config, "the post-logout redirect URI has an invalid format"),
        b2c(
            90068, "ApplicationNotValidForService", .config,
            "the application id is not valid for B2C; use an app registered for the B2C tenant"),
        b2c(90075, "ClaimsExchangeHttpError", .serviceFault, "a claims exchange (REST API) returned an HTTP error"),
        b2c(
            90077, "NoSessionForPromptNone", .interactive,
            "no existing session and the prompt value forbids showing UI; sign in interactively"),
        b2c(90079, "ClientSecretRequired", .config, "a confidential grant was redeemed without a client secret"),
        b2c(90080, "GrantExpired", .interactive, "the grant (refresh token) expired; sign in again"),
        b2c(90081, "ClientSecretMismatch", .config, "the client secret does not match"),
        b2c(90083, "RequiredParameterMissing", .config, "a required request parameter is missing"),
        b2c(90084, "PublicClientSentSecret", .config, "a public client sent a client secret when redeeming a grant"),
        b2c(90085, "InternalErrorReauthenticate", .interactive, "the service failed internally; sign in again"),
        b2c(90086, "GrantTypeNotSupported", .config, "the grant type is not supported"),
        b2c(
            90087, "GrantNotForThisProtocolVersion", .config,
            "the grant was not issued for this version of the protocol endpoint"),
        b2c(
            90088, "GrantNotForThisEndpoint", .config,
            "the grant was not issued for this endpoint (policy or authority mismatch)"),
        b2c(
            90091, "UserCancellation", .cancelled,
            "the user cancelled (B2C reports it as access_denied, so MSAL returns -50005)"),
        b2c(90092, "ApplicationDisabled", .config, "the application is disabled for the tenant"),
        b2c(
            90107, "IdTokenNotAuthorized", .config,
            "the app cannot get an ID token (openid scope missing or not authorized)"),
        b2c(
            90108, "IssuerTechnicalProfileReferenceMissing", .config,
            "an orchestration step lacks the expected issuer technical profile reference"),
        b2c(90110, "OpenIdScopeRequiredForIdToken", .config, "requesting an ID token needs the openid scope"),
        b2c(90111, "AccountLocked", .account, "the account is locked; support must unlock it"),
        b2c(
            90114, "AccountTemporarilyLocked", .account,
            "the account is locked for a while to stop unauthorized use; try later"),
        b2c(
            90115, "CodeResponseScopeIncomplete", .config,
            "the code flow's scopes must name the resource or client id (and openid, offline_access as needed)"),
        b2c(90117, "ScopeNotSupportedInRequest", .config, "a requested scope is not supported"),
        b2c(
            90118, "ForgotPassword", .interactive,
            "the user chose \"forgot password\": start the password-reset user flow (B2C reports it as "
                + "access_denied, so MSAL returns -50005)"),
        b2c(90120, "MaxAgeInvalid", .config, "the max_age parameter is out of range"),
        b2c(
            90122, "InputFailedRequestValidation", .credentials,
            "the input failed HTTP request validation (characters such as < or &)"),
        b2c(
            90128, "AccountNoLongerExists", .interactive,
            "the account behind the grant no longer exists; sign in again"),
        b2c(90129, "GrantRevoked", .interactive, "the grant (refresh token) was revoked; sign in again"),
        b2c(
            90145, "NoUnverifiedPhoneNumbers", .config,
            "no unverified phone number exists and the policy does not let the user enter one"),
        b2c(90146, "ScopeSpecifiesMultipleResources", .config, "an access token request names more than one resource"),
        b2c(90149, "ScriptLoadFailed", .config, "a page script failed to load"),
        b2c(90151, "MfaRetryLimitExceeded", .account, "the user exceeded the MFA retry limit"),
        b2c(90152, "MfaPollNoResponse", .transient, "an MFA poll got no response from the service"),
        b2c(90154, "MfaSessionIdMissing", .transient, "an MFA verification got no session id from the service"),
        b2c(90155, "MfaVerificationFailed", .credentials, "MFA verification failed"),
        b2c(90156, "MfaValidationFailed", .credentials, "MFA validation failed"),
        b2c(
            90157, "SelfAssertedRetryLimitExceeded", .account,
            "the user exceeded the retry limit of a self-asserted step"),
        b2c(90158, "SelfAssertedValidationFailed", .credentials, "a self-asserted validation failed"),
        b2c(90159, "SelfAssertedVerificationFailed", .credentials, "a self-asserted verification failed"),
        b2c(
            90161, "SelfAssertedSendResponseFailed", .serviceFault,
            "a self-asserted step's response could not be sent"),
        b2c(
            90165, "SamlInitiatingMessageNotFound", .interactive,
            "the initiating SAML message is no longer in state; start again"),
        b2c(
            90168, "SignedRequestParameterMissing", .config,
            "a signed HTTP-Redirect request lacks a required parameter"),
        b2c(90178, "SigningCertificateWithoutPrivateKey", .config, "the signing certificate has no private key"),
        b2c(90182, "CodeVerifierMismatch", .config, "the PKCE code_verifier does not match the code_challenge"),
        b2c(90183, "CodeVerifierInvalid", .config, "the PKCE code_verifier is invalid"),
        b2c(90184, "CodeChallengeMethodNotSupported", .config, "the PKCE code_challenge_method is not plain or S256"),
        b2c(90188, "SamlPartnerMetadataFetchFailed", .config, "the SAML partner's metadata could not be fetched"),
        b2c(90194, "BearerTokenClaimMissing", .config, "the claim for a REST API bearer token is not available"),
        b2c(
            90205, "InsufficientPermissionsForResource", .config,
            "the app lacks permission on the web API (scopes or admin consent)"),
        b2c(90206, "ClientInitializationTimeout", .transient, "initializing the client timed out"),
        b2c(90208, "IdTokenHintExpired", .config, "the id_token_hint has expired"),
        b2c(90209, "IdTokenHintAudienceInvalid", .config, "the id_token_hint has no accepted audience"),
        b2c(90210, "IdTokenHintInvalid", .config, "the id_token_hint could not be validated"),
        b2c(
            90211, "StateCookieIncomplete", .interactive,
            "the state cookie is incomplete; start again (cookies blocked or a stale tab)"),
        b2c(90212, "StateCookieInvalid", .interactive, "the state cookie is invalid; start again"),
        b2c(90220, "KeyContainerCertificateInvalid", .config, "a policy key's certificate is expired or not yet valid"),
        b2c(90223, "CorsResourceSanitizingFailed", .config, "sanitizing the custom page (CORS resource) failed"),
        b2c(
            90224, "ResourceOwnerFlowNotEnabled", .config,
            "the resource owner password flow is not enabled for the app"),
        b2c(
            90225, "ResourceOwnerCredentialsInvalid", .credentials,
            "the user name or password in the ROPC request is invalid"),
        b2c(90226, "TokenExchangeRequiresPost", .config, "this token exchange must use HTTP POST"),
        b2c(90232, "IdTokenHintIssuerInvalid", .config, "the id_token_hint has no accepted issuer"),
        b2c(90233, "IdTokenHintSignatureInvalid", .config, "the id_token_hint failed signature validation"),
        b2c(90235, "IdTokenExpired", .config, "the supplied id_token has expired"),
        b2c(90237, "IdTokenAudienceInvalid", .config, "the supplied id_token has no valid audience"),
        b2c(90238, "IdTokenIssuerInvalid", .config, "the supplied id_token has no valid issuer"),
        b2c(90239, "IdTokenSignatureInvalid", .config, "the supplied id_token failed signature validation"),
        b2c(90240, "IdTokenMalformed", .config, "the supplied id_token is malformed"),
        b2c(
            90242, "SamlPartnerEntityLoadFailed", .config,
            "the SAML technical profile's PartnerEntity data could not be loaded"),
        b2c(
            90243, "IdentityProviderSecretMisconfigured", .config,
            "the identity provider's client key or secret is misconfigured"),
        b2c(90244, "TooManyRequests", .throttled, "too many requests at the moment; wait and try again"),
        b2c(
            90248, "ResourceOwnerFlowRequiresB2CApp", .config,
            "the ROPC flow is only for apps registered in the B2C portal"),
        b2c(90250, "GenericLoginEndpointNotSupported", .config, "the generic login endpoint is not supported (SAML)"),
        b2c(
            90255, "ClaimsExchangeIncomplete", .interactive,
            "a claims exchange did not complete as expected; start again"),
        b2c(
            90261, "ClaimsExchangeUnparseableError", .serviceFault,
            "a claims exchange returned an HTTP error that could not be parsed"),
        b2c(90272, "IdTokenHintMissing", .config, "the request lacks the id_token_hint parameter"),
        b2c(
            90273, "InvalidResponseReceived", .federation,
            "an invalid response was received (often from the external identity provider)"),
        b2c(
            90274, "SamlLogoutServiceMissing", .config,
            "the SAML provider metadata has no usable single logout service"),
        b2c(
            90276, "ControlSettingInconsistent", .config,
            "the request conflicts with a control setting of the technical profile"),
        b2c(
            90277, "ContentDefinitionReferenceMissing", .config,
            "an orchestration step has no content definition reference"),
        b2c(90279, "ClientIdMismatchWithGrant", .config, "the client id differs from the one the grant was issued to"),
        b2c(
            90284, "ApplicationNotConsentedForLocalAccounts", .config,
            "the application was not granted consent for local accounts"),
        b2c(90285, "ApplicationNotFound", .config, "the application was not found"),
        b2c(90287, "RedirectUriInvalid", .config, "the request contains an invalid redirect URI"),
        b2c(
            90288, "RefreshTokenUserJourneyNotFound", .config,
            "the user journey for refresh token redemption does not exist in the policy"),
        b2c(
            90289, "IdentityProviderConnectionError", .transient,
            "connecting to the identity provider failed; try again later"),
        b2c(90296, "ApplicationMisconfigured", .config, "the application is not configured correctly (registration)"),
        b2c(99005, "ScopeContainsIllegalCharacter", .config, "the scope parameter contains an illegal character"),
        b2c(99006, "ExtensionsAppNotFound", .config, "the B2C extensions app cannot be found"),
        b2c(99011, "TechnicalProfileMetadataValueMissing", .config, "a technical profile lacks a metadata value"),
        b2c(
            99013, "GrantAndTokenTypeNotSupported", .config,
            "this grant_type and token_type combination is not supported"),
        b2c(99015, "RopcInputClaimsMissing", .config, "the profile lacks the input claims the ROPC flow needs"),
    ]

    private static func b2c(_ code: Int, _ label: String, _ handling: STSHandling, _ meaning: String) -> Entry {
        let (category, action) = handling.categoryAndAction
        return entry(b2cDomain, code, label, category, action, meaning)
    }
}

// Every code of Microsoft's table "Microsoft Entra authentication and authorization error codes"
// (MicrosoftDocs/entra-docs, docs/identity-platform/reference-error-codes.md @ 3164b3b5d031edef0ad334ba09d3ea6dcb619c1a,
// 345 codes), with its meaning and the client's action in our own words. `named` rows carry Microsoft's name for the
// code (eight of them from the table's older revision 04f65548622d3f134b13b4c1978d1471177e2b1c, which still named
// them); the table gives no name for `ours` rows, so theirs is a label we chose. Tests/Reference/aadsts-codes.txt
// lists the codes and Microsoft's names; a test checks this table against it. Microsoft warns clients not to branch on
// these numbers: they refine the action only when MSAL's own code does not decide it.

extension ErrorCatalog {
    static let stsRows: [STSRow] = [
        named(
            16000, "InteractionRequired", .account,
            "the account is not a member or guest of the tenant the app signs in to; use another account or have "
                + "it invited"),
        named(
            16001, "UserAccountSelectionInvalid", .interactive,
            "the account tile the user picked was rejected; pick again or choose another account"),
        named(
            16002, "AppSessionSelectionInvalid", .interactive,
            "the session the app asked for (its sid) could not be used"),
        named(
            160021, "AppSessionSelectionInvalidSessionNotExist", .interactive,
            "the app asked for a user session that no longer exists; sign in again"),
        named(
            16003, "SsoUserAccountNotFoundInResourceTenant", .account,
            "the user was never added to the resource's tenant"),
        named(17003, "CredentialKeyProvisioningFailed", .serviceFault, "Entra could not provision the user's key"),
        named(
            20001, "WsFedSignInResponseError", .federation,
            "the federated identity provider returned a faulty sign-in response; its owner must fix it"),
        named(
            20012, "WsFedMessageInvalid", .federation,
            "the federated identity provider sent an invalid WS-Federation message"),
        named(20033, "FedMetadataInvalidTenantName", .federation, "the federation metadata names an invalid tenant"),
        named(
            230109, "CachedCredentialNonGWAuthNRequestsNotSupported", .serviceFault,
            "the request reached Entra's backup authentication service directly instead of through its gateway"),
        ours(
            28002, "ScopeInvalidForAccessToken", .config,
            "a requested scope is not valid for an access token request"),
        ours(
            28003, "ScopeEmptyForAuthorizationCode", .config,
            "the scope is empty while redeeming an authorization code; send a valid scope"),
        named(
            399284, "InboundIdTokenIssuerInvalid", .federation,
            "the ID token from the federated provider has a missing or wrong issuer"),
        named(
            40008, "OAuth2IdPUnretryableServerError", .federation,
            "the federated OAuth identity provider failed permanently"),
        named(
            40009, "OAuth2IdPRefreshTokenRedemptionUserError", .federation,
            "the federated OAuth identity provider refused to redeem a refresh token"),
        named(
            40010, "OAuth2IdPRetryableServerError", .transient,
            "the federated OAuth identity provider failed temporarily"),
        named(
            40015, "OAuth2IdPAuthCodeRedemptionUserError", .federation,
            "the federated OAuth identity provider refused to redeem an authorization code"),
        named(
            50000, "TokenIssuanceError", .serviceFault,
            "the sign-in service failed to issue a token; persistent cases need a Microsoft support ticket"),
        named(
            50001, "InvalidResource", .config,
            "the resource does not exist or is disabled; check the resource or scope URI"),
        named(50002, "NotAllowedTenant", .policy, "a tenant-restriction proxy blocked sign-in to this tenant"),
        named(
            500011, "InvalidResourceServicePrincipalNotFound", .config,
            "the resource is not in the tenant (configuration or admin consent)"),
        named(
            500014, "InvalidResourceServicePrincipalDisabled", .config,
            "the resource's service principal is disabled in the tenant (lapsed subscription or admin action)"),
        ours(
            500021, "TenantRestrictionAccessDenied", .policy,
            "tenant restrictions on the network (Restrict-Access-To-Tenants) do not allow this tenant"),
        ours(
            500022, "TenantRestrictionAccessDeniedV2", .policy,
            "tenant restrictions on the network do not allow this tenant"),
        named(50003, "MissingSigningKey", .config, "the app has no signing key or certificate configured (SAML)"),
        named(
            50005, "DevicePolicyError", .policy,
            "conditional access does not support sign-in from this device platform"),
        named(50006, "InvalidSignature", .config, "a signature failed verification"),
        named(
            50007, "PartnerEncryptionCertificateMissing", .serviceFault,
            "the app's partner encryption certificate is missing"),
        named(
            50008, "InvalidSamlToken", .federation,
            "the SAML assertion from the federation provider is missing or malformed"),
        named(
            5000224, "NotAllowedTenantBlockedTenantFraud", .account,
            "the tenant is blocked by Microsoft for suspected fraud"),
        named(
            5000819, "InvalidSamlTokenEmailMissingOrInvalid", .federation,
            "the SAML assertion lacks a valid e-mail claim for the external domain"),
        named(
            50010, "AudienceUriValidationFailed", .config,
            "the app has no token audience configured, so audience validation failed"),
        named(
            50011, "InvalidReplyTo", .config,
            "the redirect URI is missing or does not match any registered for the app"),
        named(
            50012, "AuthenticationFailed", .config,
            "authentication failed on a certificate or client assertion (subject, chain, thumbprint or signature)"),
        named(
            50013, "InvalidAssertion", .config,
            "the assertion is expired, malformed, from the wrong issuer, or not a primary refresh token"),
        ours(
            500133, "AssertionNotWithinValidTimeRange", .config,
            "the assertion (an access token used on-behalf-of) has expired; get a fresh one"),
        named(50014, "GuestUserInPendingState", .account, "the guest account's invitation has not been redeemed yet"),
        named(
            50015, "ViralUserLegalAgeConsentRequiredState", .account,
            "the user needs legal-age-group consent before signing in"),
        named(
            50017, "CertificateValidationFailed", .config,
            "certificate validation failed (issuer not trusted, revocation list unavailable)"),
        ours(
            500141, "RedemptionNotInitiatedByTargetApp", .interactive,
            "the invitation was redeemed but the request did not come from the app the redemption targeted"),
        ours(
            5001256, "ExternalProviderInvalidIdToken", .federation,
            "the external identity provider returned an invalid ID token"),
        named(
            50020, "UserUnauthorized", .account,
            "the user is not a member or guest of this tenant; use another account or ask the admin for an invite"),
        ours(
            500207, "AccountTypeNotSupportedByResource", .account,
            "this kind of account cannot be used for the resource"),
        ours(
            500208, "DomainNotValidForAccountType", .account,
            "the sign-in domain does not match the account type the tenant accepts (for example a personal "
                + "account in a work-only tenant)"),
        named(
            500212, "NotAllowedByOutboundPolicyTenant", .policy,
            "the user's home tenant's outbound cross-tenant policy blocks the resource tenant"),
        named(
            500213, "NotAllowedByInboundPolicyTenant", .policy,
            "the resource tenant's inbound cross-tenant policy blocks this user"),
        named(
            50027, "InvalidJwtToken", .config,
            "a JWT is invalid (missing nonce or sub, bad issuer or audience, expired, or malformed)"),
        ours(50029, "InvalidUriDomainCharacters", .config, "a URI's domain name contains invalid characters"),
        named(50032, "WeakRsaKey", .config, "the request used an RSA key that is too weak"),
        named(50033, "RetryableError", .transient, "a transient service failure unrelated to the database"),
        named(
            50034, "UserAccountNotFound", .interactive,
            "the account does not exist in the directory; the user re-enters the name"),
        named(
            50042, "UnableToGeneratePairwiseIdentifierWithMissingSalt", .serviceFault,
            "the salt needed for a pairwise identifier is missing (admin)"),
        named(
            50043, "UnableToGeneratePairwiseIdentifierWithMultipleSalts", .serviceFault,
            "several salts exist for a pairwise identifier (admin)"),
        named(50048, "SubjectMismatchesIssuer", .config, "the client assertion's subject does not match its issuer"),
        named(
            50049, "NoSuchInstanceForDiscovery", .config,
            "the authority's instance is unknown or invalid (instance discovery failed); check the authority URL "
                + "and cloud"),
        named(50050, "MalformedDiscoveryRequest", .config, "the instance discovery request is malformed"),
        named(
            50053, "IdsLocked", .account,
            "the account is locked, or sign-in came from a malicious IP; do not retry in a loop"),
        named(
            50055, "InvalidPasswordExpiredPassword", .interactive,
            "the password has expired; the user must reset it (interactive sign-in offers it)"),
        ours(
            50056, "InvalidOrNullPassword", .credentials,
            "no password exists in the directory for this user; the user enters it again"),
        named(50057, "UserDisabled", .account, "the account is disabled (admin)"),
        named(50058, "UserInformationNotProvided", .interactive, "no single sign-on session; the user must sign in"),
        named(
            50059, "MissingTenantRealmAndNoUserInformationProvided", .config,
            "no tenant could be determined from the request or credentials; use a tenant-specific authority"),
        named(50061, "SignoutInvalidRequest", .config, "the sign-out request is invalid"),
        named(50064, "CredentialAuthenticationError", .credentials, "validating the user name or password failed"),
        named(
            50068, "SignoutInitiatorNotParticipant", .config,
            "the app that started sign-out is not part of the session"),
        named(50070, "SignoutUnknownSessionIdentifier", .config, "the sign-out named a session that does not exist"),
        named(50071, "SignoutMessageExpired", .config, "the sign-out request has expired"),
        named(
            50072, "UserStrongAuthEnrollmentRequiredInterrupt", .interactive,
            "the user must register a second factor (interactive)"),
        named(
            50074, "UserStrongAuthClientAuthNRequiredInterrupt", .interactive,
            "strong authentication is required and the MFA challenge was not passed"),
        named(50076, "UserStrongAuthClientAuthNRequired", .interactive, "multi-factor authentication is required"),
        named(50078, "UserStrongAuthExpired", .interactive, "the multi-factor authentication claim expired"),
        named(
            50079, "UserStrongAuthEnrollmentRequired", .interactive,
            "the user must register for multi-factor authentication"),
        ours(
            50085, "RefreshTokenNeedsSocialIdpLogin", .interactive,
            "the refresh token needs a fresh sign-in with the social identity provider"),
        named(50086, "SasNonRetryableError", .serviceFault, "strong authentication failed permanently"),
        named(50087, "SasRetryableError", .transient, "strong authentication failed temporarily; try again"),
        ours(
            50088, "TelecomMfaCallLimitReached", .throttled,
            "the limit of telephone MFA calls was reached; wait a few minutes"),
        ours(
            50089, "FlowTokenExpired", .interactive,
            "the authentication flow token expired; restart the interactive sign-in"),
        named(
            50097, "DeviceAuthenticationRequired", .device,
            "device authentication is required (the device must be registered and present its identity)"),
        ours(50098, "JwtBodyMissingField", .config, "a JWT body lacks a required field"),
        named(
            50099, "PKeyAuthInvalidJwtUnauthorized", .device,
            "the device authentication (PKeyAuth) JWT signature is invalid"),
        ours(
            50100, "ClaimsTransformationError", .config,
            "transforming the token's claims failed (admin configuration)"),
        ours(
            50101, "UnknownClaimsTransformer", .config,
            "an unknown claims transformer is configured for the principal"),
        ours(50102, "CustomClaimsTransformerNotLoaded", .config, "a custom claims transformer could not be loaded"),
        ours(
            50103, "ClaimsTransformationFailedWithMessage", .config,
            "transforming the token's claims failed (see the message)"),
        named(50105, "EntitlementGrantsNotFound", .account, "the user is not assigned to a role for this app (admin)"),
        named(
            50107, "InvalidRealmUri", .config,
            "the federation realm object does not exist (malformed sign-in request)"),
        ours(
            50108, "ClaimsTransformationConfigurationNotRetrieved", .config,
            "the claims transformation configuration could not be read"),
        ours(
            50109, "ClaimsTransformationUnknownInConfiguration", .config,
            "the configuration names an unknown claim transformation"),
        ours(50111, "UnknownClaimsTransformationApplied", .config, "an unknown claim transformation was applied"),
        ours(
            50117, "ClaimsPolicyDeserializationFailed", .config,
            "the policy in the request's claims parameter could not be read"),
        named(50120, "ThresholdJwtInvalidJwtFormat", .config, "the JWT header is invalid (unknown credential type)"),
        ours(
            50123, "UnknownClaimsTransformationMethod", .config,
            "an unknown claims transformation method is configured"),
        named(
            50124, "ClaimsTransformationInvalidInputParameter", .config,
            "the claims transformation has an invalid input or regular expression (admin)"),
        ours(
            501241, "ClaimsTransformationMandatoryInputMissing", .config,
            "a mandatory claims transformation input (such as the NameID source) is missing (SAML app configuration)"),
        named(
            50125, "PasswordResetRegistrationRequiredInterrupt", .interactive,
            "sign-in was interrupted to register or reset the password"),
        named(50126, "InvalidUserNameOrPassword", .credentials, "wrong user name or password; the user tries again"),
        named(
            50127, "BrokerAppNotInstalled", .device,
            "a broker app (Microsoft Authenticator or Company Portal) must be installed to reach this content"),
        ours(
            50128, "InvalidDomainName", .config,
            "no tenant could be determined from the request or credentials (invalid domain name)"),
        named(
            50129, "DeviceIsNotWorkplaceJoined", .device,
            "the device must be workplace joined (registered) for this resource"),
        ours(
            50130, "ClaimValueNotAuthMethod", .config,
            "a claim value could not be read as a known authentication method"),
        named(
            50131, "ConditionalAccessFailed", .policy,
            "conditional access failed (device state, suspicious activity or policy decision)"),
        named(
            50132, "SsoArtifactInvalidOrExpired", .interactive,
            "the session is no longer valid (password expired or changed); sign in again"),
        named(
            50133, "SsoArtifactRevoked", .interactive,
            "the session was revoked (password expired or changed); sign in again"),
        named(
            50134, "DeviceFlowAuthorizeWrongDatacenter", .config,
            "device-code flow: the approval came from another datacenter than the request"),
        named(
            50135, "PasswordChangeCompromisedPassword", .interactive,
            "the account is at risk and the password must be changed"),
        named(
            50136, "RedirectMsaSessionToApp", .interactive,
            "a single personal-account session was found; the flow continues in the app"),
        ours(
            50137, "PasswordChangeRequiredBySecurityPolicy", .interactive,
            "a security policy requires a password change"),
        ours(50138, "InvalidEncryptionKeyEnvironment", .serviceFault, "the encryption key environment is invalid"),
        named(
            50139, "SessionMissingMsaOAuth2RefreshToken", .interactive,
            "the session lacks the external (personal account) refresh token; sign in again"),
        named(
            50140, "KmsiInterrupt", .interactive,
            "the \"stay signed in?\" prompt interrupted the flow (part of normal browser sign-in)"),
        ours(50141, "ProtectedKeyNotForUser", .config, "the protected key was not issued for the signed-in user"),
        ours(
            50142, "SecureChangePasswordDueToConditionalAccess", .interactive,
            "conditional access requires a password change (MSAL -50142)"),
        ours(
            50143, "SessionMismatch", .interactive,
            "the session's tenant does not match the domain hint; sign in again"),
        named(
            50144, "InvalidPasswordExpiredOnPremPassword", .interactive,
            "the on-premises Active Directory password has expired; reset it"),
        named(
            50146, "MissingCustomSigningKey", .config,
            "the app must have its own signing key and has none valid (app owner)"),
        ours(
            501461, "AcceptMappedClaimsAudienceNotSupported", .config,
            "acceptMappedClaims needs an audience that is the app's GUID or a verified domain"),
        named(50147, "MissingCodeChallenge", .config, "the PKCE code_challenge has an invalid size"),
        ours(50148, "CodeVerifierMismatch", .config, "the PKCE code_verifier does not match the code_challenge"),
        ours(
            501481, "CodeVerifierDoesNotMatchChallenge", .config,
            "the PKCE code_verifier does not match the authorization request's code_challenge"),
        ours(50149, "InvalidCodeChallengeMethod", .config, "the PKCE code_challenge_method is invalid"),
        named(501491, "InvalidCodeChallengeMethodInvalidSize", .config, "the PKCE code_challenge has an invalid size"),
        ours(50150, "NoValidUserConsentApproval", .config, "the credentials carry no valid user-consent approval"),
        named(
            50155, "DeviceAuthenticationFailed", .device,
            "device authentication failed; the device registration may need repair"),
        ours(50156, "DeviceTokensNotSupportedForV2Resource", .config, "device tokens cannot be used for a v2 resource"),
        ours(
            50157, "UserRedirectionRequiredForRouting", .interactive,
            "the user must be redirected for routing (browser flow)"),
        named(
            50158, "ExternalSecurityChallenge", .interactive,
            "an external security challenge (terms of use, third-party MFA) must be satisfied"),
        ours(
            50159, "ExternalClaimsInsufficient", .federation,
            "the external claims provider did not send enough claims"),
        ours(
            50160, "DifferentTargetTenantPreferred", .interactive,
            "another target tenant is preferred for this sign-in"),
        named(
            50161, "InvalidExternalSecurityChallengeConfiguration", .config,
            "the external claims provider's authorization URL failed validation"),
        ours(
            50162, "ClaimsTransformationTimeout", .transient,
            "the claims transformation timed out (too complex; retrying may work)"),
        ours(
            50163, "ClaimsTransformationResultTooLarge", .config,
            "a claims transformation produced a claim over the size limit"),
        ours(
            50164, "AccessTokenPurposeMismatch", .config,
            "the access token was issued for another purpose than this use"),
        ours(
            50165, "TokenEncryptionAlgorithmNotSupported", .config,
            "the token encryption algorithm the app asked for is not supported"),
        named(
            50166, "ExternalClaimsProviderThrottled", .transient,
            "the request to the external (OIDC) claims provider failed"),
        ours(50167, "InvalidPopJwkKey", .config, "the proof-of-possession key (pop_jwk) is invalid"),
        named(
            50168, "ChromeBrowserSsoInterruptRequired", .interactive,
            "the browser could do SSO through the Windows accounts extension but sent no valid SSO token"),
        named(50169, "InvalidRequestBadRealm", .config, "the realm is not configured for this service namespace"),
        named(50170, "MissingExternalClaimsProviderMapping", .config, "the external controls mapping is missing"),
        ours(50171, "AudienceRequiresMutualTls", .config, "this audience can only be used in mutual-TLS token calls"),
        ours(50172, "ExternalClaimsProviderNotApproved", .config, "the external claims provider is not approved"),
        named(
            50173, "FreshTokenNeeded", .interactive,
            "the grant was revoked (for example after a password change); a fresh sign-in is needed"),
        ours(50176, "ExternalControlDefinitionMissing", .config, "an external control has no definition"),
        named(
            50177, "ExternalChallengeNotSupportedForPassthroughUsers", .config,
            "external challenges are not supported for pass-through users"),
        named(
            50178, "SessionControlNotSupportedForPassthroughUsers", .config,
            "session controls are not supported for pass-through users"),
        named(
            50180, "WindowsIntegratedAuthMissing", .config,
            "integrated Windows authentication is needed; enable Seamless SSO for the tenant"),
        named(50187, "DeviceInformationNotProvided", .device, "the service could not authenticate the device"),
        named(
            50192, "RawCredentialExpectedNotFound", .credentials,
            "no credential was in the sign-in request (for example no client certificate for certificate-based "
                + "sign-in, or a proxy removed it)"),
        ours(
            50194, "AppNotMultiTenantCommonEndpoint", .config,
            "a single-tenant app used the /common endpoint; use a tenant-specific authority or make the app "
                + "multitenant"),
        named(
            50196, "LoopDetected", .throttled,
            "the client sent the same request in a loop; fix token caching and back off"),
        named(
            50197, "ConflictingIdentities", .interactive,
            "the user could not be identified unambiguously; sign in again"),
        named(
            50199, "CmsiInterrupt", .interactive,
            "the user must confirm the app they are signing in to (shown for custom-scheme redirects in a browser)"),
        named(51000, "RequiredFeatureNotEnabled", .config, "a required feature is disabled"),
        named(51001, "DomainHintMustbePresent", .config, "a domain hint is required with an on-premises identifier"),
        named(
            1000104, "XCB2BResourceCloudNotAllowedOnIdentityTenant", .policy,
            "the resource's cloud is not allowed for the user's home tenant (cross-cloud B2B)"),
        named(
            51004, "UserAccountNotInDirectory", .account,
            "the account is not in this directory; use another account or have it invited"),
        named(51005, "TemporaryRedirect", .interactive, "the information moved (like HTTP 307); follow the redirect"),
        named(
            51006, "ForceReauthDueToInsufficientAuth", .interactive,
            "the session lacks the integrated Windows authentication claim; sign in again"),
        named(
            52004, "DelegationDoesNotExistForLinkedIn", .interactive,
            "the user has not consented to LinkedIn access"),
        named(
            53000, "DeviceNotCompliant", .complianceInteractive,
            "conditional access requires a compliant (managed) device; enrol or remediate interactively"),
        named(
            53001, "DeviceNotDomainJoined", .policy,
            "conditional access requires a domain-joined device (not possible on mobile)"),
        named(
            53002, "ApplicationUsedIsNotAnApprovedApp", .policy,
            "conditional access requires an approved client app or the broker"),
        named(53003, "BlockedByConditionalAccess", .account, "conditional access blocked the sign-in; show a message"),
        named(
            530035, "BlockedBySecurityDefaults", .policy,
            "security defaults blocked the request (legacy authentication or judged unsafe)"),
        named(53004, "ProofUpBlockedDueToRisk", .interactive, "the user must finish MFA registration before access"),
        named(
            53010, "ProofUpBlockedDueToSecurityInfoAcr", .policy,
            "MFA methods can only be registered from specific locations or devices"),
        ours(
            53011, "UserBlockedDueToHomeTenantRisk", .account,
            "the user is blocked because of risk in their home tenant"),
        named(
            530034, "DelegatedAdminBlockedDueToSuspiciousActivity", .account,
            "a delegated administrator was blocked because of risk in their home tenant"),
        named(54000, "MinorUserBlockedLegalAgeGroupRule", .account, "a legal-age-group rule blocks this minor"),
        ours(
            54005, "OAuth2AuthorizationCodeAlreadyRedeemed", .interactive,
            "the authorization code was already redeemed; start a new authorization"),
        named(
            65001, "DelegationDoesNotExist", .interactive,
            "the user or admin has not consented to the app; sign in interactively to consent"),
        ours(
            65002, "FirstPartyPreauthorizationRequired", .config,
            "a Microsoft first-party app and resource need pre-authorization (an app reusing a Microsoft app id)"),
        named(65004, "UserDeclinedConsent", .cancelled, "the user declined consent; they can try again and consent"),
        named(
            65005, "MisconfiguredApplication", .config,
            "the app's required resource access list does not fit the resource (app registration)"),
        ours(
            650052, "ServiceNotSubscribed", .config,
            "the organization has not subscribed to or enabled a service the app needs (admin)"),
        ours(650054, "ResourceRemoved", .config, "the app asks for a resource that was removed or is unavailable"),
        ours(
            650056, "MisconfiguredApplicationPermissions", .config,
            "the app lists no permissions for the resource, or the admin has not consented"),
        ours(
            650057, "ResourceNotInRequiredPermissions", .config,
            "the requested resource is not in the app registration's required permissions"),
        named(67003, "ActorNotValidServiceIdentity", .config, "the actor is not a valid service identity"),
        named(
            70000, "InvalidGrant", .interactive,
            "the refresh token or grant is not valid (token binding failed); sign in again"),
        named(70001, "UnauthorizedClient", .config, "the application is disabled"),
        named(
            700011, "UnauthorizedClientAppNotFoundInOrgIdTenant", .config,
            "the client app does not exist in this tenant"),
        named(70002, "InvalidClient", .config, "the client's credentials (secret) are not valid"),
        named(
            700025, "InvalidClientPublicClientWithCredential", .config,
            "a public client sent a client secret or assertion; public clients must not"),
        ours(700027, "ClientAssertionSignatureInvalid", .config, "the client assertion failed signature validation"),
        named(70003, "UnsupportedGrantType", .config, "the grant type is not supported"),
        ours(700030, "CertificateSubjectNotAuthorized", .config, "the certificate's subject names are not authorized"),
        named(70004, "InvalidRedirectUri", .config, "the redirect URI does not match any configured for the app"),
        named(
            70005, "UnsupportedResponseType", .config,
            "the response type is not enabled or not supported for the app"),
        ours(
            700054, "IdTokenResponseTypeNotEnabled", .config,
            "the app asked for an ID token but implicit ID tokens are not enabled for it"),
        named(70007, "UnsupportedResponseMode", .config, "the response_mode is not supported"),
        named(70008, "ExpiredOrRevokedGrant", .interactive, "the refresh token expired or was revoked"),
        named(
            700082, "ExpiredOrRevokedGrantInactiveToken", .interactive,
            "the refresh token expired after being unused too long"),
        ours(
            700084, "SpaRefreshTokenExpired", .interactive,
            "a single-page-app refresh token reached its fixed lifetime; sign in again"),
        named(70011, "InvalidScope", .config, "the requested scope is invalid (a developer bug; MSAL -50000/-42005)"),
        named(
            70012, "MsaServerError", .transient,
            "the server failed while authenticating a personal Microsoft account; try again"),
        named(
            70016, "AuthorizationPending", .transient,
            "device-code flow: the user has not approved yet; keep polling"),
        named(70018, "BadVerificationCode", .credentials, "device-code flow: the user typed a wrong code"),
        named(70019, "CodeExpired", .interactive, "the verification code expired; start the sign-in again"),
        named(
            70043, "BadTokenDueToSignInFrequency", .interactive,
            "the sign-in frequency policy expired the refresh token"),
        named(75001, "BindingSerializationError", .config, "SAML message binding failed"),
        named(
            75003, "UnsupportedBindingError", .config,
            "the SAML binding is not supported (responses go by HTTP POST only)"),
        named(75005, "Saml2MessageInvalid", .config, "the app's SAML request is not supported"),
        ours(7500514, "SamlResponseTypeNotFound", .config, "no supported SAML response type was found"),
        ours(
            750054, "SamlRequestOrResponseMissing", .config,
            "the SAML redirect binding lacks SAMLRequest or SAMLResponse in the query"),
        named(75008, "RequestDeniedError", .config, "the SAML request had an unexpected destination"),
        named(
            75011, "NoMatchedAuthnContextInOutputClaims", .config,
            "the way the user authenticated does not match the requested authentication method"),
        named(
            75016, "Saml2AuthenticationRequestInvalidNameIDPolicy", .config,
            "the SAML request's NameIdPolicy is invalid"),
        named(
            76021, "ApplicationRequiresSignedRequests", .config,
            "the app requires signed requests and this one was not signed"),
        named(76026, "RequestIssueTimeExpired", .config, "the SAML request's issue time has expired"),
        named(
            80001, "OnPremiseStoreIsNotAvailable", .federation,
            "the pass-through authentication agent cannot reach Active Directory"),
        named(
            80002, "OnPremisePasswordValidatorRequestTimedout", .transient,
            "password validation by the on-premises agent timed out"),
        named(
            80005, "OnPremisePasswordValidatorUnpredictableWebException", .transient,
            "the on-premises authentication agent's response could not be processed; retry"),
        named(
            80007, "OnPremisePasswordValidatorErrorOccurredOnPrem", .federation,
            "the on-premises authentication agent could not validate the password"),
        named(
            80010, "OnPremisePasswordValidationEncryptionException", .federation,
            "the on-premises authentication agent could not decrypt the password"),
        named(
            80012, "OnPremisePasswordValidationAccountLogonInvalidHours", .account,
            "the user tried to sign in outside the hours Active Directory allows"),
        named(
            80013, "OnPremisePasswordValidationTimeSkew", .federation,
            "the authentication agent's clock differs too much from Active Directory's"),
        named(
            80014, "OnPremisePasswordValidationAuthenticationAgentTimeout", .transient,
            "the on-premises authentication agent answered too late"),
        named(
            81004, "DesktopSsoIdentityInTicketIsNotAuthenticated", .federation,
            "Kerberos authentication (Seamless SSO) failed"),
        named(
            81005, "DesktopSsoAuthenticationPackageNotSupported", .federation,
            "Seamless SSO: the authentication package is not supported"),
        named(81006, "DesktopSsoNoAuthorizationHeader", .federation, "Seamless SSO: no authorization header"),
        named(81007, "DesktopSsoTenantIsNotOptIn", .config, "the tenant is not enabled for Seamless SSO"),
        named(
            81009, "DesktopSsoAuthorizationHeaderValueWithBadFormat", .federation,
            "Seamless SSO: the Kerberos ticket could not be validated"),
        named(
            81010, "DesktopSsoAuthTokenInvalid", .federation,
            "Seamless SSO: the Kerberos ticket is expired or invalid"),
        named(
            81011, "DesktopSsoLookupUserBySidFailed", .federation,
            "Seamless SSO: no user matches the Kerberos ticket"),
        named(
            81012, "DesktopSsoMismatchBetweenTokenUpnAndChosenUpn", .interactive,
            "the user signing in differs from the user signed in to the device"),
        named(
            90002, "InvalidTenantName", .config,
            "the tenant was not found (wrong tenant id, wrong cloud, or an unregistered domain)"),
        named(90004, "InvalidRequestFormat", .config, "the request is not properly formatted"),
        named(
            90005, "InvalidRequestWithMultipleRequirements", .config,
            "an identifier and a login hint cannot be used together"),
        named(90006, "ExternalServerRetryableError", .transient, "an external service is temporarily unavailable"),
        named(90007, "InvalidSessionId", .config, "the session id could not be parsed"),
        named(
            90008, "TokenForItselfRequiresGraphPermission", .config,
            "the app needs at least the sign-in and read-profile permission, and consent for it"),
        named(
            90009, "TokenForItselfMissingIdenticalAppIdentifier", .config,
            "an app asking a token for itself must name the resource by its GUID app id"),
        named(90010, "NotSupported", .config, "the algorithm could not be created (not supported)"),
        ours(
            9001023, "GrantTypeNotSupportedOnCommonEndpoint", .config,
            "the grant type is not supported on /common or /consumers; use /organizations or a tenant"),
        named(90012, "RequestTimeout", .transient, "the request timed out"),
        named(90013, "InvalidUserInput", .credentials, "the user's input is not valid"),
        named(90014, "MissingRequiredField", .config, "an expected field is missing from the credential or request"),
        ours(900144, "RequestBodyMissingParameter", .config, "the request body lacks a required parameter"),
        named(90015, "QueryStringTooLong", .config, "the query string is too long"),
        named(90016, "MissingRequiredClaim", .config, "the access token lacks a required claim"),
        named(90019, "MissingTenantRealm", .config, "the tenant could not be determined from the request"),
        ours(90020, "SamlAssertionMissingImmutableId", .config, "the SAML 1.1 assertion lacks the user's ImmutableID"),
        named(
            90022, "AuthenticatedInvalidPrincipalNameFormat", .config,
            "the principal name is not in name[/host][@realm] form"),
        named(90023, "InvalidRequest", .config, "the authentication request is not valid"),
        named(
            900236, "InvalidRequestSamlPropertyUnsupported", .config,
            "a SAML request property is set that is not supported"),
        named(9002313, "InvalidRequest", .config, "the request is malformed or invalid (capture and inspect it)"),
        ours(
            9002332, "AppForEntraUsersOnlyConsumersEndpoint", .config,
            "the app is for Entra (work or school) users only; do not use /consumers"),
        named(90024, "RequestBudgetExceededError", .transient, "a transient failure; try again"),
        ours(
            90027, "ApiVersionNotSupportedOnMsaTenant", .config,
            "tokens cannot be issued from this protocol version for personal accounts; use v2.0"),
        named(90033, "MsodsServiceUnavailable", .transient, "the directory service (MSODS) is unavailable"),
        named(
            90036, "MsodsServiceUnretryableFailure", .serviceFault,
            "the directory service failed permanently; needs a support ticket"),
        named(
            90038, "NationalCloudTenantRedirection", .config,
            "the tenant belongs to a national cloud this cloud does not federate with; use that cloud's authority"),
        ours(900384, "JwtSignatureValidationFailed", .config, "a JWT failed signature validation"),
        named(
            90043, "NationalCloudAuthCodeRedirection", .config,
            "national cloud redirection of the authorization code is disabled"),
        ours(
            900432, "ConfidentialClientCrossCloudNotSupported", .config,
            "a confidential client cannot make cross-cloud requests"),
        named(90051, "InvalidNationalCloudId", .config, "the national cloud identifier is invalid"),
        named(90055, "TenantThrottlingError", .throttled, "the tenant is sending too many requests; back off"),
        named(
            90056, "BadResourceRequest", .config,
            "the code must be redeemed by a POST to /token after /authorize (protocol misuse)"),
        named(
            900561, "BadResourceRequestInvalidRequest", .config,
            "the endpoint does not accept this HTTP verb (can come from the browser back button)"),
        named(
            90072, "PassThroughUserMfaError", .account,
            "the external account cannot do MFA in this tenant; use another account"),
        named(90081, "OrgIdWsFederationMessageInvalid", .federation, "the WS-Federation message is invalid"),
        named(
            90082, "OrgIdWsFederationNotSupported", .config,
            "the authentication policy of the request is not supported"),
        named(90084, "OrgIdWsFederationGuestNotAllowed", .account, "guest accounts are not allowed for this site"),
        named(
            90085, "OrgIdWsFederationSltRedemptionFailed", .serviceFault,
            "the company object is not provisioned yet, so no token can be issued"),
        named(90086, "OrgIdWsTrustDaTokenExpired", .interactive, "the user's DA token expired"),
        named(
            90087, "OrgIdWsFederationMessageCreationFromUriFailed", .config,
            "the WS-Federation message could not be built from the URI"),
        named(90090, "GraphRetryableError", .transient, "a directory (Graph) call failed temporarily"),
        named(90091, "GraphServiceUnreachable", .transient, "the directory (Graph) service could not be reached"),
        named(90092, "GraphNonRetryableError", .serviceFault, "a directory (Graph) call failed permanently"),
        named(90093, "GraphUserUnauthorized", .account, "the directory (Graph) refused the request"),
        named(90094, "AdminConsentRequired", .config, "administrator consent is required"),
        ours(
            900382, "ConfidentialClientCrossCloudNotSupportedV2", .config,
            "a confidential client cannot make cross-cloud requests"),
        named(
            90095, "AdminConsentRequiredRequestAccess", .config,
            "the user must ask an administrator for consent (admin consent workflow)"),
        ours(
            90099, "AppNotAuthorizedForPartnerDelegatedAdmin", .config,
            "the app is not authorized in the customer tenant for partner delegated admins"),
        ours(900971, "NoReplyAddress", .config, "no reply address was provided"),
        named(90100, "InvalidRequestParameter", .config, "a request parameter is empty or invalid"),
        ours(
            901002, "ResourceParameterNotSupported", .config,
            "the 'resource' parameter is not supported on this endpoint (use scopes)"),
        named(90101, "InvalidEmailAddress", .credentials, "the value is not a valid e-mail address"),
        named(90102, "InvalidUriParameter", .config, "a value must be an absolute URI"),
        named(90107, "InvalidXml", .config, "the request contains invalid characters"),
        ours(90112, "ApplicationIdentifierNotGuid", .config, "the application identifier must be a GUID"),
        named(90114, "InvalidExpiryDate", .config, "the bulk token expiry would issue an already expired token"),
        named(90117, "InvalidRequestInput", .config, "the request input is invalid"),
        named(90119, "InvalidUserCode", .credentials, "device-code flow: the user code is empty"),
        named(
            90120, "InvalidDeviceFlowRequest", .interactive,
            "device-code flow: the request was already approved or declined"),
        named(90121, "InvalidEmptyRequest", .config, "the request is empty"),
        named(
            90123, "IdentityProviderAccessDenied", .federation,
            "the identity or claims provider refused to issue the token"),
        named(
            90124, "V1ResourceV2GlobalEndpointNotSupported", .config,
            "the resource is not supported on /common or /consumers; use /organizations or a tenant"),
        named(
            90125, "DebugModeEnrollTenantNotFound", .credentials,
            "the user is not in the system; check the user name"),
        named(
            90126, "DebugModeEnrollTenantNotInferred", .credentials,
            "the tenant cannot be inferred from the user name on this endpoint"),
        named(
            90130, "NonConvergedAppV2GlobalEndpointNotSupported", .config,
            "the app is not supported on /common or /consumers; use /organizations or a tenant"),
        named(
            120000, "PasswordChangeIncorrectCurrentPassword", .credentials,
            "password change: the current password is wrong"),
        named(
            120002, "PasswordChangeInvalidNewPasswordWeak", .credentials,
            "password change: the new password is too weak"),
        named(
            120003, "PasswordChangeInvalidNewPasswordContainsMemberName", .credentials,
            "password change: the new password contains the user's name"),
        named(
            120004, "PasswordChangeOnPremComplexity", .credentials,
            "password change: the new password fails the on-premises complexity rules"),
        named(
            120005, "PasswordChangeOnPremSuccessCloudFail", .serviceFault,
            "password change succeeded on premises but failed in the cloud"),
        named(120008, "PasswordChangeAsyncJobStateTerminated", .serviceFault, "password change failed permanently"),
        named(
            120011, "PasswordChangeAsyncUpnInferenceFailed", .serviceFault,
            "password change: the user could not be identified"),
        named(120012, "PasswordChangeNeedsToHappenOnPrem", .config, "the password must be changed on premises"),
        named(
            120013, "PasswordChangeOnPremisesConnectivityFailure", .transient,
            "password change: the on-premises directory could not be reached"),
        named(
            120014, "PasswordChangeOnPremUserAccountLockedOutOrDisabled", .account,
            "password change: the on-premises account is locked or disabled"),
        named(
            120015, "PasswordChangeADAdminActionRequired", .account,
            "password change: an Active Directory administrator must act"),
        named(
            120016, "PasswordChangeUserNotFoundBySspr", .account,
            "password change: self-service reset cannot find the user"),
        named(
            120018, "PasswordChangePasswordDoesnotComplyFuzzyPolicy", .credentials,
            "password change: the new password is too close to a banned one"),
        named(120020, "PasswordChangeFailure", .serviceFault, "the password change failed"),
        named(
            120021, "PartnerServiceSsprInternalServiceError", .serviceFault,
            "the self-service password reset service failed"),
        named(130004, "NgcKeyNotFound", .device, "the user has no Windows Hello (NGC) key configured"),
        named(130005, "NgcInvalidSignature", .device, "the Windows Hello (NGC) key signature failed verification"),
        named(130006, "NgcTransportKeyNotFound", .device, "the device has no Windows Hello (NGC) transport key"),
        named(130007, "NgcDeviceIsDisabled", .device, "the device is disabled"),
        named(130008, "NgcDeviceIsNotFound", .device, "the device behind the Windows Hello (NGC) key was not found"),
        named(135010, "KeyNotFound", .device, "the key was not found"),
        ours(135011, "DeviceDisabled", .device, "the device used to authenticate is disabled"),
        named(140000, "InvalidRequestNonce", .config, "the request nonce is missing"),
        named(140001, "InvalidSessionKey", .config, "the session key is not valid"),
        ours(165004, "RuntimeSpecificError", .serviceFault, "a runtime-specific failure (see the message)"),
        named(165900, "InvalidApiRequest", .config, "the request is invalid"),
        named(
            220450, "UnsupportedAndroidWebViewVersion", .config,
            "the Android Chrome WebView version is not supported"),
        named(220501, "InvalidCrlDownload", .config, "the certificate revocation list could not be downloaded"),
        named(
            221000, "DeviceOnlyTokensNotSupportedByResource", .config,
            "the resource does not accept device-only tokens"),
        named(240001, "BulkAADJTokenUnauthorized", .account, "the user may not register devices in Entra ID"),
        named(240002, "RequiredClaimIsMissing", .config, "this ID token cannot be used as a jwt-bearer grant"),
        named(
            501621, "ClaimsTransformationTimeoutRegularExpressionTimeout", .transient,
            "a claims transformation's regular expression timed out (retry may work; otherwise admin)"),
        named(
            530032, "BlockedByConditionalAccessOnSecurityPolicy", .policy,
            "a tenant security policy blocks the request"),
        named(
            700016, "UnauthorizedClient_DoesNotMatchRequest", .config,
            "the application is not registered in this tenant"),
        named(700020, "InteractionRequired", .interactive, "the grant needs user interaction"),
        named(
            700022, "InvalidMultipleResourcesScope", .config,
            "the scopes name more than one resource; request one resource at a time"),
        named(700023, "InvalidResourcelessScope", .config, "the scope is not valid for an access token (no resource)"),
        ours(7000215, "InvalidClientSecret", .config, "the client secret is not valid"),
        ours(
            7000218, "ClientAssertionOrSecretRequired", .config,
            "the request needs a client_assertion or client_secret: the app registration is not a public client"),
        named(
            7000222, "InvalidClientSecretExpiredKeysProvided", .config,
            "the client secret has expired; create a new one"),
        named(
            700229, "ForbiddenTokenType", .config,
            "only app-only tokens can be federated identity credentials for an Entra issuer"),
        named(
            700005, "InvalidGrantRedeemAgainstWrongTenant", .config,
            "the authorization code was issued for another tenant"),
        named(
            1000000, "UserNotBoundError", .interactive,
            "the user must also authenticate with the external identity provider (bind)"),
        named(1000002, "BindCompleteInterruptError", .interactive, "the bind completed; the user is informed"),
        ours(
            100007, "RegionalAuthNotSupported", .config,
            "the regional endpoint serves only managed identities and certain first-party requests"),
        ours(
            1000031, "ApplicationCannotBeAccessed", .account,
            "the application cannot be accessed at this time (admin)"),
        named(7000112, "UnauthorizedClientApplicationDisabled", .config, "the application is disabled"),
        ours(7000114, "OnBehalfOfNotAllowed", .config, "the app may not make application on-behalf-of calls"),
        ours(7500529, "InvalidSamlId", .config, "the SAML request id is not valid (it must not start with a digit)"),
        ours(
            9002341, "UserMustPermitSso", .interactive,
            "the user must allow single sign-on for the app; redirect to consent"),
        named(
            901011, "NoEmailAddressCollectedFromExternalOidcIDP", .federation,
            "the external OpenID Connect provider returned no e-mail (for example a hidden e-mail)"),
        named(
            901012, "EmailAddressCollectedFromExternalOidcIDPNotVerified", .federation,
            "the external OpenID Connect provider's e-mail is not verified"),
        named(
            901014, "NoExternalIdentifierCollectedFromExternalOidcIDP", .federation,
            "the external OpenID Connect provider's ID token has no external identifier"),
        ours(
            650059, "AppNotConfiguredForTenant", .config,
            "the app's sign-in audience (AzureADMyOrg) limits it to its home tenant"),
    ]
}

// Apple domains met beside MSAL's in tickets and logs:
// - kCFErrorDomainCFNetwork (CFNetwork/CFNetworkErrors.h): the underlying error of an NSURLErrorDomain one; its URL
//   codes mirror NSURLErrorDomain's (except kCFURLErrorUnknown, -998), plus host and HTTP proxy codes.
// - com.apple.AuthenticationServices.WebAuthenticationSession (ASWebAuthenticationSessionErrorCode): MSAL turns 1
//   into -50005 (MSIDASWebAuthenticationSessionHandler.m); 2 and 3 reach the app as they are.
// - com.apple.AuthenticationServices.AuthorizationError (ASAuthorizationError.Code): what the Enterprise SSO extension
//   fails with; MSAL maps 1001 to a cancel, 1005 to interaction required and -6000 (MSIDSSOExtensionUnderlyingError) to
//   the error underneath (MSIDSSOExtensionRequestDelegate.m), so the others reach the app.
// - com.apple.AppSSO.AuthorizationError (AppSSO's SOErrorDomain; no public header): only the values seen with a
//   description in public sources: -7 (kSOErrorAuthorizationPresentationFailed, WebKit's AppSSOSPI.h), -9 ("not
//   AppSSO URL", under kCFErrorDomainCFNetwork -1012 in MSAL tickets) and -1000 ("invalid team identifier of the
//   extension", Microsoft's Platform SSO troubleshooting).
// - MSIDKeychainErrorDomain: MSAL's internal keychain domain; its codes are OSStatus values and the app receives them
//   in NSOSStatusErrorDomain.

extension ErrorCatalog {
    /// CFNetwork's domain, usually the underlying error of an NSURLErrorDomain one.
    package static let cfNetworkDomain = "kCFErrorDomainCFNetwork"
    /// ASWebAuthenticationSession's errors (1 cancelled, 2 and 3 presentation context).
    package static let webAuthenticationSessionDomain = "com.apple.AuthenticationServices.WebAuthenticationSession"
    /// ASAuthorizationError: what the Enterprise SSO extension fails with.
    package static let authorizationErrorDomain = "com.apple.AuthenticationServices.AuthorizationError"
    /// AppSSO's errors, met under NSURLErrorDomain -1012 when an SSO extension intercepts a request.
    package static let appSSODomain = "com.apple.AppSSO.AuthorizationError"

    static var appleErrors: [Entry] {
        cfNetworkErrors + webAuthenticationSessionErrors + authorizationErrors + appSSOErrors + msidKeychainErrors
    }

    private static let cfNetworkErrors: [Entry] =
        [
            entry(
                cfNetworkDomain, 1, "kCFHostErrorHostNotFound", .connectivity, .retryWithBackoff,
                "the host name could not be resolved"),
            entry(
                cfNetworkDomain, 2, "kCFHostErrorUnknown", .connectivity, .retryWithBackoff,
                "host resolution failed (for example a name server failure)"),
            entry(
                cfNetworkDomain, 300, "kCFErrorHTTPAuthenticationTypeUnsupported", .configuration, .doNotRetry,
                "client and server share no HTTP authentication scheme"),
            entry(
                cfNetworkDomain, 301, "kCFErrorHTTPBadCredentials", .configuration, .doNotRetry,
                "the server refused the HTTP credentials"),
            entry(
                cfNetworkDomain, 302, "kCFErrorHTTPConnectionLost", .connectivity, .retryWithBackoff,
                "the HTTP connection dropped"),
            entry(
                cfNetworkDomain, 303, "kCFErrorHTTPParseFailure", .serverFailure, .retryWithBackoff,
                "the HTTP response could not be parsed (often a proxy or captive portal)"),
            entry(
                cfNetworkDomain, 304, "kCFErrorHTTPRedirectionLoopDetected", .serverFailure, .doNotRetry,
                "the redirects looped"),
            entry(cfNetworkDomain, 305, "kCFErrorHTTPBadURL", .configuration, .doNotRetry, "the URL is malformed"),
            entry(
                cfNetworkDomain, 306, "kCFErrorHTTPProxyConnectionFailure", .connectivity, .retryWithBackoff,
                "the HTTP proxy could not be reached"),
            entry(
                cfNetworkDomain, 307, "kCFErrorHTTPBadProxyCredentials", .configuration, .doNotRetry,
                "the proxy refused its credentials"),
            entry(
                cfNetworkDomain, 308, "kCFErrorPACFileError", .configuration, .doNotRetry,
                "the proxy auto-configuration (PAC) file failed"),
            entry(
                cfNetworkDomain, 309, "kCFErrorPACFileAuth", .configuration, .doNotRetry,
                "the PAC file's server requires authentication"),
            entry(
                cfNetworkDomain, 310, "kCFErrorHTTPSProxyConnectionFailure", .connectivity, .retryWithBackoff,
                "the HTTPS proxy could not be reached"),
            entry(
                cfNetworkDomain, 311, "kCFStreamErrorHTTPSProxyFailureUnexpectedResponseToCONNECTMethod",
                .connectivity, .doNotRetry, "the HTTPS proxy answered CONNECT unexpectedly"),
            entry(
                cfNetworkDomain, -998, "kCFURLErrorUnknown", .connectivity, .retryWithBackoff,
                "the URL loading system failed for an unknown reason"),
        ]
        + urlErrors.filter { $0.code != -1 }.map { url in
            // kCFURLError<Name> has NSURLError<Name>'s value: same code, same handling.
            var name = url.name
            for (swift, objectiveC) in [("dns", "DNS"), ("http", "HTTP")] where name.hasPrefix(swift) {
                name = objectiveC + name.dropFirst(swift.count)
            }
            name = "kCFURLError" + name.prefix(1).uppercased() + name.dropFirst()
            return entry(
                cfNetworkDomain, url.code, name, url.category, url.action,
                "\(url.meaning) (CFNetwork's copy of NSURLErrorDomain \(url.code), usually its underlying error)")
        }

    private static let webAuthenticationSessionErrors: [Entry] = [
        entry(
            webAuthenticationSessionDomain, 1, "canceledLogin", .cancellation, .userCancelled,
            "the user closed the web sign-in sheet (MSAL normally reports it as -50005)"),
        entry(
            webAuthenticationSessionDomain, 2, "presentationContextNotProvided", .configuration, .doNotRetry,
            "the web session started without a presentation context: pass a view controller (or window) that is on "
                + "screen in MSALWebviewParameters"),
        entry(
            webAuthenticationSessionDomain, 3, "presentationContextInvalid", .configuration, .doNotRetry,
            "the presentation context was not usable (its window was not on screen, or the app was not active): "
                + "start the interactive call from a visible view controller in the foreground"),
    ]

    private static let authorizationErrors: [Entry] = [
        entry(
            authorizationErrorDomain, 1000, "unknown", .broker, .showGenericMessage,
            "the SSO extension (or other authorization provider) failed for an unknown reason"),
        entry(
            authorizationErrorDomain, 1001, "canceled", .cancellation, .userCancelled,
            "the user cancelled the authorization (MSAL normally reports it as -50005)"),
        entry(
            authorizationErrorDomain, 1002, "invalidResponse", .broker, .showGenericMessage,
            "the authorization provider's response was invalid"),
        entry(
            authorizationErrorDomain, 1003, "notHandled", .broker, .showGenericMessage,
            "no extension handled the request (SSO extension not installed or its profile does not cover the URL)"),
        entry(
            authorizationErrorDomain, 1004, "failed", .broker, .showGenericMessage,
            "the authorization attempt failed"),
        entry(
            authorizationErrorDomain, 1005, "notInteractive", .interactionRequired, .acquireInteractively,
            "the request needs UI and was made non-interactively (MSAL normally reports it as -50002)"),
        entry(
            authorizationErrorDomain, 1006, "matchedExcludedCredential", .credentials, .doNotRetry,
            "the passkey matched one the request excluded"),
        entry(
            authorizationErrorDomain, 1007, "credentialImport", .credentials, .doNotRetry,
            "importing a credential failed"),
        entry(
            authorizationErrorDomain, 1008, "credentialExport", .credentials, .doNotRetry,
            "exporting a credential failed"),
        entry(
            authorizationErrorDomain, 1009, "preferSignInWithApple", .credentials, .doNotRetry,
            "the user chose Sign in with Apple instead"),
        entry(
            authorizationErrorDomain, 1010, "deviceNotConfiguredForPasskeyCreation", .configuration, .doNotRetry,
            "the device cannot create passkeys (no passcode or iCloud Keychain)"),
        entry(
            authorizationErrorDomain, -6000, "MSIDSSOExtensionUnderlyingError", .broker, .showGenericMessage,
            "Microsoft's SSO extension failed with an error underneath (NSUnderlyingError); MSAL reports that one"),
    ]

    private static let appSSOErrors: [Entry] = [
        entry(
            appSSODomain, -7, "kSOErrorAuthorizationPresentationFailed", .configuration, .doNotRetry,
            "the SSO extension could not present its UI (no usable window or view controller)"),
        entry(
            appSSODomain, -9, "notAppSSOURL", .broker, .doNotRetry,
            "the URL is not one an SSO extension handles: the profile's URL list does not cover it"),
        entry(
            appSSODomain, -1000, "invalidExtensionTeamIdentifier", .configuration, .doNotRetry,
            "the SSO extension's code signature or team identifier failed validation (reinstall the broker app; on "
                + "macOS check System Integrity Protection)"),
    ]

    private static let msidKeychainErrors: [Entry] = osStatusErrors.map { status in
        entry(
            msidKeychainDomain, status.code, status.name, status.category, status.action,
            "\(status.meaning) (MSAL's internal keychain domain; the app receives NSOSStatusErrorDomain \(status.code))"
        )
    }
}

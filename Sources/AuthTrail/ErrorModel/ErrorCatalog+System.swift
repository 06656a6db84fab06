// Apple's codes MSAL passes through unchanged: NSURLErrorDomain (NSURLError.h; names as in Swift's URLError.Code, whose
// raw values a test reads from Foundation) and the keychain's OSStatus values in NSOSStatusErrorDomain
// (Security/SecBase.h). MSAL retries -1001, -1003, -1004, -1005 and -1009 once itself before the app sees them.

extension ErrorCatalog {
    static let urlErrors: [Entry] = [
        entry(
            urlDomain, -1, "unknown", .connectivity, .retryWithBackoff,
            "the URL loading system failed for an unknown reason"),
        entry(urlDomain, -999, "cancelled", .cancellation, .userCancelled, "the request was cancelled"),
        entry(
            urlDomain, -996, "backgroundSessionInUseByAnotherProcess", .configuration, .doNotRetry,
            "another process already uses this background URL session"),
        entry(
            urlDomain, -997, "backgroundSessionWasDisconnected", .connectivity, .retryWithBackoff,
            "the app lost its connection to the background transfer service"),
        entry(urlDomain, -1000, "badURL", .configuration, .doNotRetry, "the URL is malformed (check the authority)"),
        entry(
            urlDomain, -1001, "timedOut", .connectivity, .retryWithBackoff,
            "the request timed out (MSAL already retried once)"),
        entry(urlDomain, -1002, "unsupportedURL", .configuration, .doNotRetry, "the URL's scheme cannot be loaded"),
        entry(
            urlDomain, -1003, "cannotFindHost", .connectivity, .retryWithBackoff,
            "the host name could not be resolved (MSAL already retried once)"),
        entry(
            urlDomain, -1004, "cannotConnectToHost", .connectivity, .retryWithBackoff,
            "the host refused or did not answer the connection (MSAL already retried once)"),
        entry(
            urlDomain, -1005, "networkConnectionLost", .connectivity, .waitForConnectivity,
            "the connection was lost mid-request (MSAL already retried once)"),
        entry(urlDomain, -1006, "dnsLookupFailed", .connectivity, .retryWithBackoff, "the DNS lookup failed"),
        entry(
            urlDomain, -1007, "httpTooManyRedirects", .serverFailure, .doNotRetry,
            "the server redirected too many times (a redirect loop, often a proxy)"),
        entry(
            urlDomain, -1008, "resourceUnavailable", .serverFailure, .retryWithBackoff,
            "the requested resource could not be retrieved"),
        entry(urlDomain, -1009, "notConnectedToInternet", .connectivity, .waitForConnectivity, "the device is offline"),
        entry(
            urlDomain, -1010, "redirectToNonExistentLocation", .serverFailure, .doNotRetry,
            "the server redirected to a location that does not exist"),
        entry(
            urlDomain, -1011, "badServerResponse", .serverFailure, .retryWithBackoff,
            "the server's response could not be used"),
        entry(
            urlDomain, -1012, "userCancelledAuthentication", .broker, .doNotRetry,
            "the request's authentication was cancelled; with an Enterprise SSO extension installed this is how the "
                + "extension's interception fails (underlying kCFErrorDomainCFNetwork -1012 and "
                + "com.apple.AppSSO.AuthorizationError): check the SSO extension profile (app allow-list, URLs)"),
        entry(
            urlDomain, -1013, "userAuthenticationRequired", .configuration, .doNotRetry,
            "the server or a proxy requires authentication the request did not provide"),
        entry(urlDomain, -1014, "zeroByteResource", .serverFailure, .retryWithBackoff, "the server sent an empty body"),
        entry(
            urlDomain, -1015, "cannotDecodeRawData", .serverFailure, .retryWithBackoff,
            "the response body could not be decoded"),
        entry(
            urlDomain, -1016, "cannotDecodeContentData", .serverFailure, .retryWithBackoff,
            "the response's content encoding could not be decoded"),
        entry(
            urlDomain, -1017, "cannotParseResponse", .serverFailure, .retryWithBackoff,
            "the server's response could not be parsed"),
        entry(
            urlDomain, -1018, "internationalRoamingOff", .connectivity, .waitForConnectivity,
            "the device is roaming with data roaming turned off"),
        entry(
            urlDomain, -1019, "callIsActive", .connectivity, .waitForConnectivity,
            "a phone call blocks cellular data on this network"),
        entry(
            urlDomain, -1020, "dataNotAllowed", .connectivity, .waitForConnectivity,
            "cellular data is not allowed for this app, and there is no Wi-Fi"),
        entry(
            urlDomain, -1021, "requestBodyStreamExhausted", .internalError, .doNotRetry,
            "the request body stream ran out and could not be restarted"),
        entry(
            urlDomain, -1022, "appTransportSecurityRequiresSecureConnection", .configuration, .doNotRetry,
            "App Transport Security blocked a cleartext HTTP connection"),
        entry(
            urlDomain, -1200, "secureConnectionFailed", .transportSecurity, .doNotRetry,
            "the TLS connection failed (often a proxy or captive portal)"),
        entry(
            urlDomain, -1201, "serverCertificateHasBadDate", .transportSecurity, .doNotRetry,
            "the server certificate has expired (or the device clock is wrong)"),
        entry(
            urlDomain, -1202, "serverCertificateUntrusted", .transportSecurity, .doNotRetry,
            "the server certificate is not trusted (often a TLS-intercepting proxy)"),
        entry(
            urlDomain, -1203, "serverCertificateHasUnknownRoot", .transportSecurity, .doNotRetry,
            "the server certificate's root is unknown"),
        entry(
            urlDomain, -1204, "serverCertificateNotYetValid", .transportSecurity, .doNotRetry,
            "the server certificate is not yet valid (or the device clock is wrong)"),
        entry(
            urlDomain, -1205, "clientCertificateRejected", .transportSecurity, .doNotRetry,
            "the server rejected the client certificate (certificate-based authentication)"),
        entry(
            urlDomain, -1206, "clientCertificateRequired", .transportSecurity, .doNotRetry,
            "the server requires a client certificate the device did not present"),
        entry(
            urlDomain, -2000, "cannotLoadFromNetwork", .connectivity, .waitForConnectivity,
            "the request may only be answered from the cache and the cache had nothing"),
    ]

    static let osStatusErrors: [Entry] = [
        entry(
            osStatusDomain, -34018, "errSecMissingEntitlement", .keychain, .doNotRetry,
            "the app lacks the keychain access-group entitlement MSAL uses (com.microsoft.adalcache or the "
                + "configured group)"),
        entry(
            osStatusDomain, -25300, "errSecItemNotFound", .keychain, .acquireInteractively,
            "the keychain item was not found (no cached token for this account)"),
        entry(
            osStatusDomain, -25299, "errSecDuplicateItem", .keychain, .retryWithBackoff,
            "the keychain item already exists"),
        entry(
            osStatusDomain, -25308, "errSecInteractionNotAllowed", .keychain, .retryWithBackoff,
            "the keychain is unavailable while the device is locked (or before first unlock)"),
        entry(
            osStatusDomain, -50, "errSecParam", .keychain, .doNotRetry,
            "a keychain call got an invalid parameter"),
        entry(osStatusDomain, -4, "errSecUnimplemented", .keychain, .doNotRetry, "the operation is not implemented"),
        entry(osStatusDomain, -108, "errSecAllocate", .keychain, .retryWithBackoff, "memory could not be allocated"),
        entry(
            osStatusDomain, -128, "errSecUserCanceled", .cancellation, .userCancelled,
            "the user cancelled a keychain prompt"),
        entry(
            osStatusDomain, -909, "errSecBadReq", .keychain, .doNotRetry,
            "a keychain call had a bad parameter or came in an invalid state"),
        entry(
            osStatusDomain, -2070, "errSecInternalComponent", .keychain, .retryWithBackoff,
            "a Security framework component failed internally"),
        entry(
            osStatusDomain, -25291, "errSecNotAvailable", .keychain, .retryWithBackoff,
            "no keychain is available (macOS: the login keychain is missing or locked)"),
        entry(osStatusDomain, -25292, "errSecReadOnly", .keychain, .doNotRetry, "the keychain cannot be modified"),
        entry(
            osStatusDomain, -25293, "errSecAuthFailed", .keychain, .doNotRetry,
            "keychain authorization failed (macOS: the user denied access, or the item's access list excludes the "
                + "app)"),
        entry(osStatusDomain, -25294, "errSecNoSuchKeychain", .keychain, .doNotRetry, "the keychain does not exist"),
        entry(osStatusDomain, -25295, "errSecInvalidKeychain", .keychain, .doNotRetry, "the keychain is not valid"),
        entry(
            osStatusDomain, -25303, "errSecNoSuchAttr", .keychain, .doNotRetry,
            "the keychain item has no such attribute"),
        entry(
            osStatusDomain, -25304, "errSecInvalidItemRef", .keychain, .doNotRetry,
            "the keychain item reference is invalid"),
        entry(
            osStatusDomain, -25307, "errSecNoDefaultKeychain", .keychain, .doNotRetry,
            "there is no default keychain (macOS)"),
        entry(
            osStatusDomain, -25315, "errSecInteractionRequired", .keychain, .doNotRetry,
            "the keychain needs user interaction the call did not allow"),
        entry(
            osStatusDomain, -25316, "errSecDataNotAvailable", .keychain, .retryWithBackoff,
            "the item's data is not available right now"),
        entry(
            osStatusDomain, -25317, "errSecDataNotModifiable", .keychain, .doNotRetry,
            "the item's data cannot be changed"),
        entry(
            osStatusDomain, -25320, "errSecInDarkWake", .keychain, .retryWithBackoff,
            "the Mac is in dark wake; keychain access waits for a full wake"),
        entry(
            osStatusDomain, -67671, "errSecInternalError", .keychain, .retryWithBackoff,
            "the Security framework failed internally"),
    ]
}

// Apple's codes MSAL passes through unchanged: NSURLErrorDomain (NSURLError.h; names as in Swift's URLError.Code) and
// the keychain's OSStatus values in NSOSStatusErrorDomain (Security/SecBase.h).

extension ErrorCatalog {
    static let urlErrors: [Entry] = [
        entry(urlDomain, -999, "cancelled", .cancellation, .userCancelled, "the request was cancelled"),
        entry(
            urlDomain, -1001, "timedOut", .connectivity, .retryWithBackoff,
            "the request timed out (MSAL already retried once)"),
        entry(
            urlDomain, -1003, "cannotFindHost", .connectivity, .retryWithBackoff,
            "the host name could not be resolved (MSAL already retried once)"),
        entry(
            urlDomain, -1004, "cannotConnectToHost", .connectivity, .retryWithBackoff,
            "the host refused or did not answer the connection (MSAL already retried once)"),
        entry(
            urlDomain, -1005, "networkConnectionLost", .connectivity, .waitForConnectivity,
            "the connection was lost mid-request"),
        entry(urlDomain, -1006, "dnsLookupFailed", .connectivity, .retryWithBackoff, "the DNS lookup failed"),
        entry(urlDomain, -1009, "notConnectedToInternet", .connectivity, .waitForConnectivity, "the device is offline"),
        entry(
            urlDomain, -1011, "badServerResponse", .serverFailure, .retryWithBackoff,
            "the server's response could not be used"),
        entry(
            urlDomain, -1017, "cannotParseResponse", .serverFailure, .retryWithBackoff,
            "the server's response could not be parsed"),
        entry(
            urlDomain, -1020, "dataNotAllowed", .connectivity, .waitForConnectivity,
            "cellular data is not allowed for this app, and there is no Wi-Fi"),
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
    ]

    static let osStatusErrors: [Entry] = [
        entry(
            osStatusDomain, -34018, "errSecMissingEntitlement", .keychain, .doNotRetry,
            "the app lacks the keychain access-group entitlement MSAL uses"),
        entry(
            osStatusDomain, -25300, "errSecItemNotFound", .keychain, .acquireInteractively,
            "the keychain item was not found (no cached token for this account)"),
        entry(
            osStatusDomain, -25299, "errSecDuplicateItem", .keychain, .retryWithBackoff,
            "the keychain item already exists"),
        entry(
            osStatusDomain, -25308, "errSecInteractionNotAllowed", .keychain, .retryWithBackoff,
            "the keychain is unavailable while the device is locked"),
        entry(
            osStatusDomain, -50, "errSecParam", .keychain, .doNotRetry,
            "a keychain call got an invalid parameter"),
    ]
}

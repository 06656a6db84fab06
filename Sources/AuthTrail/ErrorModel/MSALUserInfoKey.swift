/// The runtime strings of MSAL's NSError userInfo keys (each constant's string equals its name).
public enum MSALUserInfoKey {
    public static let errorDescription = "MSALErrorDescriptionKey"
    public static let oauthError = "MSALOAuthErrorKey"
    public static let oauthSubError = "MSALOAuthSubErrorKey"
    public static let oauthSubErrorDescription = "MSALOAuthSubErrorDescriptionKey"
    public static let stsErrorCodes = "MSALSTSErrorCodesKey"
    public static let internalErrorCode = "MSALInternalErrorCodeKey"
    public static let httpHeaders = "MSALHTTPHeadersKey"
    /// An NSString such as "429", not an NSNumber.
    public static let httpResponseCode = "MSALHTTPResponseCodeKey"
    public static let correlationID = "MSALCorrelationIDKey"
    public static let declinedScopes = "MSALDeclinedScopesKey"
    public static let grantedScopes = "MSALGrantedScopesKey"
    /// Holds an MSALResult with tokens: never read, never logged.
    public static let invalidResult = "MSALInvalidResultKey"
    public static let displayableUserID = "MSALDisplayableUserIdKey"
    public static let homeAccountID = "MSALHomeAccountIdKey"
    public static let brokerVersion = "MSALBrokerVersionKey"
    public static let throttlingCacheHit = "MSALThrottlingCacheHitKey"
    /// The error domain MSAL creates its errors in.
    public static let msalErrorDomain = "MSALErrorDomain"
}

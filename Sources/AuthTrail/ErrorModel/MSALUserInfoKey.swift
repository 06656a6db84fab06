/// The runtime strings of MSAL's NSError userInfo keys (each constant's string equals its name).
package enum MSALUserInfoKey {
    package static let errorDescription = "MSALErrorDescriptionKey"
    package static let oauthError = "MSALOAuthErrorKey"
    package static let oauthSubError = "MSALOAuthSubErrorKey"
    package static let oauthSubErrorDescription = "MSALOAuthSubErrorDescriptionKey"
    package static let stsErrorCodes = "MSALSTSErrorCodesKey"
    package static let internalErrorCode = "MSALInternalErrorCodeKey"
    package static let httpHeaders = "MSALHTTPHeadersKey"
    /// An NSString such as "429", not an NSNumber.
    package static let httpResponseCode = "MSALHTTPResponseCodeKey"
    package static let correlationID = "MSALCorrelationIDKey"
    package static let declinedScopes = "MSALDeclinedScopesKey"
    package static let grantedScopes = "MSALGrantedScopesKey"
    /// Holds an MSALResult with tokens: never read, never logged.
    package static let invalidResult = "MSALInvalidResultKey"
    package static let displayableUserID = "MSALDisplayableUserIdKey"
    package static let homeAccountID = "MSALHomeAccountIdKey"
    package static let brokerVersion = "MSALBrokerVersionKey"
    package static let throttlingCacheHit = "MSALThrottlingCacheHitKey"
    /// The error domain MSAL creates its errors in.
    package static let msalErrorDomain = "MSALErrorDomain"
}

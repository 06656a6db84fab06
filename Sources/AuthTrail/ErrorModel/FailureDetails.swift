/// Everything one failed attempt says about what went wrong, read from the error MSAL (or the system) returned.
public struct FailureDetails: Sendable, Hashable {
    /// NSError domain, for example `MSALErrorDomain` or `NSURLErrorDomain`.
    public var domain: String
    public var code: Int
    /// The code's name from the catalog, for example `interactionRequired`; nil when the catalog does not know it.
    public var codeName: String?
    /// MSAL's internal sub-code (`MSALInternalErrorCodeKey`), for example -42011.
    public var subcode: Int?
    public var subcodeName: String?
    /// OAuth `error` and `suberror` from the STS response.
    public var oauthError: String?
    public var oauthSuberror: String?
    /// AADSTS codes (`MSALSTSErrorCodesKey`), for example [50076].
    public var stsErrorCodes: [Int]
    public var httpStatus: Int?
    /// The server's Retry-After hint, in seconds.
    public var retryAfterSeconds: Double?
    /// MSAL replayed this error from its throttling cache instead of calling the server (`MSALThrottlingCacheHitKey`).
    public var throttledByMSAL: Bool
    /// A conditional-access claims challenge came with the error. Its content is never recorded.
    public var claimsChallenge: Bool
    public var grantedScopes: [String]
    public var declinedScopes: [String]
    /// The underlying error chain (`NSUnderlyingErrorKey`), outermost first, as `domain:code`.
    public var underlying: [String]
    /// The error's description (MSAL's text or the server's `error_description`). Scanned for PII before it is written.
    public var message: String?
    /// What the app should do about it, following Microsoft's guidance.
    public var action: RecommendedAction?
    /// MSAL's correlation id for the failed request (`MSALCorrelationIDKey`), when the error carries one.
    public var correlationID: String?

    public init(
        domain: String, code: Int, codeName: String? = nil, subcode: Int? = nil, subcodeName: String? = nil,
        oauthError: String? = nil, oauthSuberror: String? = nil, stsErrorCodes: [Int] = [], httpStatus: Int? = nil,
        retryAfterSeconds: Double? = nil, throttledByMSAL: Bool = false, claimsChallenge: Bool = false,
        grantedScopes: [String] = [], declinedScopes: [String] = [], underlying: [String] = [],
        message: String? = nil, action: RecommendedAction? = nil, correlationID: String? = nil
    ) {
        self.domain = domain
        self.code = code
        self.codeName = codeName
        self.subcode = subcode
        self.subcodeName = subcodeName
        self.oauthError = oauthError
        self.oauthSuberror = oauthSuberror
        self.stsErrorCodes = stsErrorCodes
        self.httpStatus = httpStatus
        self.retryAfterSeconds = retryAfterSeconds
        self.throttledByMSAL = throttledByMSAL
        self.claimsChallenge = claimsChallenge
        self.grantedScopes = grantedScopes
        self.declinedScopes = declinedScopes
        self.underlying = underlying
        self.message = message
        self.action = action
        self.correlationID = correlationID
    }

    /// OpenTelemetry `error.type`: a low-cardinality class of failure, `domain:code`.
    public var errorType: String { "\(domain):\(code)" }
}

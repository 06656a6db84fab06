package import AuthTrail

/// An attempt's error as its `acquisition.end` classified it, with the recommended action from the catalog.
package struct AttemptError: Sendable, Hashable {
    /// `error.domain`, for example `MSALErrorDomain`.
    package var domain: String?
    package var code: Int?
    /// `error.code_name`, for example `interactionRequired`.
    package var codeName: String?
    /// `error.subcode` (MSAL's internal code) and its name.
    package var subcode: Int?
    package var subcodeName: String?
    /// OAuth `error` and `suberror`.
    package var oauthError: String?
    package var oauthSuberror: String?
    /// `sts.error_codes`: the AADSTS codes.
    package var stsCodes: [Int] = []
    /// `http.response.status_code`.
    package var httpStatus: Int?
    /// `http.retry_after_s`.
    package var retryAfterSeconds: Double?
    /// `error.action`: what MSAL's guidance says the app should do.
    package var action: RecommendedAction?
    /// `error.claims_challenge`: a claims challenge came with the error.
    package var claimsChallenge = false
    /// `msal.throttled`: MSAL replayed the error from its throttling cache.
    package var throttled = false
    /// `error.underlying`: `<domain>:<code>`, outermost first.
    package var underlying: [String] = []

    /// `domain:code`, or the domain alone, or the first AADSTS code.
    package var title: String {
        if let domain, let code { return "\(domain):\(code)" }
        if let domain { return domain }
        return stsCodes.first.map { "AADSTS\($0)" } ?? "error"
    }
}

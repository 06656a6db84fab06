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

    /// The error of the attempt `record` ended (checked as the report checks it), with what `details` read from its
    /// line; nil for a success without an `error.domain`.
    init?(of record: LogRecord, details: EventDetails?) {
        guard record.outcome != .known(.success) || record.errorDomain != nil else { return nil }
        domain = record.errorDomain
        code = record.errorCode
        codeName = record.errorCodeName
        subcode = record.errorSubcode
        subcodeName = record.errorSubcodeName
        oauthError = details?.oauthError
        oauthSuberror = details?.oauthSuberror
        stsCodes = record.stsErrorCodes
        httpStatus = record.httpStatus.flatMap { ReportBounds.httpStatus.contains($0) ? $0 : nil }
        retryAfterSeconds = record.retryAfterSeconds.flatMap { ReportBounds.retryAfterSeconds.contains($0) ? $0 : nil }
        action = record.action?.known
        claimsChallenge = details?.claimsChallenge ?? false
        throttled = details?.throttled ?? false
        underlying = details?.underlying ?? []
    }

    /// `domain:code`, or the domain alone, or the first AADSTS code.
    package var title: String {
        if let domain, let code { return "\(domain):\(code)" }
        if let domain { return domain }
        return stsCodes.first.map { "AADSTS\($0)" } ?? "error"
    }
}

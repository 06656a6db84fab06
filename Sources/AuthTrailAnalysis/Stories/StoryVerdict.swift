import AuthTrail

/// One line on an operation: what went wrong and what the app should have done, per Microsoft's MSAL guidance
/// (the recommended actions of the error catalog, `RecommendedAction`).
package struct StoryVerdict: Sendable, Hashable {
    /// The finding, most serious first when several apply (the verdict names the first).
    package enum Finding: String, Sendable, Hashable, CaseIterable {
        /// A retry came sooner than the Retry-After of the failure before it.
        case retryAfterIgnored = "retry_after_ignored"
        /// An operation storm, as the report defines it (`ReportBuilder.Limits`: 5 attempts starting within 60 s).
        case retryStorm = "retry_storm"
        /// A claims challenge was not answered by an interactive request that passes the claims.
        case claimsNotPassed = "claims_not_passed"
        /// A silent failure that needs interaction was not followed by an interactive attempt.
        case noInteractiveFallback = "no_interactive_fallback"
        /// An error that retrying cannot fix was retried.
        case retriedPermanentError = "retried_permanent_error"
        /// The operation ended in a failure (the verdict says the recommended action).
        case failed
        /// The user cancelled: nothing to fix.
        case userCancelled = "user_cancelled"
        /// Silent needed interaction and the app fell back to interactive, which succeeded.
        case fellBackToInteractive = "fell_back_to_interactive"
        /// It succeeded after retries that followed the guidance.
        case recovered
        /// It succeeded at the first attempt.
        case succeeded
        /// Nothing to judge (no attempt).
        case unknown
    }

    package var finding: Finding
    /// One sentence: what happened and what the app should have done.
    package var summary: String

    package static let unknown = StoryVerdict(finding: .unknown, summary: "no attempt")
}

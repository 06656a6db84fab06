/// The JSON key of every schema-v1 field, in one place for the writer and the readers. See docs/SCHEMA.md.
///
/// Names follow OpenTelemetry's semantic conventions where they have one (`error.type`, `exception.message`,
/// `http.response.status_code`, `http.request.resend_count`, `server.address`, severity), so events map to OTLP
/// attributes without renaming.
package enum FieldName {
    package static let timestamp = "timestamp"
    package static let schema = "schema"
    package static let sequence = "seq"
    package static let eventName = "event.name"
    package static let severityText = "severity_text"
    package static let severityNumber = "severity_number"
    package static let installID = "install.id"
    package static let operationID = "operation.id"
    package static let attempt = "attempt"
    package static let resendCount = "http.request.resend_count"
    package static let kind = "acquisition.kind"
    package static let scopes = "acquisition.scopes"
    package static let authorityHost = "server.address"
    package static let correlationID = "msal.correlation_id"
    package static let durationMilliseconds = "duration_ms"
    package static let outcome = "outcome"

    package static let errorType = "error.type"
    package static let errorDomain = "error.domain"
    package static let errorCode = "error.code"
    package static let errorCodeName = "error.code_name"
    package static let errorSubcode = "error.subcode"
    package static let errorSubcodeName = "error.subcode_name"
    package static let oauthError = "oauth.error"
    package static let oauthSuberror = "oauth.suberror"
    package static let stsErrorCodes = "sts.error_codes"
    package static let httpStatus = "http.response.status_code"
    package static let retryAfterSeconds = "http.retry_after_s"
    package static let throttledByMSAL = "msal.throttled"
    package static let claimsChallenge = "error.claims_challenge"
    package static let grantedScopes = "error.granted_scopes"
    package static let declinedScopes = "error.declined_scopes"
    package static let underlying = "error.underlying"
    package static let action = "error.action"
    package static let exceptionMessage = "exception.message"

    package static let waitMilliseconds = "retry.wait_ms"
    package static let body = "body"

    // Attribute keys (not reserved: they travel in `TrailEvent.attributes`) that the report reads.
    /// The signed-in user, from `Trail.setUser`; pseudonymized by the redactor.
    package static let endUserID = "enduser.id"
    /// On `store.dropped`: how many events the full queue dropped.
    package static let droppedTotal = "dropped.total"
    /// On `segment.start`: the app's version.
    package static let appVersion = "app.version"
}

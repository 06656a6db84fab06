/// The JSON key of every schema-v1 field, in one place for the writer and the readers. See docs/SCHEMA.md.
///
/// Names follow OpenTelemetry's semantic conventions where they have one (`error.type`, `exception.message`,
/// `http.response.status_code`, `http.request.resend_count`, `server.address`, severity), so events map to OTLP
/// attributes without renaming.
package enum FieldName {
    package static let timestamp: JSONKey = "timestamp"
    package static let schema: JSONKey = "schema"
    package static let sequence: JSONKey = "seq"
    package static let eventName: JSONKey = "event.name"
    package static let severityText: JSONKey = "severity_text"
    package static let severityNumber: JSONKey = "severity_number"
    package static let installID: JSONKey = "install.id"
    package static let operationID: JSONKey = "operation.id"
    package static let attempt: JSONKey = "attempt"
    package static let resendCount: JSONKey = "http.request.resend_count"
    package static let kind: JSONKey = "acquisition.kind"
    package static let scopes: JSONKey = "acquisition.scopes"
    package static let authorityHost: JSONKey = "server.address"
    package static let correlationID: JSONKey = "msal.correlation_id"
    package static let durationMilliseconds: JSONKey = "duration_ms"
    package static let outcome: JSONKey = "outcome"

    package static let errorType: JSONKey = "error.type"
    package static let errorDomain: JSONKey = "error.domain"
    package static let errorCode: JSONKey = "error.code"
    package static let errorCodeName: JSONKey = "error.code_name"
    package static let errorSubcode: JSONKey = "error.subcode"
    package static let errorSubcodeName: JSONKey = "error.subcode_name"
    package static let oauthError: JSONKey = "oauth.error"
    package static let oauthSuberror: JSONKey = "oauth.suberror"
    package static let stsErrorCodes: JSONKey = "sts.error_codes"
    package static let httpStatus: JSONKey = "http.response.status_code"
    package static let retryAfterSeconds: JSONKey = "http.retry_after_s"
    package static let throttledByMSAL: JSONKey = "msal.throttled"
    package static let claimsChallenge: JSONKey = "error.claims_challenge"
    package static let grantedScopes: JSONKey = "error.granted_scopes"
    package static let declinedScopes: JSONKey = "error.declined_scopes"
    package static let underlying: JSONKey = "error.underlying"
    package static let action: JSONKey = "error.action"
    package static let exceptionMessage: JSONKey = "exception.message"

    package static let waitMilliseconds: JSONKey = "retry.wait_ms"
    package static let body: JSONKey = "body"

    // Attribute keys (not reserved: they travel in `TrailEvent.attributes`) that the report reads.
    /// The signed-in user, from `Trail.setUser`; pseudonymized by the redactor.
    package static let endUserID = "enduser.id"
    /// On `store.dropped`: how many events the full queue dropped.
    package static let droppedTotal = "dropped.total"
    /// On `segment.start`: the app's version.
    package static let appVersion = "app.version"
}

/// A schema field's JSON name, held both as a `String` for the readers and as a literal the writer copies without
/// looking at it (the names need no escaping).
package struct JSONKey: Sendable, ExpressibleByStringLiteral {
    /// The name, for example `error.code`.
    package let name: String
    let literal: StaticString

    package init(stringLiteral literal: StaticString) {
        self.literal = literal
        name = literal.description
        assert(name.utf8.allSatisfy { $0 >= 0x20 && $0 != 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") })
    }
}

/// The JSON key of every schema-v1 field, in one place for the writer and the readers. See docs/SCHEMA.md.
///
/// Names follow OpenTelemetry's semantic conventions where they have one (`error.type`, `exception.message`,
/// `http.response.status_code`, `http.request.resend_count`, `server.address`, severity), so events map to OTLP
/// attributes without renaming.
package enum FieldName {
    package static var timestamp: JSONKey { "timestamp" }
    package static var schema: JSONKey { "schema" }
    package static var sequence: JSONKey { "seq" }
    package static var eventName: JSONKey { "event.name" }
    package static var severityText: JSONKey { "severity_text" }
    package static var severityNumber: JSONKey { "severity_number" }
    package static var installID: JSONKey { "install.id" }
    package static var operationID: JSONKey { "operation.id" }
    package static var attempt: JSONKey { "attempt" }
    package static var resendCount: JSONKey { "http.request.resend_count" }
    package static var kind: JSONKey { "acquisition.kind" }
    package static var scopes: JSONKey { "acquisition.scopes" }
    package static var authorityHost: JSONKey { "server.address" }
    package static var correlationID: JSONKey { "msal.correlation_id" }
    package static var durationMilliseconds: JSONKey { "duration_ms" }
    package static var outcome: JSONKey { "outcome" }

    package static var errorType: JSONKey { "error.type" }
    package static var errorDomain: JSONKey { "error.domain" }
    package static var errorCode: JSONKey { "error.code" }
    package static var errorCodeName: JSONKey { "error.code_name" }
    package static var errorSubcode: JSONKey { "error.subcode" }
    package static var errorSubcodeName: JSONKey { "error.subcode_name" }
    package static var oauthError: JSONKey { "oauth.error" }
    package static var oauthSuberror: JSONKey { "oauth.suberror" }
    package static var stsErrorCodes: JSONKey { "sts.error_codes" }
    package static var httpStatus: JSONKey { "http.response.status_code" }
    package static var retryAfterSeconds: JSONKey { "http.retry_after_s" }
    package static var throttledByMSAL: JSONKey { "msal.throttled" }
    package static var claimsChallenge: JSONKey { "error.claims_challenge" }
    package static var grantedScopes: JSONKey { "error.granted_scopes" }
    package static var declinedScopes: JSONKey { "error.declined_scopes" }
    package static var underlying: JSONKey { "error.underlying" }
    package static var action: JSONKey { "error.action" }
    package static var exceptionMessage: JSONKey { "exception.message" }

    package static var waitMilliseconds: JSONKey { "retry.wait_ms" }
    package static var body: JSONKey { "body" }

    // Attribute keys (not reserved: they travel in `TrailEvent.attributes`) that the report reads.
    /// The signed-in user, from `Trail.setUser`; pseudonymized by the redactor.
    package static let endUserID = "enduser.id"
    /// On `store.dropped`: how many events the full queue dropped.
    package static let droppedTotal = "dropped.total"
    /// On `segment.start`: the app's version.
    package static let appVersion = "app.version"
    /// On `segment.start`: the OS version.
    package static let osVersion = "os.version"
    /// On `log` events from MSAL: MSAL's version.
    package static let msalVersion = "msal.version"
}

/// A schema field's JSON name: a literal the writer copies without looking at it (the names need no escaping).
///
/// Only a `StaticString`, and the `FieldName` keys are computed: the writer reads 20 to 40 keys per event, and a
/// `static let` holding a `String` cost a `swift_once` check and a retain and release on every read.
package struct JSONKey: Sendable, ExpressibleByStringLiteral {
    let literal: StaticString

    package init(stringLiteral literal: StaticString) {
        self.literal = literal
        assert(
            UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount).allSatisfy {
                $0 >= 0x20 && $0 != 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\")
            }, "a schema key must need no escaping")
    }

    /// The name, for example `error.code` (for the readers).
    package var name: String { literal.description }
}

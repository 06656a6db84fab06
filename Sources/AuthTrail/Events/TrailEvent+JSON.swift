/// The schema version this library writes.
package let authTrailSchemaVersion = 1

/// Per-line context the store adds to every event.
package struct EventContext: Sendable {
    package var installID: String
    package var sequence: Int

    package init(installID: String, sequence: Int) {
        self.installID = installID
        self.sequence = sequence
    }
}

extension TrailEvent {
    /// Appends the event as one NDJSON line (schema v1). The event must already be redacted.
    package func encode(into writer: inout JSONLineWriter, context: EventContext) {
        writer.beginObject()
        writer.key(FieldName.timestamp)
        writer.rawString(maximumLength: Timestamp.length) { out in
            Timestamp.write(timestamp, to: out)
            return Timestamp.length
        }
        writer.field(FieldName.schema, authTrailSchemaVersion)
        writer.field(FieldName.sequence, context.sequence)
        writer.field(FieldName.eventName, name.rawValue)
        writer.field(FieldName.severityText, severity.text)
        writer.field(FieldName.severityNumber, severity.number)
        writer.field(FieldName.installID, context.installID)
        writer.field(FieldName.operationID, operationID?.rawValue)
        writer.field(FieldName.attempt, attempt)
        writer.field(FieldName.resendCount, attempt.map { $0 > 0 ? $0 - 1 : 0 })  // Int.min - 1 would trap
        writer.field(FieldName.kind, kind?.rawValue)
        writer.field(FieldName.scopes, strings: scopes)
        writer.field(FieldName.authorityHost, authorityHost)
        writer.field(FieldName.correlationID, correlationID)
        writer.field(FieldName.durationMilliseconds, milli: duration.map(\.milliseconds))
        writer.field(FieldName.outcome, outcome?.rawValue)
        // Through optional chaining the failure is read where it lies; `if let` copied it (208 bytes) first.
        failure?.encodeFields(into: &writer)
        writer.field(FieldName.waitMilliseconds, milli: wait.map(\.milliseconds))
        writer.field(FieldName.body, message)
        if !attributes.isEmpty {
            for key in attributes.keys.sorted() where !FieldName.isReserved(key) {
                writer.field(key, attributes[key])
            }
        }
        writer.endLine()
    }
}

extension FailureDetails {
    /// The failure's fields, in schema order.
    fileprivate func encodeFields(into writer: inout JSONLineWriter) {
        writer.field(FieldName.errorType, domain, ":", code)
        writer.field(FieldName.errorDomain, domain)
        writer.field(FieldName.errorCode, code)
        writer.field(FieldName.errorCodeName, codeName)
        writer.field(FieldName.errorSubcode, subcode)
        writer.field(FieldName.errorSubcodeName, subcodeName)
        writer.field(FieldName.oauthError, oauthError)
        writer.field(FieldName.oauthSuberror, oauthSuberror)
        writer.field(FieldName.stsErrorCodes, integers: stsErrorCodes)
        writer.field(FieldName.httpStatus, httpStatus)
        writer.field(FieldName.retryAfterSeconds, milli: retryAfterSeconds)
        if throttledByMSAL { writer.field(FieldName.throttledByMSAL, true) }
        if claimsChallenge { writer.field(FieldName.claimsChallenge, true) }
        writer.field(FieldName.grantedScopes, strings: grantedScopes)
        writer.field(FieldName.declinedScopes, strings: declinedScopes)
        writer.field(FieldName.underlying, strings: underlying)
        writer.field(FieldName.action, action?.rawValue)
        writer.field(FieldName.exceptionMessage, message)
    }
}

extension FieldName {
    /// Attribute keys may not shadow schema fields.
    package static func isReserved(_ key: String) -> Bool { reserved.contains(key) }

    private static let reserved: Set<String> = Set(
        [
            timestamp, schema, sequence, eventName, severityText, severityNumber, installID, operationID, attempt,
            resendCount, kind, scopes, authorityHost, correlationID, durationMilliseconds, outcome, errorType,
            errorDomain,
            errorCode, errorCodeName, errorSubcode, errorSubcodeName, oauthError, oauthSuberror, stsErrorCodes,
            httpStatus,
            retryAfterSeconds, throttledByMSAL, claimsChallenge, grantedScopes, declinedScopes, underlying, action,
            exceptionMessage, waitMilliseconds, body,
        ].map(\.name))
}

extension Duration {
    /// The duration in milliseconds, as a Double.
    package var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}

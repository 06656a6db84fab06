import AuthTrail

/// The columns of schema v1: every event field of docs/SCHEMA.md with its JSON type, in the table's order.
///
/// The one source of the typed column map the fleet queries read with (`authtrail schema --duckdb`,
/// `authtrail schema --clickhouse`, docs/FLEET.md); a test holds it equal to the "Event fields" table of
/// docs/SCHEMA.md, both ways.
package enum EventSchema {
    /// A field's JSON type, spelled as docs/SCHEMA.md spells it.
    package enum ValueType: String, Sendable, CaseIterable {
        /// A JSON string.
        case string
        /// A JSON string holding an RFC 3339 UTC time with milliseconds (`timestamp`); typed as a time in SQL.
        case time = "string (RFC 3339)"
        /// A whole JSON number.
        case integer = "int"
        /// A JSON number, possibly with a fraction.
        case number
        /// `true` or `false`.
        case boolean = "bool"
        /// An array of JSON strings.
        case strings = "[string]"
        /// An array of whole JSON numbers.
        case integers = "[int]"
    }

    /// One field: its JSON key and type.
    package struct Column: Sendable, Equatable {
        package let name: String
        package let type: ValueType

        init(_ key: JSONKey, _ type: ValueType) {
            name = key.name
            self.type = type
        }

        init(_ name: String, _ type: ValueType) {
            self.name = name
            self.type = type
        }
    }

    /// Every event field, in docs/SCHEMA.md's order.
    package static let columns: [Column] = eventColumns + appConfigurationColumns

    /// The fields of every kind of event.
    private static let eventColumns: [Column] = [
        Column(FieldName.timestamp, .time),
        Column(FieldName.schema, .integer),
        Column(FieldName.sequence, .integer),
        Column(FieldName.eventName, .string),
        Column(FieldName.severityText, .string),
        Column(FieldName.severityNumber, .integer),
        Column(FieldName.installID, .string),
        Column(FieldName.operationID, .string),
        Column(FieldName.attempt, .integer),
        Column(FieldName.resendCount, .integer),
        Column(FieldName.kind, .string),
        Column(FieldName.scopes, .strings),
        Column(FieldName.authorityHost, .string),
        Column(FieldName.correlationID, .string),
        Column(FieldName.durationMilliseconds, .number),
        Column(FieldName.outcome, .string),
        Column(FieldName.errorType, .string),
        Column(FieldName.errorDomain, .string),
        Column(FieldName.errorCode, .integer),
        Column(FieldName.errorCodeName, .string),
        Column(FieldName.errorSubcode, .integer),
        Column(FieldName.errorSubcodeName, .string),
        Column(FieldName.oauthError, .string),
        Column(FieldName.oauthSuberror, .string),
        Column(FieldName.stsErrorCodes, .integers),
        Column(FieldName.httpStatus, .integer),
        Column(FieldName.retryAfterSeconds, .number),
        Column(FieldName.throttledByMSAL, .boolean),
        Column(FieldName.claimsChallenge, .boolean),
        Column(FieldName.grantedScopes, .strings),
        Column(FieldName.declinedScopes, .strings),
        Column(FieldName.underlying, .strings),
        Column(FieldName.action, .string),
        Column(FieldName.exceptionMessage, .string),
        Column(FieldName.waitMilliseconds, .number),
        Column(FieldName.retryReason, .string),
        Column(FieldName.body, .string),
        Column(FieldName.endUserID, .string),
        // The writer stores attribute values as strings ("7"); readers also accept a number.
        Column(FieldName.droppedTotal, .string),
    ]

    /// The fields of `app.configuration`: every value a string, as the writer stores attributes (lists joined by
    /// commas, booleans `true`/`false`).
    private static let appConfigurationColumns = RecordedAppConfiguration.Field.allCases.map {
        Column($0.rawValue, .string)
    }
}

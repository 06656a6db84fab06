import AuthTrail
import Foundation

// The keys a record keeps. Looked up only when `KeyOrder` meets a key for the first time.
enum EventKey: Int {
    case timestamp, schema, eventName, severityText, severityNumber, installID, operationID, attempt, kind
    case correlationID, duration, outcome, errorDomain, errorCode, errorCodeName, errorSubcode, errorSubcodeName
    case stsErrorCodes, httpStatus, retryAfter, action, waitMilliseconds, userID, droppedCount, appVersion
    case osVersion, msalVersion, authorityHost, droppedOfSeverity
}

extension EventKey {
    /// The group of optional string fields this key's value belongs to, if any.
    var stringGroup: LogRecord.StringFields? {
        switch self {
        case .installID, .operationID, .userID: .identifiers
        case .correlationID: .correlation
        case .kind, .errorCodeName, .errorSubcodeName, .action, .appVersion, .osVersion, .msalVersion,
            .authorityHost:
            .labels
        default: nil
        }
    }
}

/// Every key's bytes in one buffer, found by length: no array to retain per candidate looked at.
final class KeyTable: Sendable {
    let names: [UInt8]
    /// Per key length, the candidates: where their bytes start in `names`, and which key they are.
    let candidates: [[(offset: Int, key: EventKey)]]

    init(_ keys: [(String, EventKey)]) {
        var names = [UInt8]()
        var candidates = [[(offset: Int, key: EventKey)]](repeating: [], count: 64)
        for (name, key) in keys {
            candidates[name.utf8.count].append((names.count, key))
            names += Array(name.utf8)
        }
        self.names = names
        self.candidates = candidates
    }

    func key(at start: UnsafePointer<UInt8>, length: Int) -> EventKey? {
        guard length < candidates.count else { return nil }
        return names.withUnsafeBufferPointer { names in
            candidates[length].first { ByteSearch.equal(names.baseAddress! + $0.offset, start, count: length) }?.key
        }
    }
}

let keyTable = KeyTable(
    [
        (FieldName.timestamp.name, .timestamp), (FieldName.schema.name, .schema),
        (FieldName.eventName.name, .eventName),
        (FieldName.severityText.name, .severityText), (FieldName.severityNumber.name, .severityNumber),
        (FieldName.installID.name, .installID), (FieldName.operationID.name, .operationID),
        (FieldName.attempt.name, .attempt),
        (FieldName.kind.name, .kind), (FieldName.correlationID.name, .correlationID),
        (FieldName.durationMilliseconds.name, .duration), (FieldName.outcome.name, .outcome),
        (FieldName.errorDomain.name, .errorDomain), (FieldName.errorCode.name, .errorCode),
        (FieldName.errorCodeName.name, .errorCodeName), (FieldName.errorSubcode.name, .errorSubcode),
        (FieldName.errorSubcodeName.name, .errorSubcodeName), (FieldName.stsErrorCodes.name, .stsErrorCodes),
        (FieldName.httpStatus.name, .httpStatus), (FieldName.retryAfterSeconds.name, .retryAfter),
        (FieldName.action.name, .action),
        (FieldName.waitMilliseconds.name, .waitMilliseconds), (FieldName.endUserID, .userID),
        (FieldName.droppedTotal, .droppedCount), (FieldName.appVersion, .appVersion),
        (FieldName.osVersion, .osVersion), (FieldName.msalVersion, .msalVersion),
        (FieldName.authorityHost.name, .authorityHost),
    ] + LogRecord.droppedSeverityKeys.map { ($0, EventKey.droppedOfSeverity) })

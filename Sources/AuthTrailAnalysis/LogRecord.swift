public import Foundation
import AuthTrail

/// One decoded event line, with the fields the report reads. Unknown fields are ignored.
public struct LogRecord: Sendable {
    public var timestamp: Date?
    public var schema: Int?
    public var eventName: String
    public var severityNumber: Int?
    public var installID: String?
    public var operationID: String?
    public var attempt: Int?
    public var kind: String?
    public var correlationID: String?
    public var durationMilliseconds: Double?
    public var outcome: String?
    public var errorDomain: String?
    public var errorCode: Int?
    public var errorCodeName: String?
    public var errorSubcode: Int?
    public var errorSubcodeName: String?
    public var oauthError: String?
    public var oauthSuberror: String?
    public var stsErrorCodes: [Int] = []
    public var httpStatus: Int?
    public var retryAfterSeconds: Double?
    public var action: String?
    public var waitMilliseconds: Double?

    public init(eventName: String) { self.eventName = eventName }
}

extension LogRecord {
    /// Parses one NDJSON line; nil when it is not a JSON object with an `event.name`.
    package init?(jsonLine bytes: UnsafeRawBufferPointer) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes), options: []) as? [String: Any],
            let name = object[FieldName.eventName] as? String
        else { return nil }
        self.init(eventName: name)
        // JSON booleans arrive as NSNumbers whose Objective-C type is "c" (char); `is Bool` matches 0 and 1 too.
        func int(_ key: String) -> Int? {
            (object[key] as? NSNumber).flatMap { String(cString: $0.objCType) == "c" ? nil : $0.intValue }
        }
        func double(_ key: String) -> Double? { (object[key] as? NSNumber)?.doubleValue }
        func string(_ key: String) -> String? { object[key] as? String }
        timestamp = string(FieldName.timestamp).flatMap { Timestamp.parse(Array($0.utf8)) }
        schema = int(FieldName.schema)
        severityNumber = int(FieldName.severityNumber)
        installID = string(FieldName.installID)
        operationID = string(FieldName.operationID)
        attempt = int(FieldName.attempt)
        kind = string(FieldName.kind)
        correlationID = string(FieldName.correlationID)
        durationMilliseconds = double(FieldName.durationMilliseconds)
        outcome = string(FieldName.outcome)
        errorDomain = string(FieldName.errorDomain)
        errorCode = int(FieldName.errorCode)
        errorCodeName = string(FieldName.errorCodeName)
        errorSubcode = int(FieldName.errorSubcode)
        errorSubcodeName = string(FieldName.errorSubcodeName)
        oauthError = string(FieldName.oauthError)
        oauthSuberror = string(FieldName.oauthSuberror)
        stsErrorCodes = (object[FieldName.stsErrorCodes] as? [NSNumber])?.map(\.intValue) ?? []
        httpStatus = int(FieldName.httpStatus)
        retryAfterSeconds = double(FieldName.retryAfterSeconds)
        action = string(FieldName.action)
        waitMilliseconds = double(FieldName.waitMilliseconds)
    }
}

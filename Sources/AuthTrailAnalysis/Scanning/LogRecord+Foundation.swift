import AuthTrail
import Foundation

extension LogRecord {
    /// Parses one line with Foundation: the fallback for lines the byte scanner declines (unusual number forms,
    /// escaped keys, whitespace the writer never produces). Nil when it is not a JSON object with an `event.name`.
    package init?(foundationParsing bytes: UnsafeRawBufferPointer) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes), options: []) as? [String: Any],
            let name = object[FieldName.eventName] as? String
        else { return nil }
        self.init(eventName: name)
        // JSON booleans arrive as NSNumbers whose Objective-C type is "c" (char); `is Bool` matches 0 and 1 too.
        func int(_ key: String) -> Int? {
            guard let number = object[key] as? NSNumber, String(cString: number.objCType) != "c" else { return nil }
            let value = number.doubleValue
            return value.rounded() == value && abs(value) < 9e15 ? Int(value) : nil
        }
        func double(_ key: String) -> Double? {
            guard let number = object[key] as? NSNumber, String(cString: number.objCType) != "c" else { return nil }
            return number.doubleValue
        }
        func string(_ key: String) -> String? { object[key] as? String }
        if let text = string(FieldName.timestamp), let date = Timestamp.parse(Array(text.utf8)) {
            timestampMilliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        }
        schema = int(FieldName.schema)
        severityNumber = int(FieldName.severityNumber)
        severityText = string(FieldName.severityText)
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
        stsErrorCodes = (object[FieldName.stsErrorCodes] as? [Any])?.compactMap { ($0 as? NSNumber)?.intValue } ?? []
        httpStatus = int(FieldName.httpStatus)
        retryAfterSeconds = double(FieldName.retryAfterSeconds)
        action = string(FieldName.action)
        waitMilliseconds = double(FieldName.waitMilliseconds)
        userID = string(FieldName.endUserID)
        // Attributes are strings in the writer; a number is accepted too.
        droppedCount = int(FieldName.droppedTotal) ?? string(FieldName.droppedTotal).flatMap { Int($0) }
        appVersion = string(FieldName.appVersion)
    }
}

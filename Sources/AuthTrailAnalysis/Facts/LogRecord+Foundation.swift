import AuthTrail
import Foundation

extension LogRecord {
    /// Parses one line with Foundation: the fallback for lines the byte scanner declines (unusual number forms,
    /// escaped keys, whitespace the writer never produces). Nil when it is not a JSON object with an `event.name`.
    package init?(foundationParsing bytes: UnsafeRawBufferPointer) {
        var shortened = 0
        self.init(foundationParsing: bytes, shortened: &shortened)
    }

    /// As `init?(foundationParsing:)`, adding to `shortened` the string values it shortened as the scanner does
    /// (`LongValue`).
    package init?(foundationParsing bytes: UnsafeRawBufferPointer, shortened: inout Int) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes), options: []) as? [String: Any],
            let name = object[FieldName.eventName.name] as? String
        else { return nil }
        self.init(eventName: TrailEvent.Name(rawValue: LongValue.bounded(name, shortened: &shortened)))
        // JSON booleans arrive as NSNumbers whose Objective-C type is "c" (char); `is Bool` matches 0 and 1 too.
        // Whole numbers below 9e15 only, as the scanner reads them (sts.error_codes included: `NSNumber.intValue`
        // turned 1e300 into Int.min and 1.5 into 1).
        func integer(_ value: Any?) -> Int? {
            guard let number = value as? NSNumber, String(cString: number.objCType) != "c" else { return nil }
            let value = number.doubleValue
            return value.rounded() == value && abs(value) < 9e15 ? Int(value) : nil
        }
        func int(_ key: String) -> Int? { integer(object[key]) }
        func double(_ key: String) -> Double? {
            guard let number = object[key] as? NSNumber, String(cString: number.objCType) != "c" else { return nil }
            return number.doubleValue
        }
        func string(_ key: String) -> String? {
            (object[key] as? String).map { LongValue.bounded($0, shortened: &shortened) }
        }
        // The timestamp and severity text are read, not kept: their length changes nothing (as in the scanner).
        if let text = object[FieldName.timestamp.name] as? String, let date = Timestamp.parse(Array(text.utf8)) {
            timestampMilliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        }
        schema = int(FieldName.schema.name)
        severity = Severity.recorded(
            byNumber: int(FieldName.severityNumber.name).flatMap(Severity.init(recordedNumber:)),
            byText: (object[FieldName.severityText.name] as? String).flatMap(Severity.init(text:)))
        installID = string(FieldName.installID.name)
        operationID = string(FieldName.operationID.name)
        attempt = int(FieldName.attempt.name)
        kind = string(FieldName.kind.name).map(RecordedKind.init(rawValue:))
        correlationID = string(FieldName.correlationID.name)
        durationMilliseconds = double(FieldName.durationMilliseconds.name)
        outcome = string(FieldName.outcome.name).map(RecordedOutcome.init(rawValue:))
        errorDomain = string(FieldName.errorDomain.name)
        errorCode = int(FieldName.errorCode.name)
        errorCodeName = string(FieldName.errorCodeName.name)
        errorSubcode = int(FieldName.errorSubcode.name)
        errorSubcodeName = string(FieldName.errorSubcodeName.name)
        stsErrorCodes = (object[FieldName.stsErrorCodes.name] as? [Any])?.compactMap(integer) ?? []
        httpStatus = int(FieldName.httpStatus.name)
        retryAfterSeconds = double(FieldName.retryAfterSeconds.name)
        action = string(FieldName.action.name).map(RecordedAction.init(rawValue:))
        waitMilliseconds = double(FieldName.waitMilliseconds.name)
        userID = string(FieldName.endUserID)
        // Attributes are strings in the writer; a number is accepted too.
        droppedCount = int(FieldName.droppedTotal) ?? string(FieldName.droppedTotal).flatMap { Int($0) }
        appVersion = string(FieldName.appVersion)
        osVersion = string(FieldName.osVersion)
        msalVersion = string(FieldName.msalVersion)
        authorityHost = string(FieldName.authorityHost.name)
        for key in Self.droppedSeverityKeys where object[key] != nil {
            addDropped(ofSeverity: int(key) ?? string(key).flatMap { Int($0) })
        }
    }
}

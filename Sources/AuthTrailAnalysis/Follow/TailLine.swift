import AuthTrail
import Foundation

/// One event as one line of text for `authtrail tail`: time, install, event, then only the fields the event has.
///
/// ```
/// 2026-11-22T21:56:58.123Z 3f2a9c1e acquisition.end silent failure MSALErrorDomain -50002 interactionRequired
///   sub -1 basicAction AADSTS50076 HTTP 400 Retry-After 30 s 812 ms
/// ```
/// (one line; wrapped here). Log events end with their message. Colour marks the outcome (green success, red
/// failure, yellow cancelled), errors in red and the time dimmed. Control characters in stored text are shown as
/// `?`, so a line from a trail can never move the cursor or recolour the terminal.
package enum TailLine {
    /// How many characters of the install id are shown (its first 8 hexadecimal digits).
    package static let installPrefix = 8

    /// The line for `record`, without a newline.
    /// - Parameters:
    ///   - message: the `body` of a log event (read from the line by `message(of:)`).
    ///   - colour: add ANSI colours (only for a terminal).
    package static func format(_ record: LogRecord, message: String?, colour: Bool) -> String {
        func paint(_ text: String, _ code: String) -> String { colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
        var parts: [String] = []
        parts.append(paint(record.timestampMilliseconds.map(ReportTime.string) ?? "-", "2"))
        parts.append(paint(record.installID.map { clean(String($0.prefix(installPrefix))) } ?? "-", "36"))
        parts.append(paint(clean(record.eventName.rawValue), "1"))
        if let kind = record.kind { parts.append(clean(kind.rawValue)) }
        if let attempt = record.attempt, record.kind != nil { parts.append("#\(attempt)") }
        if let outcome = record.outcome {
            parts.append(paint(clean(outcome.rawValue), outcome.terminalColour))
        }
        var error: [String] = []
        if let domain = record.errorDomain { error.append(clean(domain)) }
        if let code = record.errorCode { error.append(String(code)) }
        if let name = record.errorCodeName { error.append(clean(name)) }
        if !error.isEmpty { parts.append(paint(error.joined(separator: " "), "31")) }
        if record.errorSubcode != nil || record.errorSubcodeName != nil {
            let subcode = [record.errorSubcode.map(String.init), record.errorSubcodeName.map(clean)].compactMap { $0 }
            parts.append((["sub"] + subcode).joined(separator: " "))
        }
        for sts in record.stsErrorCodes { parts.append(paint("AADSTS\(sts)", "31")) }
        if let status = record.httpStatus { parts.append("HTTP \(status)") }
        if let retryAfter = record.retryAfterSeconds { parts.append("Retry-After \(number(retryAfter)) s") }
        if let wait = record.waitMilliseconds { parts.append("wait \(number(wait)) ms") }
        if let duration = record.durationMilliseconds { parts.append("\(number(duration)) ms") }
        if record.event == .log || message != nil {
            if let severity = record.severity { parts.append(severity.text) }
            if let message { parts.append(clean(message)) }
        }
        return parts.joined(separator: " ")
    }

    /// The `body` of a log event's line, if it has one.
    package static func message(of line: UnsafeRawBufferPointer) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else { return nil }
        return object["body"] as? String
    }

    /// Whole numbers without a fraction, others with one decimal.
    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(format: "%.1f", value)
    }

    /// `text` with every control character (C0, DEL, C1) and line break replaced by `?`.
    static func clean(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { isControl($0) ? "?" : $0 }))
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}"
    }
}

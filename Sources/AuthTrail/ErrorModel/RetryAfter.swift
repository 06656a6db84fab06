public import Foundation

/// Parses an HTTP `Retry-After` value: delay-seconds or an HTTP-date (RFC 9110 §10.2.3: IMF-fixdate, RFC 850 and
/// asctime), plus the `yyyy-MM-dd HH:mm:ss.SSSS` GMT form MSAL's own parser accepts.
///
/// The value comes from a server, so every result lies in `0...maximumSeconds`:
/// - delay-seconds are ASCII digits, optionally with a decimal fraction (`1.5`; `NSNumber` header values print that
///   way), between optional spaces or tabs. A sign, an exponent, hex, `nan` or `inf` make the value unusable (nil);
///   more seconds than `maximumSeconds`, however many digits, are clamped to it.
/// - an HTTP-date is measured from `now`: a date in the past means no wait (0), one more than `maximumSeconds` ahead
///   is clamped.
public enum RetryAfter {
    /// The longest wait a `Retry-After` value can ask for: one day. A `RetryDriver` never waits past its policy's
    /// `maximumTotalDuration` anyway (two minutes by default); the bound keeps every conversion to `Duration` exact.
    public static let maximumSeconds: Double = 86_400

    /// The delay in seconds (`0...maximumSeconds`), measured from `now` for an HTTP-date; nil when the value is
    /// neither form.
    public static func seconds(from value: String, now: Date = Date()) -> Double? {
        var text = Substring(value)
        while let first = text.utf8.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
            text = text.dropFirst()
        }
        while let last = text.utf8.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") {
            text = text.dropLast()
        }
        if let seconds = delaySeconds(text.utf8) { return seconds }
        // Every date form is 23 to 33 bytes; text far from that is not tried (DateFormatter's cost grows with it).
        guard (16...48).contains(text.utf8.count) else { return nil }
        let trimmed = String(text)
        for format in dateFormats {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: trimmed) {
                let interval = date.timeIntervalSince(now)
                // A NaN clock reading gives no usable delay.
                return interval.isNaN ? nil : min(max(interval, 0), maximumSeconds)
            }
        }
        return nil
    }

    private static let dateFormats = [
        "EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy",
        "yyyy-MM-dd HH:mm:ss.SSSS",
    ]

    /// `1*DIGIT [ "." 1*DIGIT ]`, clamped to `maximumSeconds`; nil for anything else.
    private static func delaySeconds(_ bytes: Substring.UTF8View) -> Double? {
        var whole = 0.0
        var fraction = 0.0
        var scale = 1.0
        var digits = 0
        var fractionDigits = 0
        var inFraction = false
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let digit = Double(byte - UInt8(ascii: "0"))
                if inFraction {
                    fractionDigits += 1
                    // Beyond nanoseconds the digits change nothing a wait can use.
                    if fractionDigits <= 9 {
                        scale /= 10
                        fraction += digit * scale
                    }
                } else {
                    digits += 1
                    // Saturates instead of growing: a million digits still end at the maximum.
                    if whole <= maximumSeconds { whole = whole * 10 + digit }
                }
            case UInt8(ascii: ".") where !inFraction && digits > 0:
                inFraction = true
            default:
                return nil
            }
        }
        guard digits > 0, !inFraction || fractionDigits > 0 else { return nil }
        return min(whole + fraction, maximumSeconds)
    }
}

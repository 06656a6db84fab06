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
        var text = Array(value.utf8)[...]
        while let first = text.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") { text.removeFirst() }
        while let last = text.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { text.removeLast() }
        if let seconds = delaySeconds(text) { return seconds }
        let nowSeconds = now.timeIntervalSince1970
        // A NaN clock reading gives no usable delay.
        guard !nowSeconds.isNaN else { return nil }
        let currentYear = nowSeconds.isFinite ? 1970 + Int(max(-1e6, min(1e6, nowSeconds / 31_556_952))) : 2000
        guard let date = HTTPDate.secondsSince1970(text, currentYear: currentYear) else { return nil }
        return min(max(date - nowSeconds, 0), maximumSeconds)
    }

    /// `1*DIGIT [ "." 1*DIGIT ]`, clamped to `maximumSeconds`; nil for anything else.
    private static func delaySeconds(_ bytes: ArraySlice<UInt8>) -> Double? {
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

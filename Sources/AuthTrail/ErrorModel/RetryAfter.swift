public import Foundation

/// Parses an HTTP `Retry-After` value: delay-seconds or an HTTP-date (RFC 9110 §10.2.3: IMF-fixdate, RFC 850 and
/// asctime), plus the `yyyy-MM-dd HH:mm:ss.SSSS` GMT form MSAL's own parser accepts.
public enum RetryAfter {
    /// The delay in seconds, measured from `now` for an HTTP-date; nil when the value is neither form.
    public static func seconds(from value: String, now: Date = Date()) -> Double? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Double(trimmed), seconds.isFinite, seconds >= 0 { return seconds }
        for format in [
            "EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy",
            "yyyy-MM-dd HH:mm:ss.SSSS",
        ] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: trimmed) { return max(0, date.timeIntervalSince(now)) }
        }
        return nil
    }
}

import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

private let now = Date(timeIntervalSince1970: 1_795_000_000)

private func formatted(_ date: Date, _ format: String) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = format
    return formatter.string(from: date)
}

private func throttled(headers: [String: Any]) -> NSError {
    NSError(
        domain: "MSALErrorDomain", code: -50000,
        userInfo: ["MSALInternalErrorCodeKey": -42007, "MSALHTTPResponseCodeKey": "429", "MSALHTTPHeadersKey": headers])
}

@Suite("a server's Retry-After is read within 0 to one day, or not at all")
struct RetryAfterBoundsTests {
    @Test(
        "delay-seconds: digits and an optional fraction between spaces or tabs; clamped to a day; nothing else",
        arguments: [
            ("120", 120.0), ("0", 0), ("1.5", 1.5), ("\t30 \t", 30), ("000042", 42), ("86400", 86_400),
            ("86401", 86_400), ("99999999999999999999", 86_400), (String(repeating: "9", count: 100_000), 86_400),
            ("7.0000000000000000001", 7),
            ("+5", nil), ("-1", nil), ("-0", nil), ("0x10", nil), ("1e3", nil), ("1e300", nil), ("nan", nil),
            ("inf", nil), ("Infinity", nil), ("5.", nil), (".5", nil), ("1.2.3", nil), ("1 2", nil), ("", nil),
            ("   ", nil), ("\u{0661}\u{0662}", nil), ("\u{00A0}5", nil),
        ] as [(String, Double?)])
    func delaySeconds(value: String, seconds: Double?) {
        let label = value.count > 40 ? "\(value.count) nines" : value
        #expect(RetryAfter.seconds(from: value, now: now) == seconds, "\(label)")
    }

    @Test("an HTTP-date in the past means no wait; far in the future it is clamped to a day")
    func datesAreClamped() {
        let imf = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        #expect(RetryAfter.seconds(from: formatted(now.addingTimeInterval(-3600), imf), now: now) == 0)
        #expect(RetryAfter.seconds(from: formatted(now.addingTimeInterval(90_000), imf), now: now) == 86_400)
        #expect(RetryAfter.seconds(from: "Fri, 31 Dec 9999 23:59:59 GMT", now: now) == 86_400)
        #expect(RetryAfter.seconds(from: "Sat, 01 Jan 0001 00:00:00 GMT", now: now) == 0)
        // RFC 850 and asctime, the other two forms RFC 9110 asks recipients to accept.
        let soon = now.addingTimeInterval(75)
        #expect(RetryAfter.seconds(from: formatted(soon, "EEEE, dd-MMM-yy HH:mm:ss 'GMT'"), now: now) == 75)
        #expect(RetryAfter.seconds(from: formatted(soon, "EEE MMM d HH:mm:ss yyyy"), now: now) == 75)
        #expect(RetryAfter.seconds(from: "  " + formatted(soon, imf) + "\t", now: now) == 75)
    }

    @Test("every date form Foundation writes is read back to the same second, over 1977-2045 (RFC 850's window too)")
    func datesAgreeWithFoundation() {
        var random = SplitMix64(seed: 1994)
        let forms = [
            "EEE, dd MMM yyyy HH:mm:ss 'GMT'", "EEEE, dd-MMM-yy HH:mm:ss 'GMT'", "EEE MMM d HH:mm:ss yyyy",
            "yyyy-MM-dd HH:mm:ss.SSSS",
        ]
        // 1977-01-01 to 2045-12-31: two-digit years read the same by Foundation's window and RFC 9110's rule.
        let first = 220_924_800.0
        let last = 2_398_377_600.0
        for _ in 0..<2000 {
            let second = (first + Double(random.next() % UInt64(last - first))).rounded(.down)
            let date = Date(timeIntervalSince1970: second)
            for form in forms {
                let text = formatted(date, form)
                let seconds = RetryAfter.seconds(from: text, now: date.addingTimeInterval(-100))
                #expect(seconds == 100, "\(text)")
            }
        }
    }

    @Test(
        "impossible or malformed dates are not read",
        arguments: [
            "Sun, 30 Feb 2026 08:49:37 GMT", "Sun, 29 Feb 2100 08:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT",
            "Sun, 06 Nov 1994 08:60:00 GMT", "Sun, 06 Nov 1994 08:49:37 PST", "Sun, 06 Nov 1994 08:49:37",
            "Sun, 06 Nov 1994 08:49:37 GMT x", "Sunday, 06 Nov 1994 08:49:37 GMT", "Sun, 06-Nov-94 08:49:37 GMT",
            "Sun, 06 Foo 1994 08:49:37 GMT", "Sun, 6 Nov 1994 08:49:37 GMT", "Funday, 06-Nov-94 08:49:37 GMT",
            "Sun Nov  6 08:49:37 94", "Sun Nov 36 08:49:37 1994", "2026-13-01 00:00:00.0000", "2026-11-22 21:56:58.",
            "2026-11-22T21:56:58.1230", "2026-11-22 21:56:58.1230Z",
        ])
    func impossibleDates(value: String) {
        #expect(RetryAfter.seconds(from: value, now: Date(timeIntervalSince1970: 0)) == nil)
    }

    @Test("a leap day and a leap second are dates; lower-case names and UTC are accepted")
    func lenientButValidDates() {
        let leapDay = Date(timeIntervalSince1970: 1_709_164_800)  // 2024-02-29T00:00:00Z
        #expect(RetryAfter.seconds(from: "Thu, 29 Feb 2024 00:00:00 GMT", now: leapDay.addingTimeInterval(-5)) == 5)
        #expect(RetryAfter.seconds(from: "thu, 29 feb 2024 00:00:00 utc", now: leapDay.addingTimeInterval(-5)) == 5)
        #expect(RetryAfter.seconds(from: "Wed, 28 Feb 2024 23:59:60 GMT", now: leapDay.addingTimeInterval(-5)) == 5)
    }

    @Test("a clock reading NaN gives no delay for an HTTP-date")
    func nanClock() {
        let date = formatted(now.addingTimeInterval(75), "EEE, dd MMM yyyy HH:mm:ss 'GMT'")
        #expect(RetryAfter.seconds(from: date, now: Date(timeIntervalSince1970: .nan)) == nil)
    }

    @Test("classification keeps only a usable Retry-After, from strings and numbers alike")
    func classificationClampsHeaders() {
        let cases: [(Any, Double?)] = [
            ("1e300", nil), ("99999999999999999999", 86_400), (NSNumber(value: 30), 30), (NSNumber(value: 1.5), 1.5),
            (NSNumber(value: 1e300), nil), (NSNumber(value: -4), nil), ("-1", nil), (["2", "3"], nil), ("inf", nil),
            ("nan", nil), ("-1e300", nil), ("179769313486231570000000000000000000000000000", 86_400),
        ]
        for (value, expected) in cases {
            let details = FailureDetails(classifying: throttled(headers: ["Retry-After": value]), now: now)
            #expect(details.retryAfterSeconds == expected, "\(type(of: value)) \(value)")
        }
    }

    @Test("status and codes from userInfo are exact integers or absent, never some other number")
    func userInfoIntegers() {
        let error = NSError(
            domain: "MSALErrorDomain", code: -50000,
            userInfo: [
                "MSALHTTPResponseCodeKey": NSNumber(value: 1e300),
                "MSALInternalErrorCodeKey": NSNumber(value: 42.5),
                "MSALSTSErrorCodesKey": [
                    NSNumber(value: -1e300), NSNumber(value: 50076.0), "99999999999999999999", " 7 ",
                ],
            ])
        let details = FailureDetails(classifying: error)
        // NSNumber.intValue made these Int.min and 42.
        #expect(details.httpStatus == nil)
        #expect(details.subcode == nil)
        #expect(details.stsErrorCodes == [50076, 7])
        let status = FailureDetails(
            classifying: NSError(
                domain: "MSALErrorDomain", code: -50000, userInfo: ["MSALHTTPResponseCodeKey": NSNumber(value: 503.0)]))
        #expect(status.httpStatus == 503)
    }
}

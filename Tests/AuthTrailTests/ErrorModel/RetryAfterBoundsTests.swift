import AuthTrail
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
                "MSALSTSErrorCodesKey": [NSNumber(value: -1e300), NSNumber(value: 50076.0), "99999999999999999999", " 7 "],
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

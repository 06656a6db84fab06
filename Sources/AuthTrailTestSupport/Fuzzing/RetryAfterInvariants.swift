import AuthTrail
import Foundation

/// What must hold when a server's `Retry-After` (or any number an error carries) meets the library; checked by the
/// `fuzz-retry-after` libFuzzer target (Tests/Fuzz/RetryAfter) and replayed over the committed corpus by the unit
/// tests.
///
/// The input's first byte picks what the rest is (its value modulo 4, so the ASCII digits `0`-`3` name the forms in the
/// seed files):
/// - `0`: a `Retry-After` header value, measured from a fixed clock;
/// - `1`: eight bytes of clock reading (a Double's bits: NaN, infinities and 1e300 included), then a header value, so
///   HTTP-dates are measured from any clock;
/// - `2`: an `NSError`'s userInfo, one `name: value` per line: header lines go to `MSALHTTPHeadersKey`, `@status` and
///   `@code` to the HTTP status and internal code keys, a value starting with `#` becomes an `NSNumber` (its Double),
///   one holding `|` an array of strings; classified by `FailureDetails(classifying:)` and decided by the driver;
/// - `3`: eight bytes of `retryAfterSeconds` and eight of elapsed seconds (Doubles' bits), then eight of a retry count
///   (any Int), straight into the driver's decision and its backoff.
///
/// Nothing may trap; a Retry-After is nil or within `0...RetryAfter.maximumSeconds`; a decided wait is a Duration
/// within zero and the chain's remaining budget.
package enum RetryAfterInvariants {
    static let now = Date(timeIntervalSince1970: 1_795_000_000)

    /// One trail for every input: deciding records nothing, so it never writes a segment.
    static let driver: RetryDriver = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("authtrail-fuzz-retry-after")
        // A fuzzer or test process that cannot make a temporary folder cannot run at all.
        let trail = try! Trail(configuration: TrailConfiguration(directory: directory))
        return RetryDriver(trail: trail, policy: RetryPolicy(randomFraction: { 0.5 }))
    }()

    /// The violated invariants for `input` (empty when all hold). Messages never include the input.
    package static func violations(input: [UInt8]) -> [String] {
        let selector = (input.first ?? 0) % 4
        let body = Array(input.dropFirst())
        switch selector {
        case 0:
            return checkHeader(String(decoding: body, as: UTF8.self), now: now)
        case 1:
            let clock = Date(timeIntervalSince1970: double(body, at: 0))
            return checkHeader(String(decoding: body.dropFirst(8), as: UTF8.self), now: clock)
        case 2:
            return checkClassification(userInfo: userInfo(body))
        default:
            return checkDecision(
                retryAfterSeconds: double(body, at: 0), elapsedSeconds: double(body, at: 8),
                retry: Int(truncatingIfNeeded: double(body, at: 16).bitPattern))
        }
    }

    private static func checkHeader(_ value: String, now: Date) -> [String] {
        guard let seconds = RetryAfter.seconds(from: value, now: now) else { return [] }
        return inRange(seconds) ? [] : ["RetryAfter.seconds gave a value outside 0...maximumSeconds"]
    }

    private static func checkClassification(userInfo: [String: Any]) -> [String] {
        let error = NSError(domain: "MSALErrorDomain", code: -50000, userInfo: userInfo)
        let details = FailureDetails(classifying: error, now: now)
        var violations = [String]()
        if let seconds = details.retryAfterSeconds, !inRange(seconds) {
            violations.append("classification kept a Retry-After outside 0...maximumSeconds")
        }
        violations += checkDecided(details, elapsed: .zero, attempt: 1)
        return violations
    }

    private static func checkDecision(retryAfterSeconds: Double, elapsedSeconds: Double, retry: Int) -> [String] {
        var details = FailureDetails(domain: "HTTP", code: 429, retryAfterSeconds: retryAfterSeconds)
        details.action = .retryAfter
        var violations = [String]()
        let elapsed = Duration.seconds(clamping: elapsedSeconds) ?? .zero
        violations += checkDecided(details, elapsed: elapsed, attempt: 1)
        for action in [RecommendedAction.retryWithBackoff, .waitForConnectivity] {
            details.action = action
            violations += checkDecided(details, elapsed: elapsed, attempt: 1)
        }
        let backoff = driver.policy.backoff(beforeRetry: retry)
        if backoff < .zero || backoff > max(driver.policy.maximumBackoff, .zero) {
            violations.append("backoff outside zero...maximumBackoff")
        }
        return violations
    }

    /// The driver's decision after `details`: a wait, if any, is a Duration within zero and the budget left.
    private static func checkDecided(_ details: FailureDetails, elapsed: Duration, attempt: Int) -> [String] {
        let request = AcquisitionRequest(
            kind: .silent, scopes: ["User.Read"], attempt: attempt, operationID: OperationID())
        let decision = driver.decide(after: details, of: request, elapsed: elapsed)
        guard case .retry(_, _, let wait?) = decision else { return [] }
        let remaining = driver.policy.maximumTotalDuration - elapsed
        switch wait {
        case .fixed(let duration, _):
            return duration >= .zero && duration <= remaining ? [] : ["a decided wait outside zero...remaining budget"]
        case .connectivity(let timeout):
            return timeout >= .zero && timeout <= remaining ? [] : ["a connectivity timeout outside zero...remaining"]
        }
    }

    private static func inRange(_ seconds: Double) -> Bool {
        seconds >= 0 && seconds <= RetryAfter.maximumSeconds
    }

    /// The Double whose bits are the eight bytes at `offset` (missing bytes are zero).
    private static func double(_ bytes: [UInt8], at offset: Int) -> Double {
        var bits: UInt64 = 0
        for index in 0..<8 where offset + index < bytes.count {
            bits |= UInt64(bytes[offset + index]) << (8 * UInt64(index))
        }
        return Double(bitPattern: bits)
    }

    /// `name: value` lines as MSAL's userInfo: headers, plus `@status` and `@code`.
    private static func userInfo(_ body: [UInt8]) -> [String: Any] {
        var headers = [String: Any]()
        var info: [String: Any] = ["MSALHTTPResponseCodeKey": "429"]
        for line in String(decoding: body, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            let parts = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            let text = parts.count > 1 ? String(parts[1].drop { $0 == " " }) : ""
            let value: Any
            if text.hasPrefix("#"), let number = Double(text.dropFirst()) {
                value = NSNumber(value: number)
            } else if text.contains("|") {
                value = text.split(separator: "|").map(String.init)
            } else {
                value = text
            }
            switch name {
            case "@status": info["MSALHTTPResponseCodeKey"] = value
            case "@code": info["MSALInternalErrorCodeKey"] = value
            default: headers[name] = value
            }
        }
        info["MSALHTTPHeadersKey"] = headers
        return info
    }
}

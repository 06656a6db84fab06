// libFuzzer target for Retry-After and the numbers an error carries: any bytes as a header value, an HTTP-date measured
// from any clock, an NSError's userInfo through classification, or raw Doubles into the retry driver's decision (the
// first byte chooses; see RetryAfterInvariants). Nothing may trap, a Retry-After is nil or within 0...one day, a
// decided wait is a Duration within the chain's budget. Built by Tools/fuzz.sh (SwiftPM target fuzz-retry-after, only defined
// when AUTHTRAIL_FUZZ is set); the unit tests replay the corpus through the same invariants.

import AuthTrailTestSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func retryAfterFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let violations = RetryAfterInvariants.violations(input: input)
    if !violations.isEmpty { fatalError("retry-after: " + violations.joined(separator: "; ")) }
    return 0
}

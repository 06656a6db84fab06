// libFuzzer target for the raw-log reader: any bytes, as plain or zstd-compressed text, through `SegmentReader`'s
// raw MSAL log path, the report builder and every renderer, with a JWT and an e-mail planted in MSAL lines around
// them. No trap, no planted value in any output, the report's invariants hold. Built by Tools/fuzz.sh (SwiftPM target
// fuzz-raw-log, only defined when AUTHTRAIL_FUZZ is set); the checks are RawLogInvariants, which the unit tests replay
// over the corpus. Failure messages never contain the text or the planted values.

import AuthTrailTestSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func rawLogFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let violations = RawLogInvariants.violations(input: Array(UnsafeBufferPointer(start: data, count: size)))
    if !violations.isEmpty { fatalError("raw-log: " + violations.joined(separator: "; ")) }
    return 0
}

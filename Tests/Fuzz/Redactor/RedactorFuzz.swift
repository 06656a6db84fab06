// libFuzzer target for the redactor: `Redactor.redact(text:)` and `redact(_ event:)` on any bytes, with a JWT and an
// email planted around them. No trap, no planted secret in the output, idempotent. Built by Tools/fuzz.sh (SwiftPM
// target fuzz-redactor, only defined when AUTHTRAIL_FUZZ is set); the checks are RedactorInvariants, which the unit
// tests replay over the corpus. Failure messages never contain the text or the planted values.

import AuthTrailTestSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func redactorFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let violations = RedactorInvariants.violations(input: Array(UnsafeBufferPointer(start: data, count: size)))
    if !violations.isEmpty { fatalError("redactor: " + violations.joined(separator: "; ")) }
    return 0
}

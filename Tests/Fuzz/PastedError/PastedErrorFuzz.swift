// libFuzzer target for `authtrail explain`: `PastedErrorScanner` and both renderings (text and JSON) on any bytes,
// with a JWT and an email planted where the scanner copies text into its findings. No trap, no hang (libFuzzer's
// -timeout), bounded memory (-rss_limit_mb), findings within their caps, JSON that parses, no planted value in either
// rendering. Built by Tools/fuzz.sh (SwiftPM target fuzz-pasted-error, only defined when AUTHTRAIL_FUZZ is set); the
// checks are PastedErrorInvariants, which the unit tests replay over the corpus. Failure messages never contain the
// text or the planted values.

import AuthTrailTestSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func pastedErrorFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let violations = PastedErrorInvariants.violations(input: Array(UnsafeBufferPointer(start: data, count: size)))
    if !violations.isEmpty { fatalError("pasted-error: " + violations.joined(separator: "; ")) }
    return 0
}

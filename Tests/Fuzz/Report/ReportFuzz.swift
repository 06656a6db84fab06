// libFuzzer target for the whole report path: any bytes, read as a stored file or (by the first byte) as NDJSON text
// compressed on the fly, through SegmentReader, EventScanner, ReportBuilder and every renderer. Nothing may trap, the
// JSON must parse, counts must be non-negative and warnings bounded. Built by Tools/fuzz.sh (SwiftPM target
// fuzz-report, only defined when AUTHTRAIL_FUZZ is set); the checks are ReportInvariants, which the unit tests replay
// over the corpus.

import AuthTrailTestSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func reportFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let violations = ReportInvariants.violations(input: input)
    if !violations.isEmpty { fatalError("report: " + violations.joined(separator: "; ")) }
    return 0
}

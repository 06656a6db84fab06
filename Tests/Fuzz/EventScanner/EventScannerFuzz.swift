// libFuzzer target for EventScanner: any bytes as one NDJSON line. The scanner must not read outside the line (ASan),
// must not trap, and must agree with Foundation's JSONSerialization on every line both accept, and with itself when
// its string cache has seen earlier lines. Built by Tools/fuzz.sh (SwiftPM target fuzz-event-scanner, only defined
// when AUTHTRAIL_FUZZ is set); the checks are EventScannerInvariants, which the unit tests replay over the corpus.

import AuthTrailAnalysis
import AuthTrailTestSupport

// libFuzzer calls the entry point from one thread; the cache carries over between inputs like a reader's.
nonisolated(unsafe) private var sharedMemory = EventScannerCache()

@_cdecl("LLVMFuzzerTestOneInput")
public func eventScannerFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let line = Array(UnsafeBufferPointer(start: data, count: size))
    let violations = EventScannerInvariants.violations(line: line, sharedMemory: &sharedMemory)
    if !violations.isEmpty { fatalError("event scanner: " + violations.joined(separator: "; ")) }
    return 0
}

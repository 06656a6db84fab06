// libFuzzer target for the doctor's readers: any bytes as an Info.plist, an entitlements file, a project.pbxproj, an
// .xcconfig or a source file (the first byte chooses; see DoctorReadersInvariants), then every rule and every
// rendering over what was read. Nothing may trap, an error names the file, every finding has an error and a fix.
// Built by Tools/fuzz.sh (SwiftPM target fuzz-doctor-readers, only defined when AUTHTRAIL_FUZZ is set); the unit
// tests replay the corpus through the same invariants.

import AuthTrailTestSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func doctorReadersFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let violations = DoctorReadersInvariants.violations(input: input)
    if !violations.isEmpty { fatalError("doctor-readers: " + violations.joined(separator: "; ")) }
    return 0
}

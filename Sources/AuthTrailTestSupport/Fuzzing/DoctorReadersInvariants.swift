import AuthTrailDoctor

/// What must hold when any bytes meet the doctor's readers; checked by the `fuzz-doctor-readers` libFuzzer target
/// (Tests/Fuzz/DoctorReaders) and replayed over the committed corpus by the unit tests.
///
/// The input's first byte picks the reader (its value modulo 5, so the ASCII digits `0`-`4` name the forms in the
/// seed files), the rest is the file:
/// - `0`: an Info.plist (XML, binary or OpenStep), its facts applied to a set-up, then every rule;
/// - `1`: an entitlements file, likewise;
/// - `2`: a `project.pbxproj`, with an `.xcconfig` reader that answers every path with the same bytes;
/// - `3`: an `.xcconfig`, its settings then resolving a reference to each;
/// - `4`: a Swift or Objective-C source, scanned for evidence, then every rule.
///
/// Nothing may trap; a reader either returns or throws a `DoctorInputError` naming the file; every finding names a
/// rule, a file and at least one error; rendering a report of what was read does not trap.
package enum DoctorReadersInvariants {
    /// The violated invariants for `input` (empty when all hold). Messages never include the input.
    package static func violations(input: [UInt8]) -> [String] {
        let body = Array(input.dropFirst())
        let file = "fuzz-input"
        var setup = AppSetup(name: "fuzz")
        setup.platform = (input.count % 2 == 0) ? .iOS : .macOS
        do {
            switch (input.first ?? 0) % 5 {
            case 0:
                let plist = try PropertyListParser.dictionary(body, file: file)
                PlistFacts.applyInfo(plist, file: file, settings: BuildSettings(), to: &setup)
            case 1:
                let plist = try PropertyListParser.dictionary(body, file: file)
                PlistFacts.applyEntitlements(plist, file: file, settings: BuildSettings(), to: &setup)
            case 2:
                let text = String(decoding: body, as: UTF8.self)
                let project = try XcodeProject.read(body, file: file) { _ in BuildSettings.xcconfig(text) }
                for target in project.targets {
                    _ = target.settings.resolve("$(PRODUCT_BUNDLE_IDENTIFIER) ${TARGET_NAME} $(AppIdentifierPrefix)")
                }
            case 3:
                let settings = BuildSettings.xcconfig(String(decoding: body, as: UTF8.self))
                for name in settings.values.keys.sorted().prefix(64) {
                    _ = settings.resolve("$(\(name)) $(\(name):rfc1034identifier)")
                }
            default:
                SourceScanner.scan(String(decoding: body, as: UTF8.self), file: file, into: &setup)
            }
        } catch {
            return error.file == file ? [] : ["a reader's error names another file: \(error.file)"]
        }
        let report = DoctorReport(setups: [setup])
        var violations = [String]()
        for finding in report.results.flatMap(\.findings) {
            if finding.errors.isEmpty { violations.append("finding \(finding.rule.rawValue) names no error") }
            if finding.location.file.isEmpty { violations.append("finding \(finding.rule.rawValue) names no file") }
            if finding.fix.isEmpty { violations.append("finding \(finding.rule.rawValue) has no fix") }
        }
        _ = DoctorTextRendering.text(report)
        _ = DoctorMarkdownRendering.markdown(report)
        _ = DoctorJSONRendering.json(report)
        return violations
    }
}

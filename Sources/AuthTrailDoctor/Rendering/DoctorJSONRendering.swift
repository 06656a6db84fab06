internal import AuthTrail
internal import Foundation

/// The report as one JSON object (docs/DOCTOR-JSON.md): snake_case keys, sorted, unknown values omitted, as
/// `report --format json` writes them.
package enum DoctorJSONRendering {
    /// The schema's version; a renamed or removed key changes it, a new key does not.
    package static let schemaVersion = 1

    struct Document: Encodable {
        var doctorSchema: Int
        var findingCount: Int
        var setups: [Setup]
    }

    struct Setup: Encodable {
        var name: String
        var platform: String?
        var bundleIdentifier: String?
        var bundleIdentifierResolved: Bool?
        var msalVersion: String?
        /// Why the set-up was listed but not judged.
        var skipped: String?
        var findings: [FindingObject]
        var passed: [String]
        var notChecked: [NotChecked]
        var unresolved: [Unresolved]
        var missingFiles: [MissingFile]
    }

    struct MissingFile: Encodable {
        var file: String
        var namedBy: SetupLocation
    }

    struct FindingObject: Encodable {
        var rule: String
        var problem: String
        var location: SetupLocation
        var errors: [ErrorObject]
        var fix: String
    }

    struct ErrorObject: Encodable {
        var domain: String
        var code: Int
        var name: String?
        var subcode: Int?
        var subcodeName: String?
        var note: String?
        var explain: String
    }

    struct NotChecked: Encodable {
        var rule: String
        var reason: String
    }

    struct Unresolved: Encodable {
        var value: String
        var location: SetupLocation
    }

    package static func json(_ report: DoctorReport) -> String {
        let document = Document(
            doctorSchema: schemaVersion, findingCount: report.findingCount,
            setups: report.results.map { result in
                let bundle = result.setup.bundleIdentifier?.value
                return Setup(
                    name: result.setup.name, platform: result.setup.platform?.rawValue,
                    bundleIdentifier: bundle.map(DoctorRules.rawBundle),
                    bundleIdentifierResolved: bundle.map { $0.value != nil },
                    msalVersion: result.setup.msalVersion?.value, skipped: result.setup.skipped,
                    findings: result.findings.map { finding in
                        FindingObject(
                            rule: finding.rule.rawValue, problem: finding.problem, location: finding.location,
                            errors: finding.errors.map { error in
                                ErrorObject(
                                    domain: error.domain, code: error.code, name: error.entry?.name,
                                    subcode: error.subcode, subcodeName: error.subcodeEntry?.name, note: error.note,
                                    explain: error.explainQuery)
                            },
                            fix: finding.fix)
                    },
                    passed: result.passed.map(\.rawValue),
                    notChecked: result.notChecked.map { NotChecked(rule: $0.rule.rawValue, reason: $0.reason) },
                    unresolved: DoctorTextRendering.uniqueUnresolved(result.setup).map {
                        Unresolved(value: $0.value, location: $0.location)
                    },
                    missingFiles: result.setup.missingFiles.map { MissingFile(file: $0.value, namedBy: $0.location) })
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        // Every value is a String, Int or Bool: encoding cannot fail.
        let data = (try? encoder.encode(document)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}

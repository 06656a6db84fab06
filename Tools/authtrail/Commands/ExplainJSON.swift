import AuthTrail
import AuthTrailAnalysis
import Foundation

/// The one object `explain --format json` prints for every input (docs/REPORT-JSON.md):
/// `{"errors": […], "unknownCodes": […]}`, keys sorted. Errors found in pasted text keep the scanner's keys; a plain
/// code answered from the catalog is an error of form `plainCode` with the catalog's name, meaning, category and
/// action. `unknownCodes` lists the plain codes the catalog does not hold (redacted), empty otherwise.
enum ExplainJSON {
    /// A catalog entry, shaped like a `plainCode` error of the scanner's output.
    private struct CatalogError: Encodable {
        var form = "plainCode"
        var depth = 0
        var domain: String
        var code: Int
        var name: String
        var meaning: String
        var category: String
        var action: String
        var actionSummary: String
        /// The code as people search for it (`AADSTS50076`, `AADB2C90118`, `MSALErrorDomain -50002`).
        var spelling: String
        var stsErrorCodes: [Int]
        var stsErrorCodeSpellings: [String]
        var b2cErrorCodes: [Int]
        var b2cErrorCodeSpellings: [String]
    }

    private struct Object: Encodable {
        var errors: [CatalogError]
        var unknownCodes: [String]
        var setupCauses: [SetupCause]?
    }

    /// A mistake of the recorded set-up (`--trail`) that causes some of the errors.
    private struct SetupCause: Encodable {
        var bundleId: String?
        var rule: String
        var problem: String
        var location: String
        var fix: String
        /// The errors explained it causes (`-42011`, `AADSTS50011`).
        var explains: [String]

        init(_ cause: RecordedSetups.Cause) {
            bundleId = cause.finding.bundleID
            rule = cause.finding.rule
            problem = cause.finding.problem
            location = cause.finding.location
            fix = cause.finding.fix
            explains = cause.explains
        }
    }

    /// The object for plain codes answered from the catalog.
    static func object(
        entries: [ErrorCatalog.Entry], unknownCodes: [String], setupCauses: [RecordedSetups.Cause]? = nil
    ) -> String {
        let errors = entries.map { entry in
            let sts = entry.domain == ErrorCatalog.stsDomain ? [entry.code] : []
            let b2c = entry.domain == ErrorCatalog.b2cDomain ? [entry.code] : []
            return CatalogError(
                domain: entry.domain, code: entry.code, name: entry.name, meaning: entry.meaning,
                category: entry.category.rawValue, action: entry.action.rawValue,
                actionSummary: entry.action.summary, spelling: entry.spelling,
                stsErrorCodes: sts, stsErrorCodeSpellings: sts.isEmpty ? [] : [entry.spelling],
                b2cErrorCodes: b2c, b2cErrorCodeSpellings: b2c.isEmpty ? [] : [entry.spelling])
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let data =
            (try? encoder.encode(
                Object(errors: errors, unknownCodes: unknownCodes, setupCauses: setupCauses?.map(SetupCause.init))))
            ?? Data(empty.utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// The object for errors found in pasted text: the scanner's `{"errors": […]}` with an empty `unknownCodes`.
    static func object(pasted json: String, setupCauses: [RecordedSetups.Cause]? = nil) -> String {
        guard var object = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any] else {
            return empty
        }
        object["unknownCodes"] = [String]()
        if let setupCauses {
            let encoded = (try? JSONEncoder().encode(setupCauses.map(SetupCause.init))) ?? Data("[]".utf8)
            object["setupCauses"] = (try? JSONSerialization.jsonObject(with: encoded)) ?? []
        }
        guard
            let data = try? JSONSerialization.data(
                withJSONObject: object, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
        else { return empty }
        return String(decoding: data, as: UTF8.self)
    }

    private static let empty = #"{"errors": [], "unknownCodes": []}"#
}

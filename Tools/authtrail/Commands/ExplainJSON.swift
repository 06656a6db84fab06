import AuthTrail
import AuthTrailAnalysis
import Foundation

/// The one object `explain --format json` prints for every input (docs/REPORT-JSON.md):
/// `{"errors": […], "unknownCodes": […]}`, keys sorted by code point (`ExplainJSONText`). Errors found in pasted text
/// keep the scanner's keys; a plain code answered from the catalog is an error of form `plainCode` with the catalog's
/// name, meaning, category and action. `unknownCodes` lists the plain codes the catalog does not hold (redacted),
/// empty otherwise; `omittedErrors` counts the errors read past the first 10,000, when there are any.
enum ExplainJSON {
    /// The object for plain codes answered from the catalog.
    static func object(
        entries: [ErrorCatalog.Entry], unknownCodes: [String], setupCauses: [RecordedSetups.Cause]? = nil
    ) -> String {
        let errors = entries.map { entry -> [String: Any] in
            let sts = entry.domain == ErrorCatalog.stsDomain ? [entry.code] : []
            let b2c = entry.domain == ErrorCatalog.b2cDomain ? [entry.code] : []
            var object: [String: Any] = [
                "form": "plainCode", "depth": 0, "domain": entry.domain, "code": entry.code, "name": entry.name,
                "meaning": entry.meaning, "category": entry.category.rawValue, "action": entry.action.rawValue,
                "actionSummary": entry.action.summary, "spelling": entry.spelling, "confidence": "exact",
                "stsErrorCodes": sts, "stsErrorCodeSpellings": sts.isEmpty ? [] : [entry.spelling],
                "b2cErrorCodes": b2c, "b2cErrorCodeSpellings": b2c.isEmpty ? [] : [entry.spelling],
            ]
            object["doctorRules"] = SetupCausedErrors.doctorRules(for: entry)
            return object
        }
        return text(errors: errors, unknownCodes: unknownCodes, omitted: 0, setupCauses: setupCauses)
    }

    /// The object for errors found in pasted text, with an empty `unknownCodes`.
    static func object(
        pasted errors: [[String: Any]], omitted: Int, setupCauses: [RecordedSetups.Cause]? = nil
    ) -> String {
        text(errors: errors, unknownCodes: [], omitted: omitted, setupCauses: setupCauses)
    }

    private static func text(
        errors: [[String: Any]], unknownCodes: [String], omitted: Int, setupCauses: [RecordedSetups.Cause]?
    ) -> String {
        var object: [String: Any] = ["errors": errors, "unknownCodes": unknownCodes]
        if omitted > 0 { object["omittedErrors"] = omitted }
        if let setupCauses { object["setupCauses"] = setupCauses.map(setupCause) }
        return ExplainJSONText.string(object)
    }

    /// A mistake of the recorded set-up (`--trail`) that causes some of the errors; `explains` lists the errors
    /// explained it causes (`-42011`, `AADSTS50011`).
    private static func setupCause(_ cause: RecordedSetups.Cause) -> [String: Any] {
        var object: [String: Any] = [
            "rule": cause.finding.rule, "problem": cause.finding.problem, "location": cause.finding.location,
            "fix": cause.finding.fix, "explains": cause.explains,
        ]
        object["bundleId"] = cause.finding.bundleID
        return object
    }
}

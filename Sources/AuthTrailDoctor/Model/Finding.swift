package import AuthTrail

/// One set-up mistake: what is wrong, where, the MSAL errors it causes and the fix.
package struct Finding: Sendable, Hashable {
    /// The rule that found it (`redirect-scheme-not-registered`); stable, for scripts.
    package var rule: DoctorRule.ID
    /// What is wrong, in one sentence naming the values.
    package var problem: String
    package var location: SetupLocation
    /// The errors the app meets because of it, outermost first as the app receives them.
    package var errors: [PredictedError]
    /// What to change.
    package var fix: String

    package init(
        rule: DoctorRule.ID, problem: String, location: SetupLocation, errors: [PredictedError], fix: String
    ) {
        self.rule = rule
        self.problem = problem
        self.location = location
        self.errors = errors
        self.fix = fix
    }
}

/// An error a finding causes, named from the catalog `authtrail explain` uses.
package struct PredictedError: Sendable, Hashable {
    package var domain: String
    package var code: Int
    /// `MSALInternalErrorCodeKey` (for -50000).
    package var subcode: Int?
    /// When the app meets it, or what the logs show beside it.
    package var note: String?

    package init(domain: String, code: Int, subcode: Int? = nil, note: String? = nil) {
        self.domain = domain
        self.code = code
        self.subcode = subcode
        self.note = note
    }

    /// MSALErrorDomain -50000 with `subcode` in `MSALInternalErrorCodeKey`, as MSAL's converter hands internal codes
    /// to the app.
    package static func msalInternal(_ subcode: Int?, note: String? = nil) -> PredictedError {
        PredictedError(domain: "MSALErrorDomain", code: -50000, subcode: subcode, note: note)
    }

    /// The catalog's entry for the code.
    package var entry: ErrorCatalog.Entry? { ErrorCatalog.entry(domain: domain, code: code) }

    /// The catalog's entry for the sub-code.
    package var subcodeEntry: ErrorCatalog.Entry? {
        subcode.flatMap { ErrorCatalog.entry(domain: ErrorCatalog.internalDomain, code: $0) }
    }

    /// What to type to read more: `authtrail explain <this>` (the sub-code when there is one: it says more).
    package var explainQuery: String {
        if let subcode { return String(subcode) }
        if let entry { return entry.spelling }
        return "\(domain) \(code)"
    }

    /// `MSALErrorDomain -50000 internal / MSALInternalErrorCodeKey -42001 internalErrorRedirectSchemeNotRegistered`.
    package var summary: String {
        var text = entry.map { "\($0.spelling) \($0.name)" } ?? "\(domain) \(code)"
        if let subcode {
            text += " with MSALInternalErrorCodeKey \(subcode)"
            if let name = subcodeEntry?.name { text += " \(name)" }
        }
        return text
    }
}

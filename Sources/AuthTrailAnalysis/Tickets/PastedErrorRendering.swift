package import AuthTrail
import Foundation

/// How `authtrail explain` prints the errors it found in pasted text: as text for people, as JSON for tools. Every
/// string taken from the paste (a domain, an OAuth error, a correlation id) goes through the redactor, so nothing
/// pasted is printed in clear (the `pasted-error` fuzz target checks it); the catalog's own names and meanings never
/// do, so its words reach the reader as written. Codes are spelled as people search for them: `AADSTS50011`,
/// `AADB2C90118`.
package enum PastedErrorRendering {
    /// One block per error, underlying errors indented under the error that carries them.
    package static func text(_ errors: [PastedError], omitted: Int = 0, redactor: Redactor) -> String {
        var blocks = errors.enumerated().map { number, error in block(number + 1, error, redactor: redactor) }
        if omitted > 0 { blocks.append(omittedLine(omitted)) }
        return blocks.joined(separator: "\n\n")
    }

    /// What is said of the errors read past the first ``PastedErrorScanner/maximumFindings``.
    package static func omittedLine(_ omitted: Int) -> String {
        "and \(omitted) more error\(omitted == 1 ? "" : "s") read after the first "
            + "\(PastedErrorScanner.maximumFindings) (not listed; repeats among them not removed)"
    }

    /// How sure a reading is, in words; nil for an exact one.
    static func reading(_ error: PastedError, redactor: Redactor) -> String? {
        switch error.confidence {
        case .exact: return nil
        case .namedDomain:
            let written = error.domainAsWritten.map { ", \(redactor.redact(text: $0)) read as \(error.domain)" } ?? ""
            return "named domain (a code mentioned beside its domain\(written))"
        case .inferred: return "inferred (a code mentioned beside an error word; no domain named, the catalog's)"
        }
    }

    /// The paste's own description, redacted, on one line of at most 300 characters.
    static func description(_ error: PastedError, redactor: Redactor) -> String? {
        guard let text = error.errorDescription else { return nil }
        let words = redactor.redact(text: text).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return words.count > 300 ? String(words.prefix(299)) + "…" : words
    }

    /// The doctor's rules for the error, when a set-up mistake causes it.
    static func doctorRules(_ error: PastedError) -> [String]? {
        SetupCausedErrors.doctorRules(domain: error.domain, code: error.code, subcode: error.subcode)
            ?? error.stsErrorCodes.lazy.compactMap {
                SetupCausedErrors.doctorRules(domain: ErrorCatalog.stsDomain, code: $0, subcode: nil)
            }.first
    }

    private static func block(_ number: Int, _ error: PastedError, redactor: Redactor) -> String {
        let indent = String(repeating: "  ", count: error.depth)
        let details = error.details
        let name = error.entry?.name ?? "(not in the catalog)"
        let role = error.depth == 0 ? "" : " (underlying, depth \(error.depth))"
        let heading = ErrorCatalog.spelling(domain: redactor.redact(text: error.domain), code: error.code)
        var lines = ["error \(number)\(role): \(heading) \(name)"]
        if let reading = reading(error, redactor: redactor) { lines.append("  reading:      \(reading)") }
        if let subcode = error.subcode {
            lines.append("  sub-code:     \(subcode) \(error.subcodeEntry?.name ?? "(not in the catalog)")")
        }
        if error.oauthError != nil || error.oauthSuberror != nil {
            let oauthError = error.oauthError.map(redactor.redact(text:)) ?? "-"
            let suberror = error.oauthSuberror.map(redactor.redact(text:)) ?? "-"
            lines.append("  OAuth:        \(oauthError) suberror \(suberror)")
        }
        let serviceCodes =
            error.stsErrorCodes.map { (ErrorCatalog.stsDomain, $0) }
            + error.b2cErrorCodes.map { (ErrorCatalog.b2cDomain, $0) }
        for (domain, code) in serviceCodes {
            let entry = ErrorCatalog.entry(domain: domain, code: code)
            let spelled = ErrorCatalog.spelling(domain: domain, code: code) + ":"
            let padded = spelled.padding(toLength: max(spelled.count + 1, 14), withPad: " ", startingAt: 0)
            lines.append("  \(padded)\(entry.map { "\($0.name): \($0.meaning)" } ?? "(not in the catalog)")")
        }
        if let status = error.httpStatus { lines.append("  HTTP status:  \(status)") }
        if let seconds = error.retryAfterSeconds { lines.append("  Retry-After:  \(seconds) s") }
        if let id = error.correlationID { lines.append("  correlation:  \(redactor.redact(text: id))") }
        if let description = description(error, redactor: redactor) { lines.append("  description:  \(description)") }
        let meaning = error.subcodeEntry?.meaning ?? error.entry?.meaning
        if let meaning { lines.append("  meaning:      \(meaning)") }
        if let received = error.receivedByApp {
            let internalCode = received.internalCode.map { " with MSALInternalErrorCodeKey \($0)" } ?? ""
            lines.append("  app receives: \(received.domain) \(received.code)\(internalCode)")
        }
        if let action = details.action { lines.append("  action:       \(action.summary) (\(action.rawValue))") }
        if let rules = doctorRules(error) { lines.append("  set-up:       \(SetupCausedErrors.advice(rules: rules))") }
        return lines.map { indent + $0 }.joined(separator: "\n")
    }

    /// `{"errors": [...]}`, the shape documented in docs/REPORT-JSON.md ("authtrail explain --format json").
    /// Strings taken from the paste go through `redactor`.
    package static func json(_ errors: [PastedError], redactor: Redactor) -> String {
        ExplainJSONText.string(["errors": objects(errors, redactor: redactor)])
    }

    /// One JSON object per error (docs/REPORT-JSON.md).
    package static func objects(_ errors: [PastedError], redactor: Redactor) -> [[String: Any]] {
        errors.map { error in
            var object: [String: Any] = [
                "form": error.form.rawValue, "depth": error.depth, "domain": redactor.redact(text: error.domain),
                "code": error.code, "stsErrorCodes": error.stsErrorCodes, "b2cErrorCodes": error.b2cErrorCodes,
            ]
            // `AADSTS50011`, `AADB2C90118`, `MSALErrorDomain -50000`: the code as people search for it.
            object["spelling"] = ErrorCatalog.spelling(domain: redactor.redact(text: error.domain), code: error.code)
            object["stsErrorCodeSpellings"] = error.stsErrorCodes.map {
                ErrorCatalog.spelling(domain: ErrorCatalog.stsDomain, code: $0)
            }
            object["b2cErrorCodeSpellings"] = error.b2cErrorCodes.map {
                ErrorCatalog.spelling(domain: ErrorCatalog.b2cDomain, code: $0)
            }
            object["name"] = error.entry?.name
            object["subcode"] = error.subcode
            object["subcodeName"] = error.subcodeEntry?.name
            object["oauthError"] = error.oauthError.map(redactor.redact(text:))
            object["oauthSuberror"] = error.oauthSuberror.map(redactor.redact(text:))
            object["httpStatus"] = error.httpStatus
            object["retryAfterSeconds"] = error.retryAfterSeconds
            object["correlationID"] = error.correlationID.map(redactor.redact(text:))
            object["meaning"] = error.subcodeEntry?.meaning ?? error.entry?.meaning
            object["confidence"] = error.confidence.rawValue
            object["domainAsWritten"] = error.domainAsWritten.map(redactor.redact(text:))
            object["description"] = description(error, redactor: redactor)
            object["doctorRules"] = doctorRules(error)
            if let action = error.details.action {
                object["action"] = action.rawValue
                object["actionSummary"] = action.summary
            }
            if let received = error.receivedByApp {
                var receivedObject: [String: Any] = ["domain": received.domain, "code": received.code]
                receivedObject["internalCode"] = received.internalCode
                object["receivedByApp"] = receivedObject
            }
            return object
        }
    }
}

package import AuthTrail
import Foundation

/// How `authtrail explain` prints the errors it found in pasted text: as text for people, as JSON for tools. Both
/// go through the redactor, so nothing pasted is printed in clear (the `pasted-error` fuzz target checks it).
package enum PastedErrorRendering {
    /// One block per error, underlying errors indented under the error that carries them, redacted as a whole.
    package static func text(_ errors: [PastedError], redactor: Redactor) -> String {
        let blocks = errors.enumerated().map { number, error in block(number + 1, error) }
        return redactor.redact(text: blocks.joined(separator: "\n\n"))
    }

    private static func block(_ number: Int, _ error: PastedError) -> String {
        let indent = String(repeating: "  ", count: error.depth)
        let details = error.details
        let name = error.entry?.name ?? "(not in the catalog)"
        let role = error.depth == 0 ? "" : " (underlying, depth \(error.depth))"
        var lines = ["error \(number)\(role): \(error.domain) \(error.code) \(name)"]
        if let subcode = error.subcode {
            lines.append("  sub-code:     \(subcode) \(error.subcodeEntry?.name ?? "(not in the catalog)")")
        }
        if error.oauthError != nil || error.oauthSuberror != nil {
            lines.append("  OAuth:        \(error.oauthError ?? "-") suberror \(error.oauthSuberror ?? "-")")
        }
        for code in error.stsErrorCodes {
            let entry = ErrorCatalog.entry(domain: ErrorCatalog.stsDomain, code: code)
            lines.append("  AADSTS\(code):  \(entry.map { "\($0.name): \($0.meaning)" } ?? "(not in the catalog)")")
        }
        for code in error.b2cErrorCodes {
            let entry = ErrorCatalog.entry(domain: ErrorCatalog.b2cDomain, code: code)
            lines.append("  AADB2C\(code):  \(entry.map { "\($0.name): \($0.meaning)" } ?? "(not in the catalog)")")
        }
        if let status = error.httpStatus { lines.append("  HTTP status:  \(status)") }
        if let seconds = error.retryAfterSeconds { lines.append("  Retry-After:  \(seconds) s") }
        if let id = error.correlationID { lines.append("  correlation:  \(id)") }
        let meaning = error.subcodeEntry?.meaning ?? error.entry?.meaning
        if let meaning { lines.append("  meaning:      \(meaning)") }
        if let received = error.receivedByApp {
            let internalCode = received.internalCode.map { " with MSALInternalErrorCodeKey \($0)" } ?? ""
            lines.append("  app receives: \(received.domain) \(received.code)\(internalCode)")
        }
        if let action = details.action { lines.append("  action:       \(action.summary) (\(action.rawValue))") }
        return lines.map { indent + $0 }.joined(separator: "\n")
    }

    /// `{"errors": [...]}`, the shape documented in docs/REPORT-JSON.md ("authtrail explain --format json").
    /// Strings taken from the paste go through `redactor`.
    package static func json(_ errors: [PastedError], redactor: Redactor) -> String {
        let objects: [[String: Any]] = errors.map { error in
            var object: [String: Any] = [
                "form": error.form.rawValue, "depth": error.depth, "domain": redactor.redact(text: error.domain),
                "code": error.code, "stsErrorCodes": error.stsErrorCodes, "b2cErrorCodes": error.b2cErrorCodes,
            ]
            object["name"] = error.entry?.name
            object["subcode"] = error.subcode
            object["subcodeName"] = error.subcodeEntry?.name
            object["oauthError"] = error.oauthError.map(redactor.redact(text:))
            object["oauthSuberror"] = error.oauthSuberror.map(redactor.redact(text:))
            object["httpStatus"] = error.httpStatus
            object["retryAfterSeconds"] = error.retryAfterSeconds
            object["correlationID"] = error.correlationID.map(redactor.redact(text:))
            object["meaning"] = error.subcodeEntry?.meaning ?? error.entry?.meaning
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
        let data =
            (try? JSONSerialization.data(withJSONObject: ["errors": objects], options: [.sortedKeys, .prettyPrinted]))
            ?? Data("{\"errors\":[]}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}

package import AuthTrail

/// Errors a mistake in the app's MSAL set-up causes, and the `authtrail doctor` rules that find each one: for these
/// `explain` points to the doctor, since the app itself can do no better than show a generic message.
package enum SetupCausedErrors {
    /// The doctor's rules that find a cause of the error, or nil when no set-up mistake is known to cause it. An empty
    /// list: a set-up error (the app registration) no rule checks from the app's files.
    package static func doctorRules(domain: String, code: Int, subcode: Int?) -> [String]? {
        if let subcode, let rules = internalCodes[subcode] { return rules }
        switch domain {
        case ErrorCatalog.internalDomain, MSALUserInfoKey.msalErrorDomain: return internalCodes[code]
        case ErrorCatalog.osStatusDomain, ErrorCatalog.msidKeychainDomain:
            return code == -34018 ? ["keychain-group-missing"] : nil
        case ErrorCatalog.stsDomain: return stsCodes[code]
        case ErrorCatalog.urlDomain: return code == -1003 ? ["sandbox-network-client-missing"] : nil
        default:
            let msidDomains = [ErrorCatalog.msidDomain, ErrorCatalog.msidOAuthDomain, ErrorCatalog.msidHTTPDomain]
            guard msidDomains.contains(domain) else { return nil }
            let converted = ErrorCatalog.convertedByMSAL(domain: domain, code: code, internalCode: subcode)
            return converted.internalCode.flatMap { internalCodes[$0] }
        }
    }

    /// The rules for a catalog entry typed as a plain code (`-42011`, `AADSTS50011`, `-34018`).
    package static func doctorRules(for entry: ErrorCatalog.Entry) -> [String]? {
        doctorRules(domain: entry.domain, code: entry.code, subcode: nil)
    }

    /// The line `explain` prints for them.
    package static func advice(rules: [String]) -> String {
        let named = rules.isEmpty ? "" : " (rules: \(rules.joined(separator: ", ")))"
        return "a set-up mistake causes this: run authtrail doctor on the app (its .xcodeproj, folder, .app or .ipa) "
            + "to find it\(named)"
    }

    /// MSAL internal codes (`MSALInternalErrorCodeKey`) of the configuration category and the broker hand-off.
    private static let internalCodes: [Int: [String]] = [
        -42001: ["redirect-scheme-not-registered", "broker-query-schemes-missing"],
        -42006: [],
        -42010: ["authority-not-known"],
        -42011: ["redirect-uri-bundle-mismatch"],
        -42700: ["response-hand-off-missing"],
    ]

    private static let stsCodes: [Int: [String]] = [
        50011: ["redirect-scheme-not-registered", "redirect-uri-bundle-mismatch"],
        50049: ["authority-not-known"],
    ]
}

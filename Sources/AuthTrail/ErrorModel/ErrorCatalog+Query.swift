import Foundation

extension ErrorCatalog {
    /// The entries a support engineer means by `query`: `-50002`, `MSALErrorDomain -50002`, `MSALErrorDomain:-50002`
    /// (an `error.type`), `interactionRequired`, `MSALErrorInteractionRequired`, `-42011`, `AADSTS50076`,
    /// `NSURLErrorDomain -1009`, `429`, `HTTP 503`. A bare number matches every domain that has it; empty when nothing
    /// matches.
    public static func entries(matching query: String) -> [Entry] {
        let trimmed = query.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return [] }
        if let code = Int(trimmed) { return entries(code: code, domains: code < 0 ? negativeDomains : positiveDomains) }

        let upper = trimmed.uppercased()
        if upper.hasPrefix("AADSTS"), let code = Int(upper.dropFirst(6).trimmingCharacters(in: .whitespaces)) {
            return entries(code: code, domains: [stsDomain])
        }
        if let separator = trimmed.lastIndex(where: { $0 == " " || $0 == ":" }),
            let code = Int(trimmed[trimmed.index(after: separator)...]),
            let domains = domainAliases[trimmed[..<separator].trimmingCharacters(in: .whitespaces).lowercased()]
        {
            return entries(code: code, domains: domains)
        }
        let name = trimmed.lowercased()
        return allEntries.filter { entry in
            let candidate = entry.name.lowercased()
            // Swift names, and the ObjC names (MSALErrorInteractionRequired, MSALInternalErrorInvalidRedirectURI,
            // NSURLErrorNotConnectedToInternet) support staff copy from MSAL's headers and logs.
            // MSID names repeat MSAL's (InteractionRequired): they answer only to their ObjC form, MSIDError….
            if entry.domain == msidDomain { return "msiderror" + candidate == name }
            return candidate == name || "msal" + candidate == name
                || (entry.domain == msal && "msalerror" + candidate == name)
                || (entry.domain == urlDomain && "nsurlerror" + candidate == name)
        }
    }

    private static func entries(code: Int, domains: [String]) -> [Entry] {
        domains.compactMap { entry(domain: $0, code: code) }
    }

    private static let negativeDomains = [msal, internalDomain, urlDomain, osStatusDomain, msidDomain]
    private static let positiveDomains = [httpDomain, stsDomain]

    // MSALErrorDomain also reaches the internal codes: MSAL logs and older builds show them as MSALErrorDomain codes.
    private static let domainAliases: [String: [String]] = [
        "msalerrordomain": [msal, internalDomain], "msal": [msal, internalDomain],
        "msalinternalerror": [internalDomain], "msalinternalerrorcodekey": [internalDomain],
        "internal": [internalDomain],
        "nsurlerrordomain": [urlDomain], "nsurlerror": [urlDomain], "urlerror": [urlDomain],
        "nsosstatuserrordomain": [osStatusDomain], "osstatus": [osStatusDomain],
        "msiderrordomain": [msidDomain], "msidoautherrordomain": [msidDomain], "msidhttperrorcodedomain": [msidDomain],
        "msid": [msidDomain], "aadsts": [stsDomain], "sts": [stsDomain], "http": [httpDomain],
    ]
}

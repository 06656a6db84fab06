import Foundation

extension ErrorCatalog {
    /// The entries a support engineer means by `query`: `-50002`, `MSALErrorDomain -50002`, `MSALErrorDomain:-50002`
    /// (an `error.type`), `interactionRequired`, `MSALErrorInteractionRequired`, `-42011`, `AADSTS50076`,
    /// `AADB2C90118`, `NSURLErrorDomain -1009`, `MSIDErrorDomain -51412`, `MSIDErrorServerInvalidGrant`,
    /// `kCFErrorDomainCFNetwork -1012`, `com.apple.AuthenticationServices.WebAuthenticationSession 2`, `429`,
    /// `HTTP 503`. A bare number matches every domain that has it as its own code (not the domains that copy another
    /// one's codes: kCFErrorDomainCFNetwork, MSIDKeychainErrorDomain); MSAL 0.x codes come after current ones, and a
    /// name matches them only when no current code has it. A name in its exact letter case wins over other cases.
    /// Empty when nothing matches.
    package static func entries(matching query: String) -> [Entry] {
        let trimmed = query.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return [] }
        // 18446744073709501616: a negative NSInteger as Xcode's variables view shows it (unsigned 64-bit).
        if let code = nsInteger(trimmed) {
            return entries(code: code, domains: code < 0 ? negativeDomains : positiveDomains)
        }

        let upper = trimmed.uppercased()
        for (prefix, domain) in [("AADSTS", stsDomain), ("AADB2C", b2cDomain)] where upper.hasPrefix(prefix) {
            if let code = Int(upper.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces)) {
                return entries(code: code, domains: [domain])
            }
        }
        if let separator = trimmed.lastIndex(where: { $0 == " " || $0 == ":" }),
            let code = Int(trimmed[trimmed.index(after: separator)...]),
            let domains = domainAliases[trimmed[..<separator].trimmingCharacters(in: .whitespaces).lowercased()]
        {
            return entries(code: code, domains: domains)
        }
        // Letter case tells interactionRequired (MSALErrorDomain -50002) from InteractionRequired (AADSTS16000):
        // an exact name wins; otherwise any letter case, and the ObjC forms support staff copy from MSAL's headers
        // and logs (MSALErrorInteractionRequired, MSALInternalErrorInvalidRedirectURI,
        // NSURLErrorNotConnectedToInternet). MSID names are the header's full names (MSIDErrorInteractionRequired).
        // CFNetwork's and MSAL's keychain domain copy other domains' names: they answer only with their domain.
        let searchable = allEntries.filter { $0.domain != cfNetworkDomain && $0.domain != msidKeychainDomain }
        var named = searchable.filter { $0.name == trimmed }
        if named.isEmpty {
            let name = trimmed.lowercased()
            named = searchable.filter { entry in
                let candidate = entry.name.lowercased()
                return candidate == name || "msal" + candidate == name
                    || (entry.domain == msal && "msalerror" + candidate == name)
                    || (entry.domain == urlDomain && "nsurlerror" + candidate == name)
            }
        }
        let current = named.filter { !$0.isLegacy }
        return current.isEmpty ? named : current
    }

    private static func entries(code: Int, domains: [String]) -> [Entry] {
        let found = domains.compactMap { entry(domain: $0, code: code) }
        return found.filter { !$0.isLegacy } + found.filter(\.isLegacy)
    }

    private static let negativeDomains = [
        msal, internalDomain, urlDomain, osStatusDomain, msidDomain, appSSODomain, authorizationErrorDomain,
    ]
    private static let positiveDomains = [
        httpDomain, stsDomain, b2cDomain, webAuthenticationSessionDomain, authorizationErrorDomain,
    ]

    // MSALErrorDomain also reaches the internal codes: MSAL logs and older builds show them as MSALErrorDomain codes.
    private static let domainAliases: [String: [String]] = [
        "msalerrordomain": [msal, internalDomain], "msal": [msal, internalDomain],
        "msalinternalerror": [internalDomain], "msalinternalerrorcodekey": [internalDomain],
        "internal": [internalDomain],
        "nsurlerrordomain": [urlDomain], "nsurlerror": [urlDomain], "urlerror": [urlDomain],
        "nsosstatuserrordomain": [osStatusDomain], "osstatus": [osStatusDomain],
        "msiderrordomain": [msidDomain], "msidoautherrordomain": [msidDomain], "msidhttperrorcodedomain": [msidDomain],
        "msid": [msidDomain], "msidkeychainerrordomain": [msidKeychainDomain],
        "kcferrordomaincfnetwork": [cfNetworkDomain], "cfnetwork": [cfNetworkDomain],
        "com.apple.authenticationservices.webauthenticationsession": [webAuthenticationSessionDomain],
        "aswebauthenticationsessionerror": [webAuthenticationSessionDomain],
        "com.apple.authenticationservices.authorizationerror": [authorizationErrorDomain],
        "asauthorizationerror": [authorizationErrorDomain],
        "com.apple.appsso.authorizationerror": [appSSODomain], "appsso": [appSSODomain],
        "aadsts": [stsDomain], "sts": [stsDomain], "aadb2c": [b2cDomain], "b2c": [b2cDomain], "http": [httpDomain],
    ]
}

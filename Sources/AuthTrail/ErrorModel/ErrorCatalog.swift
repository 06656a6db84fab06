/// Names, meanings, categories and recommended actions for the codes token acquisition meets, in one place.
///
/// Values come from MSAL's and IdentityCore's headers, MSAL's error converter, Apple's Foundation, Security,
/// CFNetwork and AuthenticationServices headers, Microsoft's AADSTS and Azure AD B2C references and RFC 9110; extracts
/// of the sources are in `Tests/Reference`, and tests check the tables against them. The tables are in
/// `ErrorCatalog+MSAL.swift`, `+MSID.swift`, `+Legacy.swift`, `+System.swift`, `+Apple.swift`, `+STS.swift`,
/// `+STSTable.swift` and `+B2C.swift`; `+MSIDConversion.swift` says what MSAL hands the app for each internal code.
package enum ErrorCatalog {
    /// One known code.
    package struct Entry: Sendable, Hashable {
        /// The NSError domain, or a pseudo-domain (`MSALInternalError`, `AADSTS`, `HTTP`).
        package var domain: String
        package var code: Int
        /// The Swift name, for example `interactionRequired`, `internalErrorInvalidRedirectURI`,
        /// `notConnectedToInternet`.
        package var name: String
        /// One line saying what happened.
        package var meaning: String
        package var category: ErrorCategory
        /// What the app should do when this code is the whole story.
        package var action: RecommendedAction
        /// A top-level code only MSAL 0.x (before 0.4.0) returned; current MSAL reports the value only as an internal
        /// sub-code under -50000.
        package var isLegacy: Bool = false
    }

    /// Pseudo-domain for MSAL's internal sub-codes (`MSALInternalErrorCodeKey`).
    package static let internalDomain = "MSALInternalError"
    /// Pseudo-domain for Microsoft Entra's AADSTS codes (`MSALSTSErrorCodesKey`).
    package static let stsDomain = "AADSTS"
    /// Pseudo-domain for HTTP status codes (`MSALHTTPResponseCodeKey`).
    package static let httpDomain = "HTTP"
    /// Pseudo-domain for Azure AD B2C's AADB2C codes (in the error description).
    package static let b2cDomain = "AADB2C"
    package static let urlDomain = "NSURLErrorDomain"
    package static let osStatusDomain = "NSOSStatusErrorDomain"

    /// The entry for `code` in `domain`, if the catalog knows it. Any HTTP 5xx without its own entry gets the
    /// generic server-error entry.
    /// MSIDOAuthErrorDomain and MSIDHttpErrorCodeDomain share MSIDErrorDomain's code table, as in MSAL's converter.
    package static func entry(domain: String, code: Int) -> Entry? {
        let domain = isMSIDDomain(domain) ? msidDomain : domain
        if let entry = index[Key(domain: domain, code: code)] { return entry }
        if domain == httpDomain, (500...599).contains(code) {
            return Entry(
                domain: httpDomain, code: code, name: "serverError", meaning: "the server failed (HTTP \(code))",
                category: .serverFailure, action: .retryWithBackoff)
        }
        return nil
    }

    /// Every entry, in table order.
    package static var allEntries: [Entry] { entries }

    private struct Key: Hashable {
        var domain: String
        var code: Int
    }

    private static let entries: [Entry] =
        msalErrors + internalErrors + msidErrors + legacyMSALErrors + urlErrors + osStatusErrors + appleErrors
        + stsErrors + b2cErrors + httpStatuses

    private static let index: [Key: Entry] = Dictionary(
        entries.map { (Key(domain: $0.domain, code: $0.code), $0) }, uniquingKeysWith: { first, _ in first })

    static let msal = MSALUserInfoKey.msalErrorDomain

    /// Fills in code names and the recommended action. A sub-code is named from MSAL's internal codes, or, when
    /// classification moved a top-level MSALError code there (-50000 with -50006, -50007, -50008 …), from those.
    static func annotate(_ details: inout FailureDetails) {
        if details.codeName == nil { details.codeName = entry(domain: details.domain, code: details.code)?.name }
        if let subcode = details.subcode, details.subcodeName == nil {
            details.subcodeName =
                entry(domain: internalDomain, code: subcode)?.name ?? topLevelMSALEntry(code: subcode)?.name
        }
        details.action = recommendedAction(for: details)
    }

    /// A current top-level MSALError code (not a 0.x one).
    static func topLevelMSALEntry(code: Int) -> Entry? {
        guard let entry = entry(domain: msal, code: code), !entry.isLegacy else { return nil }
        return entry
    }

    /// The action for a classified failure, following Microsoft's MSAL error-handling guidance. An MSID error
    /// (unconverted, or from a log) is first converted as MSAL would convert it. Then: the MSALError code that
    /// decides (the top-level code, or the MSALError code classification put under -50000), then throttling and
    /// server failures (which MSAL reports as internal -42007), then a claims challenge, then the code's own entry,
    /// then the first AADSTS code the catalog knows.
    static func recommendedAction(for details: FailureDetails) -> RecommendedAction {
        if isMSIDDomain(details.domain), msidCodesWithOwnAction.contains(details.code),
            let entry = entry(domain: details.domain, code: details.code)
        {
            // The MSID code says more than what the app would receive (BrokerAppIsInactive, …).
            return entry.action
        }
        if isMSIDDomain(details.domain) || details.domain == msidKeychainDomain { return convertedAction(details) }
        let decisive = decisiveMSALCode(for: details)
        switch decisive.map(MSALErrorCode.init(rawValue:)) {
        case .interactionRequired?: return details.claimsChallenge ? .interactiveWithClaims : .acquireInteractively
        case .serverDeclinedScopes?: return .continueWithGrantedScopes
        case .serverProtectionPoliciesRequired?: return .remediateCompliance
        case .userCanceled?:
            // Azure AD B2C answers access_denied (hence -50005) for "forgot password" as well as for a cancel.
            return b2cEntry(in: details.message)?.action ?? .userCancelled
        case .workplaceJoinRequired?, .insufficientDeviceStrength?: return .registerDevice
        case .mdmEnrollmentCompletedNeedsRetry?: return .repeatRequest
        case .serverInvalidRequestResetPasswordRequired?: return .acquireInteractively
        default: break
        }
        let serverFailed = details.httpStatus.map { (500...599).contains($0) } ?? false
        if details.httpStatus == 429 { return .retryAfter }
        if details.retryAfterSeconds != nil, details.httpStatus == nil || serverFailed { return .retryAfter }
        if serverFailed { return .retryWithBackoff }
        if details.claimsChallenge { return .interactiveWithClaims }
        if let decisive, decisive != MSALErrorCode.internal.rawValue, let entry = topLevelMSALEntry(code: decisive) {
            return entry.action
        }
        if details.domain != msal || details.code != MSALErrorCode.internal.rawValue,
            let entry = entry(domain: details.domain, code: details.code)
        {
            return entry.action
        }
        for code in details.stsErrorCodes {
            if let entry = entry(domain: stsDomain, code: code) { return entry.action }
        }
        if details.domain == msal, let entry = b2cEntry(in: details.message) { return entry.action }
        // MSAL's internal errors and codes from newer MSAL versions: generic message, log the sub-code.
        if details.domain == msal { return .showGenericMessage }
        // Unknown domains (an app's own Swift errors, other frameworks): nothing says a retry would help.
        return .doNotRetry
    }

    /// The MSALError code that decides an MSALErrorDomain failure: its own code, or for -50000 a current top-level
    /// code in `MSALInternalErrorCodeKey` (MSAL's classification moves every code outside
    /// ``codesKeptAtTopLevel`` there, so -50000 with -50006 is a server error, not an unknown internal one).
    static func decisiveMSALCode(for details: FailureDetails) -> Int? {
        guard details.domain == msal else { return nil }
        if details.code == MSALErrorCode.internal.rawValue, let subcode = details.subcode,
            subcode != MSALErrorCode.internal.rawValue, topLevelMSALEntry(code: subcode) != nil
        {
            return subcode
        }
        return details.code
    }

    /// The action for an MSID error once converted as MSAL converts it.
    private static func convertedAction(_ details: FailureDetails) -> RecommendedAction {
        let converted = convertedByMSAL(domain: details.domain, code: details.code, internalCode: details.subcode)
        var received = details
        received.domain = converted.domain
        received.code = converted.code
        received.subcode = converted.internalCode
        return recommendedAction(for: received)
    }

    /// The Azure AD B2C code an error description starts with or mentions ("AADB2C90118: The user has forgotten
    /// their password."), when the catalog knows it.
    static func b2cEntry(in message: String?) -> Entry? {
        guard let message else { return nil }
        let text = Array(message.utf8)
        let marker = Array("AADB2C".utf8)
        var start = 0
        while start + marker.count + 5 <= text.count {
            defer { start += 1 }
            guard text[start..<start + marker.count].elementsEqual(marker) else { continue }
            let digits = text[(start + marker.count)...].prefix(while: { (0x30...0x39).contains($0) })
            guard digits.count == 5 else { continue }
            let code = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
            return entry(domain: b2cDomain, code: code)
        }
        return nil
    }

    static func entry(
        _ domain: String, _ code: Int, _ name: String, _ category: ErrorCategory, _ action: RecommendedAction,
        _ meaning: String
    ) -> Entry {
        Entry(domain: domain, code: code, name: name, meaning: meaning, category: category, action: action)
    }
}

// MSAL's internal MSIDErrorDomain codes (IdentityCore MSIDError.h). Apps never receive them, but MSAL's logs print the
// MSID domain and code, so support staff meet them there. Each entry says what the app receives instead
// (MSALErrorConverter.m) and takes that code's category and action. Names are IdentityCore's where the reference gives
// them; codes it lists without a name get a lowerCamel description instead.

extension ErrorCatalog {
    /// The domain MSAL's logs print for its internal codes.
    public static let msidDomain = "MSIDErrorDomain"

    // MSID's just-in-time linking and Platform SSO codes map by name, not by offset, onto -42715…-42744.
    private static let msidJITErrors: [Entry] = (51817...51845).map { magnitude in
        entry(
            msidDomain, -magnitude, "jitOrPlatformSSOError", .compliance, .showGenericMessage,
            "MSAL's internal just-in-time linking or Platform SSO code, seen in its logs; the app receives "
                + "MSALErrorDomain -50000 with the internal code of the same name (-42715…-42744)")
    }

    // Built from the MSAL tables directly, not through `entry(domain:code:)`, whose index includes these entries.
    static var msidErrors: [Entry] { msidMappedErrors + msidJITErrors }

    private static let msidMappedErrors: [Entry] = msidMappings.compactMap { code, name, msalCode, subcode in
        let target =
            subcode.flatMap { subcode in internalErrors.first { $0.code == subcode } }
            ?? msalErrors.first { $0.code == msalCode }
        guard let target else { return nil }
        let reported =
            subcode.map { "MSALErrorDomain \(msalCode) with internal \($0) \(target.name)" }
            ?? "MSALErrorDomain \(msalCode) \(target.name)"
        return entry(
            msidDomain, code, name, target.category, target.action,
            "MSAL's internal code, seen in its logs; the app receives \(reported): \(target.meaning)")
    }

    /// MSID code, name, the MSALErrorDomain code the app receives, and the internal sub-code when that is -50000.
    private static let msidMappings: [(Int, String, Int, Int?)] =
        [
            (-51100, "Internal", -50000, nil),
            (-51112, "InvalidDeveloperParameter", -50000, -42000),
            (-51113, "MissingAccount", -50000, -42106),
            (-51115, "InteractionRequired", -50002, nil),
            (-51120, "BoundAppRefreshTokenRedemptionError", -50000, -42008),
            (-51200, "CacheMultipleUsers", -50000, -42102),
            (-51400, "ServerOauth", -50000, -42104),
            (-51401, "ServerInvalidResponse", -50000, -42600),
            // Named after the OAuth error each one carries.
            (-51410, "ServerInvalidRequest", -50000, -42002),
            (-51411, "ServerInvalidClient", -50000, -42003),
            (-51412, "ServerInvalidGrant", -50000, -42004),
            (-51413, "ServerInvalidScope", -50000, -42005),
            (-51414, "ServerUnauthorizedClient", -50000, -42006),
            (-51415, "DeclinedScopes", -50003, nil),
            (-51416, "AccessDenied", -50005, nil),
            (-51417, "ServerError", -50006, nil),
            (-51420, "InvalidState", -50000, -42501),
            (-51430, "ProtectionPoliciesRequired", -50004, nil),
            (-51440, "AuthorizationFailed", -50000, -42104),
            (-51500, "serverUnhandledResponse", -50000, -42007),
            (-51501, "serverUnexpectedHttpResponse", -50000, -42009),
            (-51600, "AuthorityValidation", -50000, -42010),
            (-51700, "UserCancel", -50005, nil),
            (-51701, "SessionCanceledProgrammatically", -50005, nil),
            (-51710, "interactiveSessionAlreadyRunning", -50000, -42402),
            (-51720, "noViewController", -50000, -42403),
            (-51732, "insufficientDeviceStrength", -50007, nil),
            (-51733, "mdmEnrollmentCompletedNeedsRetry", -50008, nil),
            (-51810, "WorkplaceJoinRequired", -50001, nil),
            (-51815, "unmappedBrokerError", -50000, -42008),
            (-51900, "throttlingCacheError", -50000, -42008),
            (-51901, "throttlingCacheError", -50000, -42008),
            (-51902, "brokerAppInactive", -50000, -42008),
            (-51903, "brokerAppInBackground", -50000, -42008),
            (-52001, "xpcError", -50000, -42008),
            (-514102, "ServerRefreshTokenRejected", -50000, nil),
        ]
        + (0...14).filter { $0 != 10 }.map { offset in
            // Broker codes -51800…-51814 map one to one onto -42700…-42714 (-51810, WorkplaceJoinRequired, is
            // above); they are named after the MSAL code they become.
            let subcode = -42700 - offset
            var name = internalErrors.first { $0.code == subcode }?.name ?? "broker"
            for prefix in ["internalError", "internal"] where name.hasPrefix(prefix) { name.removeFirst(prefix.count) }
            return (-51800 - offset, name, -50000, subcode)
        }
}

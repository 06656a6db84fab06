// What MSAL hands the app for an error created inside it, as MSALErrorConverter.m (AzureAD/
// microsoft-authentication-library-for-objc, MSAL/src/MSALErrorConverter.m @ fae6844) computes it on every public
// path (`classifyErrors:YES`). Tests/Reference/MSALErrorConverter.m.mappings.txt holds the tables this mirrors; a
// test checks every row of it against `convertedByMSAL`.

extension ErrorCatalog {
    /// An error as the app receives it from MSAL: domain, top-level code and `MSALInternalErrorCodeKey`.
    package struct MSALConversion: Sendable, Hashable {
        /// MSALErrorDomain, NSOSStatusErrorDomain for keychain errors, or the original domain.
        package var domain: String
        /// The top-level code.
        package var code: Int
        /// `MSALInternalErrorCodeKey`; nil when MSAL sets none.
        package var internalCode: Int?

        /// - Parameters:
        ///   - domain: the error's domain as the app receives it.
        ///   - code: its top-level code.
        ///   - internalCode: its `MSALInternalErrorCodeKey`, if any.
        package init(domain: String, code: Int, internalCode: Int? = nil) {
            self.domain = domain
            self.code = code
            self.internalCode = internalCode
        }
    }

    /// MSAL's internal domain for OAuth errors, as its logs print it; shares MSIDErrorDomain's codes.
    package static let msidOAuthDomain = "MSIDOAuthErrorDomain"
    /// MSAL's internal domain for HTTP errors (-51500, -51501); shares MSIDErrorDomain's codes.
    package static let msidHTTPDomain = "MSIDHttpErrorCodeDomain"
    /// MSAL's internal keychain domain; its codes are OSStatus values, received in NSOSStatusErrorDomain.
    package static let msidKeychainDomain = "MSIDKeychainErrorDomain"

    /// The only MSALErrorDomain codes classification leaves at the top level; every other one becomes -50000 with
    /// the code in `MSALInternalErrorCodeKey` (the converter's `s_recoverableErrorCode`).
    package static let codesKeptAtTopLevel: Set<Int> = [-50001, -50002, -50003, -50004, -50005, -50142]

    /// What the app receives for an error of `domain` and `code` (with `internalCode` in `MSALInternalErrorCodeKey`
    /// when the error already carries one), exactly as MSALErrorConverter maps it:
    /// - MSIDErrorDomain, MSIDOAuthErrorDomain and MSIDHttpErrorCodeDomain codes go through the converter's table
    ///   to an MSALErrorDomain code; a code with no row becomes -50000 with internal -42008.
    /// - MSALErrorDomain codes keep their value and internal code.
    /// - Then every MSALErrorDomain code outside ``codesKeptAtTopLevel`` becomes -50000, with the code (or -42008
    ///   for -50000 itself) as the internal code, unless the error already had one.
    /// - MSIDKeychainErrorDomain becomes NSOSStatusErrorDomain with the same code; other domains pass through.
    ///
    /// - Parameters:
    ///   - domain: the domain MSAL created the error in (as its logs print it).
    ///   - code: the error's code.
    ///   - internalCode: the `MSALInternalErrorCodeKey` an MSALErrorDomain error already carries.
    package static func convertedByMSAL(domain: String, code: Int, internalCode: Int? = nil) -> MSALConversion {
        let mappedCode: Int
        var internalCode = internalCode
        switch domain {
        case msidDomain, msidOAuthDomain, msidHTTPDomain:
            mappedCode = msalCodeForMSIDCode[code] ?? MSALErrorCode.internal.rawValue
            // The converter reads MSALInternalErrorCodeKey only from errors already in MSALErrorDomain.
            internalCode = nil
        case msal:
            mappedCode = code
        case msidKeychainDomain:
            return MSALConversion(domain: osStatusDomain, code: code)
        default:
            // The converter rebuilds userInfo and sets MSALInternalErrorCodeKey to nil: other domains lose it.
            return MSALConversion(domain: domain, code: code)
        }
        guard !codesKeptAtTopLevel.contains(mappedCode) else {
            return MSALConversion(domain: msal, code: mappedCode, internalCode: internalCode)
        }
        let internalError = MSALErrorCode.internal.rawValue
        let reported =
            internalCode ?? (mappedCode == internalError ? MSALInternalErrorCode.unexpected.rawValue : mappedCode)
        return MSALConversion(domain: msal, code: internalError, internalCode: reported)
    }

    /// Whether `domain` is one of the domains MSAL creates errors in internally and converts to MSALErrorDomain.
    static func isMSIDDomain(_ domain: String) -> Bool {
        domain == msidDomain || domain == msidOAuthDomain || domain == msidHTTPDomain
    }

    /// The converter's `s_errorCodeMapping`: MSID code → MSALErrorDomain code (a top-level MSALError code or an
    /// MSALInternalError code). Its keys carry no domain: all three MSID domains share it.
    static let msalCodeForMSIDCode: [Int: Int] = [
        // General
        -51100: -50000,  // MSIDErrorInternal → MSALErrorInternal
        -51111: -50000,  // MSIDErrorInvalidInternalParameter → MSALErrorInternal
        -51112: -42000,  // MSIDErrorInvalidDeveloperParameter → MSALInternalErrorInvalidParameter
        -51114: -50000,  // MSIDErrorUnsupportedFunctionality → MSALErrorInternal
        -51113: -42106,  // MSIDErrorMissingAccountParameter → MSALInternalErrorAccountRequired
        -51115: -50002,  // MSIDErrorInteractionRequired → MSALErrorInteractionRequired
        -51116: -42602,  // MSIDErrorServerNonHttpsRedirect → MSALInternalErrorNonHttpsRedirect
        -51117: -42101,  // MSIDErrorMismatchedAccount → MSALInternalErrorMismatchedUser
        -51118: -42001,  // MSIDErrorRedirectSchemeNotRegistered → MSALInternalErrorRedirectSchemeNotRegistered
        -51119: -42011,  // MSIDErrorInvalidRedirectURI → MSALInternalErrorInvalidRedirectURI
        // Cache
        -51200: -42102,  // MSIDErrorCacheMultipleUsers → MSALInternalErrorAmbiguousAccount
        -51201: -50000,  // MSIDErrorCacheBadFormat → MSALErrorInternal
        // Authority validation
        -51600: -42010,  // MSIDErrorAuthorityValidation → MSALInternalErrorFailedAuthorityValidation
        // Interactive flow
        -51440: -42104,  // MSIDErrorAuthorizationFailed → MSALInternalErrorAuthorizationFailed
        -51700: -50005,  // MSIDErrorUserCancel → MSALErrorUserCanceled
        -51701: -50005,  // MSIDErrorSessionCanceledProgrammatically → MSALErrorUserCanceled
        -51702: -50000,  // MSIDErrorInteractiveSessionStartFailure → MSALErrorInternal
        -51710: -42402,  // MSIDErrorInteractiveSessionAlreadyRunning → …InteractiveSessionAlreadyRunning
        -51720: -42403,  // MSIDErrorNoMainViewController → MSALInternalErrorNoViewController
        -51730: -42404,  // MSIDErrorAttemptToOpenURLFromExtension → MSALInternalErrorAttemptToOpenURLFromExtension
        -51731: -42405,  // MSIDErrorUINotSupportedInExtension → MSALInternalErrorUINotSupportedInExtension
        -51732: -50007,  // MSIDErrorInsufficientDeviceStrength → MSALErrorInsufficientDeviceStrength
        -51733: -50008,  // MSIDErrorMDMEnrollmentCompletedNeedsRetry → MSALErrorMDMEnrollmentCompletedNeedsRetry
        -51734: -42745,  // MSIDErrorInvalidASWebAuthenticationURL → …InvalidASWebAuthenticationURL
        // Broker
        -51800: -42700, -51801: -42701, -51802: -42702, -51803: -42703, -51804: -42704, -51805: -42705,
        -51806: -42706, -51807: -42707, -51808: -42708, -51809: -42709,
        -51810: -50001,  // MSIDErrorWorkplaceJoinRequired → MSALErrorWorkplaceJoinRequired
        -51811: -42711, -51813: -42713, -51812: -42712,
        -51814: -42714,  // MSIDErrorBrokerNotAvailable → MSALInternalBrokerNotAvailable
        // Just-in-time linking and Platform SSO, by name (-51816, the link confirmation timeout, has no row)
        -51817: -42715, -51818: -42716, -51819: -42717, -51820: -42718, -51821: -42719, -51822: -42720,
        -51823: -42721, -51824: -42722, -51825: -42723, -51826: -42724, -51827: -42725, -51828: -42726,
        -51829: -42727, -51830: -42728, -51831: -42729, -51832: -42730, -51833: -42734, -51834: -42731,
        -51835: -42735, -51836: -42732, -51837: -42736, -51838: -42737, -51839: -42738, -51840: -42739,
        -51841: -42740, -51842: -42741, -51843: -42742,
        -51845: -42743,  // MSIDErrorPSSOBiometricsNotAvailable → MSALErrorPSSOBiometricsNotAvailable
        -51844: -42744,  // MSIDErrorPSSOBiometricsNotEnrolled → MSALErrorPSSOBiometricsNotEnrolled
        // OAuth
        -51400: -42104,  // MSIDErrorServerOauth → MSALInternalErrorAuthorizationFailed
        -51401: -42600,  // MSIDErrorServerInvalidResponse → MSALInternalErrorInvalidResponse
        -514102: -50000,  // MSIDErrorServerRefreshTokenRejected (ADAL only) → MSALErrorInternal
        -51410: -42002, -51411: -42003, -51412: -42004, -51413: -42005, -51414: -42006,
        -51416: -50005,  // MSIDErrorServerAccessDenied → MSALErrorUserCanceled
        -51415: -50003,  // MSIDErrorServerDeclinedScopes → MSALErrorServerDeclinedScopes
        -51417: -50006,  // MSIDErrorServerError → MSALErrorServerError
        -51420: -42501,  // MSIDErrorServerInvalidState → MSALInternalErrorInvalidState
        -51430: -50004,  // MSIDErrorServerProtectionPoliciesRequired → MSALErrorServerProtectionPoliciesRequired
        -51500: -42007,  // MSIDErrorServerUnhandledResponse → MSALInternalErrorUnhandledResponse
        -51501: -42009,  // MSIDErrorUnexpectedHttpResponse → MSALInternalErrorUnexpectedHttpResponse
        -50142: -50142,  // MSIDErrorServerInvalidRequestResetPasswordRequired → …ResetPasswordRequired
    ]
}

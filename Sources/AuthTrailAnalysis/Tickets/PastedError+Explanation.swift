package import AuthTrail
import Foundation

extension PastedError {
    /// The catalog's entry for the error's own code, if it knows it.
    package var entry: ErrorCatalog.Entry? {
        if let entry = ErrorCatalog.entry(domain: domain, code: code) { return entry }
        // A binding's errorCode or a log line without a known domain: the catalog's own reading of the code.
        return form == .errorCodeField ? ErrorCatalog.entries(matching: String(code)).first : nil
    }

    /// The catalog's entry for `MSALInternalErrorCodeKey`: an internal code, or the MSALError code MSAL's
    /// classification moved under -50000.
    package var subcodeEntry: ErrorCatalog.Entry? {
        guard let subcode else { return nil }
        return ErrorCatalog.entry(domain: ErrorCatalog.internalDomain, code: subcode)
            ?? ErrorCatalog.entry(domain: MSALUserInfoKey.msalErrorDomain, code: subcode)
            ?? ErrorCatalog.entry(domain: ErrorCatalog.msidDomain, code: subcode)
    }

    /// What the app receives once MSAL converts this error, for MSALErrorDomain and MSID domains; nil for others.
    package var receivedByApp: ErrorCatalog.MSALConversion? {
        let msidDomains = [ErrorCatalog.msidDomain, ErrorCatalog.msidOAuthDomain, ErrorCatalog.msidHTTPDomain]
        guard
            domain == MSALUserInfoKey.msalErrorDomain || msidDomains.contains(domain)
                || domain == ErrorCatalog.msidKeychainDomain
        else { return nil }
        return ErrorCatalog.convertedByMSAL(domain: domain, code: code, internalCode: subcode)
    }

    /// The error read as the library's classifier reads an NSError with these userInfo values: names and the
    /// recommended action.
    package var details: FailureDetails {
        var info: [String: Any] = [:]
        if let subcode { info[MSALUserInfoKey.internalErrorCode] = subcode }
        if let oauthError { info[MSALUserInfoKey.oauthError] = oauthError }
        if let oauthSuberror { info[MSALUserInfoKey.oauthSubError] = oauthSuberror }
        if !stsErrorCodes.isEmpty { info[MSALUserInfoKey.stsErrorCodes] = stsErrorCodes.map(String.init) }
        if let httpStatus { info[MSALUserInfoKey.httpResponseCode] = String(httpStatus) }
        if let retryAfterSeconds { info[MSALUserInfoKey.httpHeaders] = ["Retry-After": String(retryAfterSeconds)] }
        if let code = b2cErrorCodes.first { info[MSALUserInfoKey.errorDescription] = "AADB2C\(code)" }
        var details = FailureDetails(classifying: NSError(domain: domain, code: code, userInfo: info))
        if details.action == nil || domain == ErrorCatalog.stsDomain || domain == ErrorCatalog.b2cDomain
            || form == .errorCodeField
        {
            details.action = entry?.action ?? details.action
        }
        return details
    }
}

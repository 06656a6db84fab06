import Foundation

extension FailureDetails {
    /// Reads everything a support engineer needs from `error`: an `NSError` keyed with MSAL's userInfo keys, a
    /// system error (NSURLErrorDomain, NSOSStatusErrorDomain), or any Swift `Error`. Unknown domains and codes are kept
    /// as they are, never dropped or guessed.
    ///
    /// The description is kept as free text; the trail's redactor scans it before anything is written.
    public init(classifying error: any Error) {
        let nsError = error as NSError
        let info = nsError.userInfo
        self.init(domain: nsError.domain, code: nsError.code)

        subcode = Self.integer(info[MSALUserInfoKey.internalErrorCode])
        oauthError = info[MSALUserInfoKey.oauthError] as? String
        oauthSuberror = info[MSALUserInfoKey.oauthSubError] as? String
        stsErrorCodes = (info[MSALUserInfoKey.stsErrorCodes] as? [Any])?.compactMap(Self.integer) ?? []
        httpStatus = Self.integer(info[MSALUserInfoKey.httpResponseCode])
        throttledByMSAL = Self.integer(info[MSALUserInfoKey.throttlingCacheHit]).map { $0 != 0 } ?? false
        grantedScopes = info[MSALUserInfoKey.grantedScopes] as? [String] ?? []
        declinedScopes = info[MSALUserInfoKey.declinedScopes] as? [String] ?? []
        message = info[MSALUserInfoKey.errorDescription] as? String
            ?? (info[NSLocalizedDescriptionKey] as? String)

        if let headers = info[MSALUserInfoKey.httpHeaders] as? [AnyHashable: Any] {
            let lookup = HTTPHeaderLookup(headers)
            retryAfterSeconds = lookup["Retry-After"].flatMap { RetryAfter.seconds(from: $0) }
            if let challenge = lookup["WWW-Authenticate"] {
                claimsChallenge = challenge.range(of: "claims=", options: .caseInsensitive) != nil
                    || challenge.range(of: "insufficient_claims", options: .caseInsensitive) != nil
            }
        }

        var chain = [String]()
        var next = info[NSUnderlyingErrorKey] as? NSError
        while let underlyingError = next, chain.count < 8 {
            chain.append("\(underlyingError.domain):\(underlyingError.code)")
            if stsErrorCodes.isEmpty {
                stsErrorCodes = (underlyingError.userInfo[MSALUserInfoKey.stsErrorCodes] as? [Any])?.compactMap(Self.integer) ?? []
            }
            next = underlyingError.userInfo[NSUnderlyingErrorKey] as? NSError
        }
        underlying = chain

        ErrorCatalog.annotate(&self)
    }

    private static func integer(_ value: Any?) -> Int? {
        switch value {
        case let number as NSNumber: number.intValue
        case let number as Int: number
        case let text as String: Int(text.trimmingCharacters(in: .whitespaces))
        default: nil
        }
    }
}

/// Case-insensitive access to HTTP headers from an NSDictionary.
private struct HTTPHeaderLookup {
    private var values: [String: String] = [:]

    init(_ headers: [AnyHashable: Any]) {
        for (key, value) in headers {
            guard let name = key as? String else { continue }
            values[name.lowercased()] = (value as? String) ?? (value as? NSNumber)?.stringValue
        }
    }

    subscript(name: String) -> String? { values[name.lowercased()] }
}

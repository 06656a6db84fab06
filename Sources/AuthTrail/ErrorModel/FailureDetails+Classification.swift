public import Foundation

extension FailureDetails {
    /// Reads everything a support engineer needs from `error`: an `NSError` keyed with MSAL's userInfo keys, a
    /// system error (NSURLErrorDomain, NSOSStatusErrorDomain), or any Swift `Error`. Unknown domains and codes are kept
    /// as they are, never dropped or guessed.
    ///
    /// The description is kept as free text; the trail's redactor scans it before anything is written. The content
    /// of a claims challenge, tokens in `MSALInvalidResultKey` and the user identifiers MSAL attaches are never read.
    ///
    /// - Parameters:
    ///   - error: what MSAL (or the system, or the app) threw.
    ///   - now: the time an HTTP-date `Retry-After` is measured from; the trail's clock when a recorder classifies.
    public init(classifying error: any Error, now: Date = Date()) {
        let nsError = error as NSError
        let info = nsError.userInfo
        self.init(domain: nsError.domain, code: nsError.code)

        subcode = Self.integer(info[MSALUserInfoKey.internalErrorCode])
        oauthError = info[MSALUserInfoKey.oauthError] as? String
        oauthSuberror = info[MSALUserInfoKey.oauthSubError] as? String
        stsErrorCodes = Self.integers(info[MSALUserInfoKey.stsErrorCodes])
        httpStatus = Self.integer(info[MSALUserInfoKey.httpResponseCode])
        throttledByMSAL = Self.integer(info[MSALUserInfoKey.throttlingCacheHit]).map { $0 != 0 } ?? false
        grantedScopes = Self.strings(info[MSALUserInfoKey.grantedScopes])
        declinedScopes = Self.strings(info[MSALUserInfoKey.declinedScopes])
        correlationID =
            (info[MSALUserInfoKey.correlationID] as? String)
            ?? (info[MSALUserInfoKey.correlationID] as? UUID)?.uuidString
        message =
            info[MSALUserInfoKey.errorDescription] as? String
            ?? (info[NSLocalizedDescriptionKey] as? String)
        if message == nil, !(type(of: error) is NSError.Type) {
            // A Swift error that is not an NSError: its description is all there is (scanned like any free text).
            message = String(String(describing: error).prefix(Self.maximumMessageLength))
        }

        if let headers = info[MSALUserInfoKey.httpHeaders] as? [AnyHashable: Any] {
            let lookup = HTTPHeaderLookup(headers)
            retryAfterSeconds = lookup["Retry-After"].flatMap { RetryAfter.seconds(from: $0, now: now) }
            // Only the presence of a challenge is kept; its claims (and realm, authorization URI) are never read.
            if let challenge = lookup["WWW-Authenticate"] {
                claimsChallenge =
                    challenge.range(of: "claims=", options: .caseInsensitive) != nil
                    || challenge.range(of: "insufficient_claims", options: .caseInsensitive) != nil
            }
        }

        var chain = [String]()
        var next = info[NSUnderlyingErrorKey] as? NSError
        while let underlyingError = next, chain.count < Self.maximumUnderlyingDepth {
            chain.append("\(underlyingError.domain):\(underlyingError.code)")
            let underlyingInfo = underlyingError.userInfo
            // MSAL lifts these from the underlying error itself since 1.5.1; older builds leave them there.
            if stsErrorCodes.isEmpty { stsErrorCodes = Self.integers(underlyingInfo[MSALUserInfoKey.stsErrorCodes]) }
            if httpStatus == nil { httpStatus = Self.integer(underlyingInfo[MSALUserInfoKey.httpResponseCode]) }
            if subcode == nil, nsError.domain != MSALUserInfoKey.msalErrorDomain || nsError.code == -50000 {
                subcode = Self.integer(underlyingInfo[MSALUserInfoKey.internalErrorCode])
            }
            next = underlyingInfo[NSUnderlyingErrorKey] as? NSError
        }
        underlying = chain

        ErrorCatalog.annotate(&self)
    }

    /// Deep enough for every chain MSAL builds (two or three levels); a cycle cannot loop forever.
    private static let maximumUnderlyingDepth = 8
    private static let maximumMessageLength = 2048

    /// An integer from userInfo: exact or nothing. `NSNumber.intValue` would turn 1e300 or 404.5 into some other
    /// integer (Int.min for 1e300 on Linux), so a number that is not exactly an `Int` reads as absent.
    private static func integer(_ value: Any?) -> Int? {
        switch value {
        case let number as NSNumber: Int(exactly: number)
        case let number as Int: number
        case let text as String: Int(text.trimmingCharacters(in: .whitespaces))
        default: nil
        }
    }

    private static func integers(_ value: Any?) -> [Int] {
        (value as? [Any])?.compactMap(integer) ?? []
    }

    private static func strings(_ value: Any?) -> [String] {
        if let array = value as? [Any] { return array.compactMap { $0 as? String } }
        if let set = value as? Set<String> { return set.sorted() }
        return []
    }
}

/// Case-insensitive access to HTTP headers from an NSDictionary.
private struct HTTPHeaderLookup {
    private var values: [String: String] = [:]

    init(_ headers: [AnyHashable: Any]) {
        for (key, value) in headers {
            guard let name = key as? String else { continue }
            let text =
                (value as? String) ?? (value as? NSNumber)?.stringValue
                ?? (value as? [String])?.joined(separator: ", ")
            values[name.lowercased()] = text
        }
    }

    subscript(name: String) -> String? { values[name.lowercased()] }
}

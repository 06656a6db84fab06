package import AuthTrail
import Foundation

/// What one MSAL log message says about its request, read from MSAL's own phrasing: which API it belongs to, what
/// the API returned, and the failures MSAL logged on the way. A pure function of the text (no I/O), reached by the
/// raw-log fuzz target. NSError descriptions, `(Domain, code)` phrases, `error: C error domain: D` phrases and AADSTS
/// codes are found by `PastedErrorScanner`, the parser `authtrail explain` uses; only MSAL's fixed sentences below are
/// matched here.
package struct MSALLogFacts: Sendable, Hashable {
    /// An error as a domain and a code.
    package struct Failure: Sendable, Hashable {
        package var domain: String
        package var code: Int
    }

    /// What an API call handed the app.
    package enum Result: Sendable, Hashable {
        /// `<api> returning with error: (D, C)`.
        case failed(Failure)
        /// `<api> returning with at: …` (a token).
        case succeeded
    }

    /// The kind of request the message names (`acquireTokenSilent…`, `Beginning interactive flow`, …).
    package var kind: TrailEvent.AcquisitionKind?
    /// What the API returned, when the message is MSAL's last word on the call.
    package var result: Result?
    /// A failure MSAL logged inside the request: an interactive or silent flow that finished with an error, an AAD
    /// error it processed, an error it encountered, an NSError it printed.
    package var internalFailures: [Failure] = []
    /// `Processing an AAD error with error code …, error <oauth error>, suberror <suberror>`.
    package var oauthError: String?
    package var oauthSuberror: String?
    /// `Keychain <operation> status: <status>` with a status other than 0.
    package var keychainStatus: Int?
    /// `Creating Error with description: <text>`.
    package var errorDescription: String?
    /// AADSTS codes in the message.
    package var stsErrorCodes: [Int] = []

    /// True when the message records a failure of any kind.
    package var recordsFailure: Bool {
        if case .failed = result { return true }
        return !internalFailures.isEmpty || keychainStatus != nil || errorDescription != nil
    }

    /// Messages longer than this are read for MSAL's phrases in their first part only (MSAL's own sentences are
    /// short; the rest is data).
    package static let scannedBytes = 16 << 10

    /// Reads `message`.
    package init(message: String) {
        let text =
            message.utf8.count > Self.scannedBytes
            ? String(decoding: Array(message.utf8.prefix(Self.scannedBytes)), as: UTF8.self) : message
        kind = Self.kind(in: text)
        // A code merely mentioned in a message (`Keychain find status: -34018`) is not the failure it records.
        let findings = PastedErrorScanner.errors(in: text).filter { $0.form != .mention }
        if let returning = text.firstRange(ofPhrase: " returning with error: ") {
            let tail = text[returning.upperBound...]
            if let finding = findings.first(where: { $0.form == .logLine && tail.contains(phrase: "(\($0.domain), ") })
            {
                result = .failed(Failure(domain: finding.domain, code: finding.code))
            }
            // The API named before "returning" decides the kind: acquireTokenSilent or acquireToken.
            kind = Self.apiKind(text[..<returning.lowerBound]) ?? kind
        } else if let returning = text.firstRange(ofPhrase: " returning with at: ") {
            result = .succeeded
            kind = Self.apiKind(text[..<returning.lowerBound]) ?? kind
        }
        for finding in findings where finding.depth == 0 && finding.domain != "AADSTS" && finding.domain != "AADB2C" {
            let failure = Failure(domain: finding.domain, code: finding.code)
            if case .failed(failure) = result { continue }
            if finding.code != 0 { internalFailures.append(failure) }
        }
        stsErrorCodes = findings.flatMap { $0.domain == "AADSTS" ? [$0.code] : $0.stsErrorCodes }
        if let flow = Self.flowError(in: text), !internalFailures.contains(flow) { internalFailures.append(flow) }
        // The code itself is one of the scanner's findings (MSIDOAuthErrorDomain, as IdentityCore creates it).
        if let aad = text.firstRange(ofPhrase: "Processing an AAD error with error code ") {
            let rest = text[aad.upperBound...]
            oauthError = Self.word(after: ", error ", in: rest)
            oauthSuberror = Self.word(after: ", suberror ", in: rest)
        }
        if let encountered = text.firstRange(ofPhrase: "Encountered error with code "),
            let code = Self.integer(prefixOf: text[encountered.upperBound...])
        {
            let failure = Failure(domain: "MSIDErrorDomain", code: code)
            if !internalFailures.contains(failure) { internalFailures.append(failure) }
        }
        if text.hasPrefix("Keychain "), let status = text.firstRange(ofPhrase: " status: "),
            let code = Self.integer(prefixOf: text[status.upperBound...]), code != 0
        {
            keychainStatus = code
        }
        if let description = text.firstRange(ofPhrase: "Creating Error with description: ") {
            // The rest of the line, whole or not at all: a cut could leave part of a secret the redactor no longer
            // recognises.
            let line = text[description.upperBound...].prefix { $0 != "\n" }
            if line.utf8.count <= 1024 { errorDescription = String(line) }
        }
    }

    // MARK: Phrases

    private static func kind(in text: String) -> TrailEvent.AcquisitionKind? {
        if text.contains(phrase: "acquireTokenSilent") || text.contains(phrase: "silent flow")
            || text.contains(phrase: "Silent flow")
        {
            return .silent
        }
        if text.contains(phrase: "acquireTokenWithParameters") || text.contains(phrase: "nteractive flow")
            || text.contains(phrase: "Beginning broker flow")
        {
            return .interactive
        }
        return nil
    }

    /// `acquireTokenSilent` → silent, `acquireToken…` → interactive, from the words before "returning".
    private static func apiKind(_ text: Substring) -> TrailEvent.AcquisitionKind? {
        guard let api = text.split(separator: " ").last else { return nil }
        if api.hasPrefix("acquireTokenSilent") { return .silent }
        if api.hasPrefix("acquireToken") { return .interactive }
        return nil
    }

    /// `Interactive flow finished. Result (null), error: -51700 error domain: MSIDErrorDomain`, also without the
    /// colons (`error -50002 error domain MSALErrorDomain`). Nil when the error is 0.
    private static func flowError(in text: String) -> Failure? {
        guard let finished = text.firstRange(ofPhrase: "flow finished") else { return nil }
        var rest = text[finished.upperBound...]
        guard let error = rest.firstRange(ofPhrase: "error") else { return nil }
        rest = rest[error.upperBound...].drop { $0 == ":" || $0 == " " }
        guard let code = integer(prefixOf: rest), code != 0, let domainLabel = rest.firstRange(ofPhrase: "error domain")
        else {
            return nil
        }
        let domain = rest[domainLabel.upperBound...].drop { $0 == ":" || $0 == " " }
            .prefix { $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" }
        guard !domain.isEmpty, domain != "null" else { return nil }
        return Failure(domain: String(domain), code: code)
    }

    /// A decimal integer (with an optional minus) at the start of `text`, at most 12 digits.
    private static func integer(prefixOf text: Substring) -> Int? {
        var rest = text
        let negative = rest.first == "-"
        if negative { rest = rest.dropFirst() }
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 12, let value = Int(digits) else { return nil }
        return negative ? -value : value
    }

    /// The OAuth error word after `label` (lower-case letters and underscores, as OAuth defines them, at most 64);
    /// nil for `(null)` or anything else.
    private static func word(after label: String, in text: Substring) -> String? {
        guard let range = text.firstRange(ofPhrase: label) else { return nil }
        let word = text[range.upperBound...].prefix { $0 != "," && $0 != " " && $0 != "\n" }
        guard !word.isEmpty, word.count <= 64, word.allSatisfy({ ("a"..."z").contains($0) || $0 == "_" }) else {
            return nil
        }
        return String(word)
    }
}

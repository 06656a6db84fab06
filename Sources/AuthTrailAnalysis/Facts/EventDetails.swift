import Foundation

/// The fields of an event that operation stories show and `LogRecord` does not hold, read from its line with
/// Foundation's parser (only for the few events a story keeps, so speed does not matter here). Text is bounded as it
/// is read: a story keeps up to 500 log lines, and a 74 KB input of 2 MB log bodies made `show` hold 3.3 GB.
package struct EventDetails: Sendable, Hashable {
    /// Bytes of a log body or an underlying error's description shown; a longer one is cut and says its length.
    static let textBytes = 2_048
    /// Underlying errors kept (MSAL nests a few).
    static let underlyingErrors = 16

    package var oauthError: String?
    package var oauthSuberror: String?
    package var claimsChallenge = false
    package var throttled = false
    package var underlying: [String] = []
    /// `body` of a `log` event.
    package var body: String?
    /// `log.source` of a `log` event.
    package var logSource: String?
    /// `retry.reason` of a `retry.wait` event.
    package var retryReason: String?

    /// The details in `line` (one NDJSON event); nil when it is not a JSON object (a waiting event's empty line).
    package init?(line: UnsafeRawBufferPointer) {
        guard !line.isEmpty,
            let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any]
        else { return nil }
        var shortened = 0  // not warned about: a shortened value shows its marker (`…#`)
        func value(_ key: String) -> String? {
            (object[key] as? String).map { LongValue.bounded($0, shortened: &shortened) }
        }
        oauthError = value("oauth.error")
        oauthSuberror = value("oauth.suberror")
        claimsChallenge = object["error.claims_challenge"] as? Bool ?? false
        throttled = object["msal.throttled"] as? Bool ?? false
        let underlying = object["error.underlying"] as? [String] ?? []
        self.underlying = underlying.prefix(Self.underlyingErrors).map(Self.cut)
        if underlying.count > Self.underlyingErrors {
            self.underlying.append("… and \(underlying.count - Self.underlyingErrors) more")
        }
        body = (object["body"] as? String).map(Self.cut)
        logSource = value("log.source")
        retryReason = value("retry.reason")
    }

    /// `text`, or its first `textBytes` (cut at a character) and how long it was.
    static func cut(_ text: String) -> String {
        let count = text.utf8.count
        guard count > textBytes else { return text }
        var text = text
        return text.withUTF8 { LongValue.prefix(of: UnsafeRawBufferPointer($0), upTo: textBytes) }
            + "… (\(count) bytes in all)"
    }
}

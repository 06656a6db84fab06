import Foundation

/// The fields of an event that operation stories show and `LogRecord` does not hold, read from its line with
/// Foundation's parser (only for the few events a story keeps, so speed does not matter here).
package struct EventDetails: Sendable, Hashable {
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
        oauthError = object["oauth.error"] as? String
        oauthSuberror = object["oauth.suberror"] as? String
        claimsChallenge = object["error.claims_challenge"] as? Bool ?? false
        throttled = object["msal.throttled"] as? Bool ?? false
        underlying = object["error.underlying"] as? [String] ?? []
        body = object["body"] as? String
        logSource = object["log.source"] as? String
        retryReason = object["retry.reason"] as? String
    }
}

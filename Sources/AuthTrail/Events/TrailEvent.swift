public import Foundation

/// One structured event in the trail: an acquisition attempt starting or ending, a retry wait, a bridged log line.
///
/// Events are written as one JSON object per line; `docs/SCHEMA.md` lists every field and its JSON name.
public struct TrailEvent: Sendable {
    /// When the event happened.
    public var timestamp: Date
    /// What happened, for example `acquisition.end`.
    public var name: Name
    public var severity: Severity
    /// Ties the attempts of one acquisition chain (silent, interactive fallback, retries) together.
    public var operationID: OperationID?
    /// 1 for the first attempt of an operation, 2 for the first retry or fallback, and so on.
    public var attempt: Int?
    public var kind: AcquisitionKind?
    public var scopes: [String]
    /// The authority's host, for example `login.microsoftonline.com`.
    public var authorityHost: String?
    /// MSAL's correlation id for the request.
    public var correlationID: String?
    public var duration: Duration?
    public var outcome: Outcome?
    /// What went wrong, for failed attempts.
    public var failure: FailureDetails?
    /// How long a retry driver waited before the next attempt, and why.
    public var wait: Duration?
    /// Free text: a log line's message. Scanned for PII before it is written.
    public var message: String?
    /// Extra string fields, written as-is under their keys. Scanned for PII before they are written.
    public var attributes: [String: String]
    /// Text that its source flagged as holding PII (MSAL's `containsPII`): redacted at the strictest level, whatever
    /// the trail's level.
    package var redactsStrictly = false

    public init(
        name: Name,
        severity: Severity = .info,
        timestamp: Date = Date(),
        operationID: OperationID? = nil,
        attempt: Int? = nil,
        kind: AcquisitionKind? = nil,
        scopes: [String] = [],
        authorityHost: String? = nil,
        correlationID: String? = nil,
        duration: Duration? = nil,
        outcome: Outcome? = nil,
        failure: FailureDetails? = nil,
        wait: Duration? = nil,
        message: String? = nil,
        attributes: [String: String] = [:]
    ) {
        self.timestamp = timestamp
        self.name = name
        self.severity = severity
        self.operationID = operationID
        self.attempt = attempt
        self.kind = kind
        self.scopes = scopes
        self.authorityHost = authorityHost
        self.correlationID = correlationID
        self.duration = duration
        self.outcome = outcome
        self.failure = failure
        self.wait = wait
        self.message = message
        self.attributes = attributes
    }
}

extension TrailEvent {
    /// An event name. Open set: unknown names read from newer logs are kept.
    public struct Name: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(stringLiteral value: String) { rawValue = value }

        /// An acquisition attempt began.
        public static let acquisitionStart: Self = "acquisition.start"
        /// An acquisition attempt ended, with its outcome.
        public static let acquisitionEnd: Self = "acquisition.end"
        /// A retry driver is waiting before the next attempt.
        public static let retryWait: Self = "retry.wait"
        /// A log line from the app (swift-log) or from MSAL's log callback.
        public static let log: Self = "log"
        /// The first line of every segment: who wrote it.
        public static let segmentStart: Self = "segment.start"
        /// The store dropped events under memory pressure or lost them to I/O errors; counts are attached.
        public static let dropped: Self = "store.dropped"
    }

    /// Silent (from the cache or a refresh token) or interactive (with UI).
    public enum AcquisitionKind: String, Sendable, Hashable, Codable, CaseIterable {
        case silent
        case interactive
    }

    /// How an attempt ended.
    public enum Outcome: String, Sendable, Hashable, Codable, CaseIterable {
        case success
        case failure
        /// The user cancelled (MSAL's userCanceled): not a fault, and retrying is optional.
        case cancelled
    }
}

/// Ties the attempts of one acquisition chain together. Random, so it identifies nothing outside the trail.
public struct OperationID: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A new random id.
    public init() { rawValue = UUID().uuidString.lowercased() }
    public var description: String { rawValue }
}

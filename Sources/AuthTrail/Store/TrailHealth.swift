public import Foundation

/// What the store has written, dropped and lost, and whether it is writing now.
public struct TrailHealth: Sendable, Hashable {
    /// Whether the writer can write.
    public enum Status: String, Sendable, Hashable {
        /// Writing normally.
        case writing
        /// The last write or segment creation failed (full disk, read-only or deleted folder); the writer retries with
        /// backoff and keeps queued events meanwhile, dropping by severity when the queue is full.
        case retrying
    }

    /// Whether the writer may touch files now.
    public enum Activity: String, Sendable, Hashable {
        /// In the foreground, or writing under background time the system granted.
        case active
        /// Outside the foreground with no background time: the writer touches no file, and what is recorded waits in
        /// memory until the system grants time (the trail asks for it when there is something to write) or the app
        /// is back.
        case paused
    }

    public var status: Status = .writing
    /// Paused or active, now.
    public var activity: Activity = .active
    /// When the writer last paused; nil if it never did.
    public var lastPause: Date?
    /// App events that reached a segment (the store's own `segment.start` and `store.dropped` lines are not counted).
    public var eventsWritten = 0
    /// Events `record` refused because the queue was full, per severity.
    public var droppedBySeverity: [Severity: Int] = [:]
    /// Events that were accepted but could not be written or were written to a segment that then failed (I/O error,
    /// full disk, a deleted file).
    public var eventsLost = 0
    /// Write failures so far.
    public var failures = 0
    /// The last write error, if any.
    public var lastError: String?
    /// Where the pseudonym key came from, as every segment's `redaction.key_store` says: `keychain`, `file`, or
    /// `file (keychain refused: <OSStatus>)` when the Keychain refused for good. Nil until the key is loaded.
    public var keyStore: String?
    /// The key id recorded in the log folder when this process's key differs (another process sharing the folder has
    /// its own key, or a backup was restored on another device): pseudonyms of the two keys are not comparable. Nil
    /// when they agree.
    public var recordedKeyID: String?

    /// Whether the processes writing this folder pseudonymize with different keys (`recordedKeyID`).
    public var isKeySplit: Bool { recordedKeyID != nil }

    /// Events dropped under memory pressure, all severities together.
    public var eventsDropped: Int { droppedBySeverity.values.reduce(0, +) }
}

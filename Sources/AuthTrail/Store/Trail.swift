import Foundation

/// The audit trail of an app's token acquisitions: records redacted events into zstd-compressed segments.
///
/// ```swift
/// let trail = try Trail(configuration: TrailConfiguration(directory: logsFolder))
/// let attempt = trail.beginAcquisition(.silent, scopes: ["User.Read"], authorityHost: "login.microsoftonline.com")
/// attempt.failed(error)   // or attempt.succeeded(correlationID: result.correlationId.uuidString)
/// ```
///
/// `record` only queues the event (no I/O, no compression, no waiting); a background thread redacts, serializes,
/// compresses and writes. The writer flushes every `flushInterval`, after every error-level event, when enough bytes
/// are pending, on `flush()` and on `shutdown()`. `Trail` never throws from a logging call and never takes the app
/// down: drops, losses and write failures are counted in `health`.
public final class Trail: Sendable {
    public let configuration: TrailConfiguration
    /// This install's random id, written into every event.
    public let installID: String
    package let redactor: Redactor
    private let queue: EventQueue
    private let signedInUser = Locked<String?>(nil)

    /// Opens (or creates) the log directory and its install identity, and starts the writer thread. The first segment
    /// is created with the first event; torn segments left by a crashed process are sealed then.
    public init(configuration: TrailConfiguration) throws {
        self.configuration = configuration
        let directory = configuration.directory.path
        try SystemCalls.makeDirectory(directory, mode: 0o700)
        try? SystemCalls.setMode(directory, 0o700)
        let identity = try InstallIdentity.loadOrCreate(in: directory)
        installID = identity.installID
        redactor = Redactor(level: configuration.redactionLevel, key: identity.key, rules: configuration.redactionRules)
        queue = EventQueue(memoryLimitBytes: configuration.memoryLimitBytes, wakeBytes: configuration.flushBufferBytes)
        StoreWriter.start(StoreWriter(queue: queue, configuration: configuration, installID: installID, redactor: redactor))
    }

    deinit { queue.stop() }

    /// Queues `event` for the writer, which redacts it before it is written. Never blocks and never throws.
    /// - Returns: false when the queue was full and the event was dropped (counted in `health`).
    @discardableResult
    public func record(_ event: TrailEvent) -> Bool {
        queue.enqueue(event)
    }

    /// Makes everything recorded so far decodable from the files, even if the process dies right after, and waits for
    /// the writer to do it.
    /// - Parameter timeout: how long to wait; the flush still happens later if the writer is busy or retrying.
    /// - Returns: true when the flush finished within `timeout`.
    @discardableResult
    public func flush(timeout: Duration = .seconds(5)) -> Bool {
        queue.flush(timeout: timeout)
    }

    /// Writes what is queued and ends the current segment cleanly. Call when the app goes to the background or exits;
    /// recording again afterwards starts a new segment.
    /// - Returns: true when the segment was closed within `timeout`.
    @discardableResult
    public func shutdown(timeout: Duration = .seconds(5)) -> Bool {
        queue.close(timeout: timeout)
    }

    /// Names the signed-in account (for example `account.username` or its home account id) for the acquisition events
    /// that follow, as `enduser.id`. The writer replaces it with a keyed pseudonym like any identifier, so the report can
    /// count the users a failure affects without showing who they are. `nil` after sign-out.
    public func setUser(_ identifier: String?) {
        signedInUser.withLock { $0 = identifier }
    }

    /// `enduser.id` for an acquisition event, when a user is set.
    var userAttributes: [String: String] {
        signedInUser.withLock { user in user.map { [FieldName.endUserID: $0] } ?? [:] }
    }

    /// What the store wrote, dropped and lost, and whether it is writing.
    public var health: TrailHealth { queue.currentHealth }
}

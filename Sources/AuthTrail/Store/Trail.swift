public import Foundation

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
/// are pending, on `flush()` and on `shutdown()`. On iOS, iPadOS and visionOS the trail follows the app's lifecycle
/// itself (`TrailConfiguration.observesLifecycle`): outside the foreground it writes only under background time it
/// asks the system for, and holds no file lock when that time ends. `Trail` never throws from a logging call and
/// never takes the app down: drops, losses and write failures are counted in `health`.
public final class Trail: Sendable {
    public let configuration: TrailConfiguration
    private let queue: EventQueue
    private let identity = Locked<InstallIdentity?>(nil)
    private let signedInUser = Locked<String?>(nil)
    private let lifecycleObserver: LifecycleObserver?

    /// Starts the writer thread, which creates the log folder, reads (or creates) the install identity and seals torn
    /// segments left by a crashed process. Nothing here touches the disk: before the first unlock after a restart, or
    /// while the folder refuses writes, the trail starts degraded (events wait in the queue within its cap, `health`
    /// says why) and recovers on its own.
    /// - Throws: `TrailConfiguration.Invalid` when the configuration cannot work (a folder that is not a file URL).
    public init(configuration: TrailConfiguration) throws {
        guard configuration.directory.isFileURL else {
            throw TrailConfiguration.Invalid(reason: "the trail's directory must be a file URL")
        }
        self.configuration = configuration
        queue = EventQueue(
            memoryLimitBytes: configuration.memoryLimitBytes, wakeBytes: configuration.flushBufferBytes,
            startsInBackground: configuration.observesLifecycle && configuration.lifecycle.startsInBackground,
            backgroundExecution: configuration.lifecycle.backgroundExecution)
        // Only where the system suspends processes: elsewhere (macOS, Linux) there is nothing to pause for.
        let lifecycle = configuration.lifecycle
        lifecycleObserver =
            configuration.observesLifecycle && lifecycle.startsInBackground ? LifecycleObserver(queue: queue) : nil
        StoreWriter.start(StoreWriter(queue: queue, configuration: configuration, published: identity))
    }

    /// This install's random id, written into every event; nil until the writer has read or created it.
    public var installID: String? { identity.withLock { $0?.installID } }

    /// The public fingerprint of the pseudonym key (`redaction.key_id` in every segment); nil until it is loaded.
    public var redactionKeyID: String? { identity.withLock { $0?.key.id } }

    deinit { queue.stop() }

    /// Queues `event` for the writer, which redacts it before it is written. Never blocks and never throws.
    /// - Returns: false when the queue was full and the event was dropped (counted in `health`).
    @discardableResult
    public func record(_ event: TrailEvent) -> Bool {
        queue.enqueue(event)
    }

    /// Makes everything recorded so far decodable from the files, even if the process dies right after, and waits for
    /// the writer to do it. A flush asked for while the writer is backing off after a failed write is tried at once.
    ///
    /// Blocks the calling thread (on a condition, which lends the writer no priority): prefer `flush() async`, and
    /// never call this on the main thread.
    /// - Parameter timeout: how long to wait; the flush still happens later if the writer is busy or retrying.
    /// - Returns: true when the flush finished within `timeout`.
    @discardableResult
    public func flush(timeout: Duration = .seconds(5)) -> Bool {
        queue.flush(timeout: timeout)
    }

    /// Makes everything recorded so far decodable from the files, suspending the caller's task (no thread waits).
    /// Once it returns, the trail holds no file lock until its next write (none in the background).
    /// - Returns: true when the flush finished within `timeout`.
    @discardableResult
    public func flush(timeout: Duration = .seconds(5)) async -> Bool {
        await queue.flush(timeout: timeout)
    }

    /// Writes what is queued, ends the current segment cleanly and makes it durable (fsync; `F_FULLFSYNC` on Apple
    /// platforms). Recording again afterwards starts a new segment. Blocks the calling thread: prefer
    /// `shutdown() async`.
    /// - Returns: true when the segment was closed within `timeout`.
    @discardableResult
    public func shutdown(timeout: Duration = .seconds(5)) -> Bool {
        queue.close(timeout: timeout)
    }

    /// `shutdown(timeout:)` without blocking a thread.
    @discardableResult
    public func shutdown(timeout: Duration = .seconds(5)) async -> Bool {
        await queue.close(timeout: timeout)
    }

    /// Pauses the writer at once, as the trail does by itself when the app leaves the foreground: for an app that
    /// set `TrailConfiguration.observesLifecycle` to false, from `applicationDidEnterBackground(_:)` (app-wide, never a
    /// single scene's `sceneDidEnterBackground`). Synchronous and idempotent; nothing to wait for and no background
    /// task to begin: the trail asks the system for the time to write what was recorded (an expiring activity), and
    /// for every later event recorded in the background (a background task, a refresh on a silent push), and holds no
    /// file lock once that time ends, so iOS does not end the suspended app for one (`0xdead10cc`).
    public func enterBackground() {
        queue.enterBackground()
    }

    /// Ends the pause `enterBackground()` began (`applicationWillEnterForeground(_:)`, or at the first activation when
    /// the app does not observe its lifecycle): the writer writes what waited and does what was due (interval flush,
    /// rotation, retention, sealing torn segments), and a retry waiting out its backoff is tried at once. Never blocks.
    public func enterForeground() {
        queue.enterForeground()
    }

    /// Call when protected data becomes available again, if the trail does not observe the lifecycle
    /// (`applicationProtectedDataDidBecomeAvailable(_:)`): a write the locked device refused (file protection
    /// `.complete`) is retried at once instead of at the end of its backoff, which can be 30 s. Never blocks.
    public func protectedDataDidBecomeAvailable() {
        queue.protectedData(available: true)
    }

    /// Segments that will not change again (closed by rotation or shutdown, or recovered after a crash), oldest
    /// first: what an app uploads. The active segments of running processes are not listed. Reads the end of every
    /// segment in the folder, on a thread of its own: the caller's task is suspended, its thread never waits.
    public func sealedSegments() async -> [URL] {
        let folder = configuration.directory
        return await OwnThread.run(named: "AuthTrail listing") {
            SegmentDirectory(path: folder.path).sealedSegmentNames().map { folder.appendingPathComponent($0) }
        }
    }

    /// Redacts `text` as the trail redacts events, with this install's key: pseudonyms match the ones in its segments.
    /// For text a user pastes into a support request from inside the app (the key never leaves the device, so
    /// `authtrail redact` elsewhere cannot match them). Nil until the writer has loaded the key.
    public func redact(text: String) -> String? {
        guard let key = identity.withLock({ $0?.key }) else { return nil }
        let redactor = Redactor(level: configuration.redactionLevel, key: key, rules: configuration.redactionRules)
        return redactor.redact(text: text)
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

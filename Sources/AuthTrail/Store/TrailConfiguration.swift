public import Foundation

/// How a `Trail` stores events. The defaults suit an app: mask all PII, zstd level 1, a 4 MiB memory cap, a flush
/// every second (and after every error), 4 MiB segments, at most 16 segments, 32 MiB and 14 days on disk.
public struct TrailConfiguration: Sendable {
    /// The folder segments go to (created with mode 0700).
    public var directory: URL
    public var app: AppInfo
    /// The MSAL set-up the app passes on, recorded with what the app's Info.plist and Keychain show in every
    /// segment's `app.configuration` event (hosts and schemes only). None by default: the Info.plist facts are still
    /// recorded.
    public var msal: MSALSetup?
    /// Where the `app.configuration` facts are read: the running app, or a test's Info.plist and Keychain.
    package var appConfigurationSource = AppConfigurationSource.current
    /// Whether the trail follows the app's lifecycle itself (on by default): it pauses when the app leaves the
    /// foreground (app-wide, not per scene) or an extension's host does, writes what is recorded in the background
    /// under background time it asks the system for, and resumes when the app is back. Off, the app calls
    /// `Trail.enterBackground()` and `Trail.enterForeground()` itself.
    public var observesLifecycle = true
    /// How the platform runs this process (suspension, extension, background time); a test plays other shapes.
    package var lifecycle = ProcessLifecycle.current
    public var redactionLevel: RedactionLevel
    /// The app's additions to the built-in redaction (extra secret or identifier field names, allowed values,
    /// patterns). None by default.
    public var redactionRules = RedactionRules()
    /// zstd level. 1 by measurement: on auth events it is both faster and smaller than 3 (12.8x against 11.9x at
    /// 64 KiB flushes, 15.1x against 14.8x under the flush policy); levels 5-9 gain little and cost 4-6x the time
    /// (docs/BENCHMARKS.md, "Store").
    public var compressionLevel: Int
    /// fsync (`F_FULLFSYNC` on Apple platforms) at every flush and rotation. Off by default: a flush already survives
    /// a crash of the app (the bytes are in the kernel); fsync adds power-loss safety at the cost of disk latency on
    /// the writer thread. `shutdown()` always makes the segment it closes durable.
    public var synchronizeOnFlush: Bool
    /// The data-protection class of the folder and every file in it (Apple platforms).
    public var fileProtection: FileProtection
    /// Where the pseudonym key lives: the Keychain on Apple platforms, never the log folder.
    public var keyStore: KeyStore
    /// Called on the writer thread with each segment that will not change again: closed by rotation or shutdown, or
    /// recovered after a crash. For apps that upload logs; keep it short (hand the URL to a queue).
    public var onSegmentSealed: (@Sendable (URL) -> Void)?
    /// Also sends every event, after redaction, to the unified log (`os.Logger`, subsystem `AuthTrail`), its text
    /// with private interpolation, so it shows in Console.app. Apple platforms only; off by default.
    public var mirrorsToUnifiedLog: Bool
    /// Where timestamps and durations come from; the system clock unless a test or simulation injects one.
    public var clock: any TrailClock
    /// Memory the queue of events waiting for the writer may use. When it is full, `record` drops the event instead
    /// of waiting (debug and trace first: they may use half the cap, info three quarters, warnings 90 %, errors all).
    public var memoryLimitBytes: Int
    /// The writer flushes at least this often while events arrive (and at once after an error-level event).
    public var flushInterval: Duration
    /// The writer also flushes once this many uncompressed bytes were appended since the last flush.
    public var flushBufferBytes: Int
    /// When segments rotate and how many are kept.
    public var rotation: Rotation
    public var retention: Retention

    /// When the active segment is closed and a new one begun.
    public struct Rotation: Sendable, Hashable {
        /// Compressed bytes of the active segment.
        public var maxSegmentBytes: Int
        /// Age of the active segment.
        public var maxSegmentAge: Duration

        public init(maxSegmentBytes: Int = 4 << 20, maxSegmentAge: Duration = .seconds(24 * 3600)) {
            self.maxSegmentBytes = maxSegmentBytes
            self.maxSegmentAge = maxSegmentAge
        }
    }

    /// Which closed segments are deleted (oldest first) after every rotation and at start. The active segment of any
    /// live process is never deleted.
    public struct Retention: Sendable, Hashable {
        /// Segments kept, the active one included.
        public var maxSegmentCount: Int
        /// Bytes of all segments in the folder (every process's).
        public var maxTotalBytes: Int
        /// Segments whose last write is older than this are deleted.
        public var maxAge: Duration

        public init(maxSegmentCount: Int = 16, maxTotalBytes: Int = 32 << 20, maxAge: Duration = .seconds(14 * 86400)) {
            self.maxSegmentCount = maxSegmentCount
            self.maxTotalBytes = maxTotalBytes
            self.maxAge = maxAge
        }
    }

    /// A configuration `Trail.init` refuses.
    public struct Invalid: Error, Sendable, CustomStringConvertible {
        public var reason: String
        public var description: String { reason }
    }

    /// - Parameters:
    ///   - directory: where segments go, for example Application Support/AuthTrail or an App Group container's
    ///     Library/Application Support/AuthTrail when an app and its extensions share one trail.
    ///   - app: the app's identifier and version, recorded in every segment.
    ///   - msal: the MSAL set-up the app passes on for the `app.configuration` event (none).
    ///   - redactionLevel: how much the redactor hides (all PII).
    ///   - compressionLevel: the zstd level (1).
    ///   - synchronizeOnFlush: fsync at every flush and rotation (off).
    ///   - fileProtection: the data-protection class (complete until first user authentication).
    ///   - keyStore: where the pseudonym key lives (`KeyStore.platformDefault`).
    ///   - onSegmentSealed: called on the writer thread with each segment that will not change again (none).
    ///   - mirrorsToUnifiedLog: also send every event, after redaction, to the unified log (off; Apple platforms).
    ///   - clock: where timestamps and durations come from (the system clock).
    ///   - memoryLimitBytes: the queue's memory cap (4 MiB).
    ///   - flushInterval: the longest time a recorded event waits before it is flushed (1 s).
    ///   - flushBufferBytes: uncompressed bytes appended since the last flush that trigger one (256 KiB).
    ///   - rotation: when the active segment is closed and a new one begun.
    ///   - retention: which closed segments are deleted.
    public init(
        directory: URL,
        app: AppInfo = .current,
        msal: MSALSetup? = nil,
        redactionLevel: RedactionLevel = .maskAllPII,
        compressionLevel: Int = 1,
        synchronizeOnFlush: Bool = false,
        fileProtection: FileProtection = .completeUntilFirstUserAuthentication,
        keyStore: KeyStore = .platformDefault,
        onSegmentSealed: (@Sendable (URL) -> Void)? = nil,
        mirrorsToUnifiedLog: Bool = false,
        clock: any TrailClock = SystemTrailClock(),
        memoryLimitBytes: Int = 4 << 20,
        flushInterval: Duration = .seconds(1),
        flushBufferBytes: Int = 256 << 10,
        rotation: Rotation = Rotation(),
        retention: Retention = Retention()
    ) {
        self.directory = directory
        self.app = app
        self.msal = msal
        self.redactionLevel = redactionLevel
        self.compressionLevel = compressionLevel
        self.synchronizeOnFlush = synchronizeOnFlush
        self.fileProtection = fileProtection
        self.keyStore = keyStore
        self.onSegmentSealed = onSegmentSealed
        self.mirrorsToUnifiedLog = mirrorsToUnifiedLog
        self.clock = clock
        self.memoryLimitBytes = memoryLimitBytes
        self.flushInterval = flushInterval
        self.flushBufferBytes = flushBufferBytes
        self.rotation = rotation
        self.retention = retention
    }
}

extension Duration {
    /// The duration in seconds, as a Double.
    package var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

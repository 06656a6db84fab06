public import Foundation

/// How a `Trail` stores events. The defaults suit an app: mask all PII, zstd level 3, 4 MiB segments.
public struct TrailConfiguration: Sendable {
    /// The folder segments go to (created with mode 0700).
    public var directory: URL
    public var app: AppInfo
    public var redactionLevel: RedactionLevel
    /// zstd level; 3 is zstd's default and measured best for logs (see docs/BENCHMARKS.md).
    public var compressionLevel: Int
    /// fsync at every flush. Off by default: a flush already survives a crash of the app; fsync adds power-loss safety
    /// at the cost of disk latency on the writer thread.
    public var synchronizeOnFlush: Bool
    /// Where timestamps and durations come from; the system clock unless a test or simulation injects one.
    public var clock: any TrailClock

    /// - Parameters:
    ///   - directory: where segments go, for example Application Support/AuthTrail.
    ///   - app: the app's identifier and version, recorded in every segment.
    public init(
        directory: URL,
        app: AppInfo = .current,
        redactionLevel: RedactionLevel = .maskAllPII,
        compressionLevel: Int = 3,
        synchronizeOnFlush: Bool = false,
        clock: any TrailClock = SystemTrailClock()
    ) {
        self.directory = directory
        self.app = app
        self.redactionLevel = redactionLevel
        self.compressionLevel = compressionLevel
        self.synchronizeOnFlush = synchronizeOnFlush
        self.clock = clock
    }
}

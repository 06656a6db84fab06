package import AuthTrail
import Foundation

/// One segment file read as its writer appends to it: the descriptor stays open and the decoder keeps its place, so
/// each `read` decodes only the bytes written since the last one, and a frame or line the writer has not finished
/// yet waits for the next read instead of being reported torn.
///
/// A `final class` because it owns the open descriptor (`deinit` closes it).
package final class FollowedFile {
    /// What a read found about the file's state.
    package enum State: Sendable, Equatable {
        /// It may still grow: keep following it.
        case open
        /// Sealed, or left unsealed by a writer that is gone: everything in it was read and reported.
        case finished
        /// Deleted (retention, a user) or replaced (a torn segment rewritten and sealed by the next writer) while
        /// followed: dropped quietly, since what it held was already read.
        case removed
    }

    package let path: String
    private let descriptor: Int32
    private let identity: FileIdentity
    /// The report's reader, in its live mode: it keeps its place in the file between reads.
    private var reader: SegmentReader
    private var source: FileDescriptorSource
    private var bytesRead = 0
    /// How long a file no running writer holds must stay unchanged before its unfinished end counts as torn.
    private let quietPeriod: Duration
    /// The file's size and modification time at the last read, and when this process first saw them.
    private var lastSeen: (size: Int, modified: Double, since: ContinuousClock.Instant)
    /// How long plain text must stop growing before the record it ends with is given (`SegmentReader.settleText`).
    private let textSettlePeriod: Duration
    /// When the text last grew; nil once its last record was given (or the file is not text).
    private var textGrewAt: ContinuousClock.Instant?

    /// What a follower may hold per file: lines are released block by block (a live view cannot wait for the
    /// checksum at the end of a 1 MiB frame); otherwise the bounds torn-segment sealing uses.
    static let limits: ZstdStreamReader.Limits = {
        var limits = SegmentDirectory.recoveryLimits
        limits.unverifiedFrameBytes = 0
        return limits
    }()

    /// Opens `path` for following from its first byte.
    /// - Parameter quietPeriod: how long a file whose name names no running writer (copied, synced, written by a
    ///   collector) must stay unchanged before an unfinished end is reported torn; `.zero` reads it as it is now.
    /// - Parameter textSettlePeriod: how long plain text must stop growing before its last record is printed (a
    ///   record is otherwise whole only once the next one starts).
    package init(
        path: String, quietPeriod: Duration, textSettlePeriod: Duration = TrailFollower.textSettlePeriod
    ) throws(SystemError) {
        self.path = path
        self.quietPeriod = quietPeriod
        self.textSettlePeriod = textSettlePeriod
        descriptor = try SystemCalls.open(path, write: false)
        let status: FileStatus
        reader = SegmentReader(limits: Self.limits)
        do throws(SystemError) {
            status = try SystemCalls.status(descriptor)
            // ENOMEM: the only way creating a decompression context fails.
            if let error = reader.unavailable { throw SystemError(errno: 12, operation: "zstd: \(error)") }
        } catch {
            SystemCalls.close(descriptor)
            throw error
        }
        identity = status.identity
        lastSeen = (status.size, status.modified, .now)
        source = FileDescriptorSource(descriptor: descriptor)
    }

    deinit { SystemCalls.close(descriptor) }

    /// Decodes what was written since the last read into `consumer` and says whether the file may still grow, with
    /// one-line warnings (file and byte offset) for what could not be decoded.
    ///
    /// The file is finished once it is known to be complete: it ends with a seal, or no running writer can still
    /// append to it (`SegmentDirectory.mayBeLive`: its process is gone) and either what it holds ends between two
    /// frames or it has been still for the quiet period. So a copy under way (no writer named, still growing) caught
    /// inside a frame is followed on instead of being called torn, while a whole file is closed at once (its
    /// descriptor and decoder are not held).
    ///
    /// `shouldStop` is asked before each read of the file (128 KiB): once it says yes, the read ends where it is, so a
    /// stop signal is honoured within a long file, or a device that never ends.
    package func read(
        into consumer: inout some LogConsumer, shouldStop: @escaping () -> Bool = { false }
    ) -> (state: State, warnings: [String]) {
        guard let status = try? SystemCalls.status(descriptor), status.links > 0,
            (try? SystemCalls.status(path: path))?.identity == identity
        else { return (.removed, []) }
        var summary = InputSummary(path: path)
        let readBefore = bytesRead
        if status.size != bytesRead {
            if decode(final: false, into: &consumer, summary: &summary, shouldStop: shouldStop) {
                return (.open, summary.warnings)
            }
        }
        // Growth is what was read: a file cut shorter than what was read (truncated in place) is not growing.
        if bytesRead != readBefore {
            textGrewAt = reader.readsText ? .now : nil
        } else if let grewAt = textGrewAt, ContinuousClock.now - grewAt >= textSettlePeriod {
            reader.settleText(into: &consumer, summary: &summary)
            textGrewAt = nil
        }
        // A sealed file ends with its seal; anything else may be a live segment its writer is still filling. Plain
        // text (an MSAL log a console writes) has no end to tell: it is followed until it is removed, unless it is
        // read once (no quiet period).
        let complete = {
            self.reader.readsText
                ? self.quietPeriod == .zero : self.reader.endsBetweenFrames || self.isStill(status)
        }
        if SegmentDirectory.isSealed(descriptor, size: bytesRead) || (!mayBeLive() && complete()) {
            let before = summary
            // Stopped before its end: what the reader said of the cut is not the file's damage. The reader has let
            // go of its unfinished end, so the file is not read again.
            if decode(final: true, into: &consumer, summary: &summary, shouldStop: shouldStop) {
                return (.finished, before.warnings)
            }
            return (.finished, summary.warnings)
        }
        return (.open, summary.warnings)
    }

    /// Whether nothing has written the file for the quiet period: by its modification time, or unchanged over that
    /// long of this process's own clock (for a file whose clock runs ahead of this machine's). A share whose clock
    /// lags this machine's by more than the quiet period can make a copy under way look still at its first look.
    private func isStill(_ status: FileStatus) -> Bool {
        let now = ContinuousClock.now
        if status.size != lastSeen.size || status.modified != lastSeen.modified {
            lastSeen = (status.size, status.modified, now)
        }
        return Date().timeIntervalSince1970 - status.modified >= quietPeriod.seconds
            || now - lastSeen.since >= quietPeriod
    }

    private func mayBeLive() -> Bool {
        let url = URL(fileURLWithPath: path)
        return SegmentDirectory(path: url.deletingLastPathComponent().path)
            .mayBeLive(url.lastPathComponent, active: nil)
    }

    /// Decodes into `consumer`; true when `shouldStop` ended it early.
    private func decode(
        final: Bool, into consumer: inout some LogConsumer, summary: inout InputSummary,
        shouldStop: @escaping () -> Bool
    ) -> Bool {
        var stoppable = StoppableSource(base: source, shouldStop: shouldStop)
        reader.readLive(from: &stoppable, final: final, into: &consumer, summary: &summary)
        source = stoppable.base
        bytesRead = reader.bytesRead
        return stoppable.stopped
    }

    /// A source that ends (reads 0 bytes) once `shouldStop` says so.
    private struct StoppableSource: ByteSource {
        var base: FileDescriptorSource
        let shouldStop: () -> Bool
        private(set) var stopped = false

        init(base: FileDescriptorSource, shouldStop: @escaping () -> Bool) {
            self.base = base
            self.shouldStop = shouldStop
        }

        mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int {
            if stopped || shouldStop() {
                stopped = true
                return 0
            }
            return try base.read(into: buffer)
        }
    }
}

import Foundation

/// The audit trail of an app's token acquisitions: records redacted events into zstd-compressed segments.
///
/// ```swift
/// let trail = try Trail(configuration: TrailConfiguration(directory: logsFolder))
/// let attempt = trail.beginAcquisition(.silent, scopes: ["User.Read"], authorityHost: "login.microsoftonline.com")
/// attempt.failed(error)   // or attempt.succeeded(correlationID: result.correlationId.uuidString)
/// ```
///
/// `Trail` never throws from a logging call and never takes the app down: write failures are counted in `health`.
public final class Trail: Sendable {
    public let configuration: TrailConfiguration
    /// This install's random id, written into every event.
    public let installID: String
    package let redactor: Redactor
    private let state: Locked<State>

    private struct State {
        var writer: SegmentWriter?
        var sequence = 0
        var segmentSequence = 0
        var encoder = JSONLineWriter()
        var health = TrailHealth()
    }

    /// Opens (or creates) the log directory and its install identity.
    public init(configuration: TrailConfiguration) throws {
        self.configuration = configuration
        let directory = configuration.directory.path
        try SystemCalls.makeDirectory(directory, mode: 0o700)
        let identity = try InstallIdentity.loadOrCreate(in: directory)
        installID = identity.installID
        redactor = Redactor(level: configuration.redactionLevel, key: identity.key)
        state = Locked(State())
    }

    /// Records `event` after redacting it. Never throws; a failure to write is counted in `health`.
    public func record(_ event: TrailEvent) {
        let redacted = redactor.redact(event)
        state.withLock { state in
            do {
                let writer = try currentWriter(&state, at: redacted.timestamp)
                state.sequence += 1
                state.encoder.removeAll()
                redacted.encode(into: &state.encoder, context: EventContext(installID: installID, sequence: state.sequence))
                try writer.append(lines: state.encoder.bytes, count: 1)
                state.health.eventsWritten += 1
                if redacted.severity >= .error { try writer.flush(durable: configuration.synchronizeOnFlush) }
            } catch {
                state.health.eventsLost += 1
                state.health.lastError = String(describing: error)
                state.writer = nil
            }
        }
    }

    /// Makes everything recorded so far decodable from the files, even if the process dies right after.
    public func flush() {
        state.withLock { state in
            do {
                try state.writer?.flush(durable: configuration.synchronizeOnFlush)
            } catch {
                state.health.lastError = String(describing: error)
                state.writer = nil
            }
        }
    }

    /// Ends the current segment cleanly. Call when the app goes to the background or exits.
    public func shutdown() {
        state.withLock { state in
            do {
                try state.writer?.close(durable: true)
            } catch {
                state.health.lastError = String(describing: error)
            }
            state.writer = nil
        }
    }

    /// Counters describing what the store wrote and lost.
    public var health: TrailHealth { state.withLock { $0.health } }

    private func currentWriter(_ state: inout State, at date: Date) throws -> SegmentWriter {
        if let writer = state.writer { return writer }
        state.segmentSequence += 1
        let os = SegmentMetadata.currentOperatingSystem
        let metadata = SegmentMetadata(
            installID: installID, appID: configuration.app.identifier, appVersion: configuration.app.version,
            osName: os.name, osVersion: os.version, libraryVersion: authTrailLibraryVersion,
            zstdVersion: zstdLibraryVersion, processID: Int(SystemCalls.processID),
            segmentSequence: state.segmentSequence, createdAt: Timestamp.string(configuration.clock.now()),
            redactionLevel: configuration.redactionLevel, redactionKeyID: redactor.keyID,
            compressionLevel: configuration.compressionLevel)
        let writer = try SegmentWriter(
            directory: configuration.directory.path, metadata: metadata,
            compressionLevel: Int32(configuration.compressionLevel))
        state.sequence += 1
        state.encoder.removeAll()
        metadata.startEvent(at: date).encode(into: &state.encoder, context: EventContext(installID: installID, sequence: state.sequence))
        try writer.append(lines: state.encoder.bytes, count: 1)
        state.writer = writer
        return writer
    }
}

/// What the store has written and lost.
public struct TrailHealth: Sendable, Hashable {
    public var eventsWritten = 0
    /// Events that could not be written (I/O errors, full disk) or were dropped under memory pressure.
    public var eventsLost = 0
    /// The last write error, if any.
    public var lastError: String?
}

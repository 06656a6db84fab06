import Foundation

extension StoreWriter {
    /// The earliest time among `events` as the writer writes it (whole milliseconds, `Timestamp.write`); nil for none.
    static func earliestWrittenTime(of events: ArraySlice<TrailEvent>) -> Double? {
        var earliest: Double?
        for event in events {
            let time = writtenMilliseconds(event.timestamp)
            if earliest.map({ time < $0 }) ?? true { earliest = time }
        }
        return earliest
    }

    /// `date` in whole milliseconds as `Timestamp.write` writes it: rounded down, clamped to the writable range, NaN
    /// as its start. Comparing these, not dates, keeps the promise for what readers see.
    static func writtenMilliseconds(_ date: Date) -> Double {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded(.down)
        guard !milliseconds.isNaN else { return Timestamp.writableMilliseconds.lowerBound }
        let writable = Timestamp.writableMilliseconds
        return min(max(milliseconds, writable.lowerBound), writable.upperBound)
    }

    /// The start to stamp on a segment opened now for `pending`: now, or the earliest of those events when it is
    /// earlier. Events are stamped when they are recorded, before the writer takes them, so a segment stamped with the
    /// time it opens would start after the events it was opened for (docs/REPORT-JSON.md relies on it never doing).
    static func start(now: Date, holding pending: ArraySlice<TrailEvent>) -> Date {
        var start = now
        var startTime = writtenMilliseconds(now)
        for event in pending {
            let time = writtenMilliseconds(event.timestamp)
            if time < startTime {
                start = event.timestamp
                startTime = time
            }
        }
        // A NaN time is written as the writable range's start: stamp that, not NaN.
        return start.timeIntervalSince1970.isNaN
            ? Date(timeIntervalSince1970: Timestamp.writableMilliseconds.lowerBound / 1000) : start
    }

    /// The `app.configuration` event for a segment starting at `date`, redacted; nil when there is no set-up to record.
    /// The facts are read once per process, here on the writer thread: the Keychain probe never runs on the app's.
    func appConfigurationEvent(at date: Date) -> TrailEvent? {
        if observedConfiguration == nil {
            observedConfiguration = .some(
                RecordedAppConfiguration(observing: configuration.appConfigurationSource, msal: configuration.msal))
        }
        guard let recorded = observedConfiguration ?? nil, let redactor else { return nil }
        var event = recorded.event(at: date)
        redactor.redact(&event)
        return event
    }

    func nextMetadata(createdAt: Date) -> SegmentMetadata {
        segmentSequence += 1
        let os = SegmentMetadata.currentOperatingSystem
        return SegmentMetadata(
            installID: identity?.installID ?? "", appID: configuration.app.identifier,
            appVersion: configuration.app.version,
            osName: os.name, osVersion: os.version, libraryVersion: authTrailLibraryVersion,
            zstdVersion: zstdLibraryVersion, processID: Int(SystemCalls.processID),
            segmentSequence: segmentSequence, createdAt: Timestamp.string(createdAt),
            redactionLevel: configuration.redactionLevel, redactionKeyID: redactor?.keyID ?? "",
            compressionLevel: configuration.compressionLevel, redactionKeyStore: identity?.keySource,
            redactionRecordedKeyID: identity?.recordedKeyID)
    }
}

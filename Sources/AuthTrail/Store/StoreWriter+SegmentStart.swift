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
}

/// The input values `ReportBuilder` accepts and the caps on what it keeps per distinct value: the limits that keep
/// its arithmetic exact and its memory bounded whatever the input. docs/REPORT-JSON.md states the ranges,
/// docs/RELIABILITY.md ("Memory bounds") the caps.
package enum ReportBounds {
    // MARK: Accepted values (outside them a value is ignored, counted in `health.out_of_range_values` and warned about)

    /// `duration_ms`, rounded to whole milliseconds: up to 10^12 ms (about 31 years).
    package static let durationMilliseconds: ClosedRange<Int64> = 0...1_000_000_000_000
    /// Event times: what RFC 3339 with a four-digit year can say, 0000-01-01 to 9999-12-31 (UTC). The timestamp
    /// parser cannot produce anything else but offsets of up to ±99:99 at the two ends.
    package static let timestampMilliseconds: ClosedRange<Int64> = -62_167_219_200_000...253_402_300_799_999
    /// `http.retry_after_s`: up to a year.
    package static let retryAfterSeconds: ClosedRange<Double> = 0...31_536_000
    /// `dropped.total` on one `store.dropped` event.
    package static let droppedCount: ClosedRange<Int> = 0...1_000_000_000
    /// `attempt`: numbered from 1 by the writer.
    package static let attempt: ClosedRange<Int> = 1...1_000_000
    /// `http.response.status_code`.
    package static let httpStatus: ClosedRange<Int> = 100...599
    /// One code of `sts.error_codes` (AADSTS codes have up to seven digits).
    package static let stsCode: ClosedRange<Int> = 1...99_999_999
    /// Bytes of UTF-8 in a string value (an id, a name, a domain, a version; DNS names reach 253): a longer one is
    /// kept shortened (`LongValue`), and warned about.
    package static let stringBytes = 256

    // MARK: Caps on distinct values (beyond them, values fold into an "(other)" row)

    /// Distinct `acquisition.kind` values with a row of their own in `kinds`.
    package static let kinds = 256
    /// Distinct (`acquisition.kind`, `outcome`) pairs with a row of their own in `latency`.
    package static let latencyRows = 64
    /// Distinct (`error.domain`, `error.code`, `error.subcode`) groups with a row of their own in `patterns`.
    package static let patterns = 1_000
    /// Distinct AADSTS codes with a row of their own in `sts_patterns`.
    package static let stsPatterns = 1_000
    /// Distinct values of each breakdown dimension (`app.version`, `os.version`, `msal.version`, `server.address`)
    /// with a row of their own in `breakdowns`.
    package static let breakdownValues = 64
    /// Distinct (`error.domain`, `error.code`, `error.subcode`) groups with a row of their own per breakdown value.
    package static let breakdownPatterns = 100
    /// Distinct recorded set-ups (`app.configuration`) with a row of their own in `setups`.
    package static let recordedSetups = 64
    /// App versions named per recorded set-up (`setups[].app_versions`, the newest); the others are counted.
    package static let setupAppVersions = 5

    // MARK: Distinct counts (exact up to the limit, then estimated from a sample)

    /// `input.devices`, `input.users`. Past it the sketch's sparse form has a standard error of about 0.012 % up to 4
    /// times the limit. 2^18 held two exact sets of 4 MB, and their growth: 10-13 MB more peak RSS in a report of a
    /// million installs (`authtrail-bench hostile`, devices).
    package static let exactDistinctInputs = 1 << 16
    /// `users` and `devices` of one pattern.
    package static let exactDistinctPerPattern = 1_024
    /// How many distinct values one "(other)" row folded.
    package static let exactDistinctFolded = 1 << 16

    // MARK: Per-device and per-operation state

    /// Stored attempts and pending starts over all open operations: above it, the least recently seen half of the
    /// open operations is closed, as above `OperationLimits.openOperations`. A report's attempt takes about 190 bytes
    /// as stored; 250,000 took 108 MB of peak RSS, 25,000 takes 42 MB (`authtrail-bench hostile`, open-retries).
    package static let storedAttemptsInOpenOperations = 25_000
    /// `acquisition.start` events one operation waits on (attempts started, not yet ended); the oldest is forgotten.
    package static let pendingStartsPerOperation = 64
    /// Installs whose device-storm window is kept; above it, the least recently used half is closed (an ongoing
    /// storm is counted as ended there).
    package static let deviceWindows = 16_384
    /// Installs whose latest event time is kept for the idle-operation sweep, besides those with open operations.
    package static let installClocks = 16_384
    /// Distinct minutes the timeline counts before it counts in coarser steps (always a divisor of the final
    /// bucket width, so the timeline is unchanged).
    package static let timelineSlots = 10_000
    /// Lines in `health.warnings`; the rest are counted in one last line.
    package static let warnings = 1_000
}

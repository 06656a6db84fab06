/// Attempts and failure patterns per app version, OS version, MSAL version and authority host, each capped
/// (`ReportBounds.breakdownValues` values, `ReportBounds.breakdownPatterns` patterns per value).
///
/// App and OS versions come from the install's latest `segment.start`, MSAL's version from its latest `log` event
/// carrying `msal.version`, both at or before the attempt in the install's time order (`InstallTimeOrder`); the
/// authority host from the attempt's own `server.address`.
struct BreakdownTables {
    static let dimensions = ["app.version", "os.version", "msal.version", "server.address"]

    private var tables = [CappedTable<String, ValueState>](
        repeating: CappedTable(cap: ReportBounds.breakdownValues), count: BreakdownTables.dimensions.count)
    private var install: String?
    private var appVersion: String?
    private var osVersion: String?
    private var msalVersion: String?

    /// Notes the versions an event states for its install (call for every event, filtered or not).
    mutating func note(_ record: LogRecord) {
        if record.installID != install {
            install = record.installID
            (appVersion, osVersion, msalVersion) = (nil, nil, nil)
        }
        if record.eventName == "segment.start" {
            appVersion = record.appVersion ?? appVersion
            osVersion = record.osVersion ?? osVersion
        }
        if let version = record.msalVersion { msalVersion = version }
    }

    /// Counts one attempt (`acquisition.end`); `pattern` is its failure pattern, if it has one.
    mutating func add(_ record: LogRecord, failed: Bool, pattern: PatternKey?) {
        let values = [appVersion, osVersion, msalVersion, record.authorityHost]
        for (index, value) in values.enumerated() {
            let value = value ?? Report.unknownLabel
            tables[index].update(value, hash: { DistinctCount.hash(value) }, make: { ValueState() }) {
                $0.add(failed: failed, pattern: pattern)
            }
        }
    }

    /// The breakdowns, values by attempts (most first, ties by value), the `otherLabel` row last.
    var breakdowns: [Report.Breakdown] {
        zip(Self.dimensions, tables).map { dimension, table in
            var values = table.rows.map { $0.value.row($0.key) }.sorted {
                ($1.attempts, $0.value) < ($0.attempts, $1.value)
            }
            if let other = table.other {
                var row = other.row(Report.otherLabel)
                row.foldedValues = table.folded.count
                values.append(row)
            }
            return Report.Breakdown(dimension: dimension, values: values)
        }
    }

    /// Warnings for the dimensions that folded values.
    var foldedWarnings: [String] {
        zip(Self.dimensions, tables).compactMap { dimension, table in
            guard table.other != nil else { return nil }
            return "report: \(table.folded.isExact ? "" : "about ")\(table.folded.count) distinct \(dimension) values "
                + "past the first \(ReportBounds.breakdownValues) are counted in one \(Report.otherLabel) breakdown row"
        }
    }
}

private struct ValueState {
    var attempts = 0
    var failures = 0
    var patterns = CappedTable<PatternKey, Int>(cap: ReportBounds.breakdownPatterns)

    mutating func add(failed: Bool, pattern: PatternKey?) {
        attempts += 1
        if failed { failures += 1 }
        if let pattern { patterns.update(pattern, hash: { pattern.stableHash }, make: { 0 }) { $0 += 1 } }
    }

    func row(_ value: String) -> Report.BreakdownValue {
        func rate(_ count: Int) -> Double { attempts == 0 ? 0 : Double(count) / Double(attempts) }
        var rows = patterns.rows.map {
            Report.BreakdownPattern(
                domain: $0.key.domain, code: $0.key.code, subcode: $0.key.subcode, count: $0.value, rate: rate($0.value))
        }.sorted(by: Self.moreFrequent)
        if let other = patterns.other {
            rows.append(Report.BreakdownPattern(domain: Report.otherLabel, count: other, rate: rate(other)))
        }
        return Report.BreakdownValue(
            value: value, attempts: attempts, failures: failures, failureRate: rate(failures), patterns: rows)
    }

    /// Most frequent first; ties as in `patterns` (domain, then code and sub-code, an absent one first).
    private static func moreFrequent(_ left: Report.BreakdownPattern, _ right: Report.BreakdownPattern) -> Bool {
        if left.count != right.count { return left.count > right.count }
        if left.domain != right.domain { return left.domain < right.domain }
        for (one, other) in [(left.code, right.code), (left.subcode, right.subcode)] where one != other {
            guard let one else { return true }
            guard let other else { return false }
            return one < other
        }
        return false
    }
}

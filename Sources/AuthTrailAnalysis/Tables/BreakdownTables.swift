import AuthTrail

/// Attempts and failure patterns per app version, OS version, MSAL version and authority host, each capped
/// (`ReportBounds.breakdownValues` values, `ReportBounds.breakdownPatterns` patterns per value).
///
/// App and OS versions come from the install's latest `segment.start`, MSAL's version from its latest event carrying
/// `msal.version`, at or before the attempt in the install's time order (`InstallTimeOrder`); attempts before the
/// first such event take the first one after it (a `segment.start` can be stamped by another clock than the events,
/// as in the demo), else `Report.unknownLabel`. The authority host is the attempt's own `server.address`.
struct BreakdownTables: ReportTable {
    static let dimensions = ["app.version", "os.version", "msal.version", "server.address"]
    /// The dimensions taken from earlier events of the install (all but the host).
    private static let versionDimensions = 3
    /// Distinct (failed, pattern) pairs of one install's attempts kept while its version is not known yet; past it,
    /// they count as `Report.unknownLabel`.
    private static let pendingKeys = 256

    private var tables = [CappedTable<HashedString, ValueState>](
        repeating: CappedTable(cap: ReportBounds.breakdownValues), count: BreakdownTables.dimensions.count)
    private var install: String?
    /// The current install's app, OS and MSAL versions.
    private var versions = [HashedString?](repeating: nil, count: BreakdownTables.versionDimensions)
    /// The last attempt's authority host: consecutive attempts mostly share it.
    private var host = BreakdownTables.unknown
    private static let unknown = HashedString(Report.unknownLabel)
    /// Per version dimension, the current install's attempts seen before its first version, by (failed, pattern).
    private var pending = [[PendingKey: Int]](repeating: [:], count: BreakdownTables.versionDimensions)

    /// Notes the versions an event states for its install (call for every event, filtered or not).
    mutating func note(_ record: LogRecord) {
        if record.installID != install {
            flushPending()
            install = record.installID
            versions = [HashedString?](repeating: nil, count: Self.versionDimensions)
        }
        if record.event == .segmentStart {
            state(record.appVersion, dimension: 0)
            state(record.osVersion, dimension: 1)
        }
        state(record.msalVersion, dimension: 2)
    }

    private mutating func state(_ version: String?, dimension: Int) {
        guard let version, version != versions[dimension]?.value else { return }
        let hashed = HashedString(version)
        if versions[dimension] == nil { apply(pending: dimension, to: hashed) }
        versions[dimension] = hashed
    }

    /// Counts one attempt (`acquisition.end`); `pattern` is its failure pattern, if it has one.
    mutating func add(_ record: LogRecord, failed: Bool, pattern: PatternKey?) {
        for (index, value) in versions.enumerated() {
            if let value {
                add(value, dimension: index, failed: failed, pattern: pattern, count: 1)
            } else {
                pending[index][PendingKey(failed: failed, pattern: pattern), default: 0] += 1
                if pending[index].count > Self.pendingKeys { apply(pending: index, to: Self.unknown) }
            }
        }
        let host = record.authorityHost ?? Report.unknownLabel
        if host != self.host.value { self.host = HashedString(host) }
        add(self.host, dimension: 3, failed: failed, pattern: pattern, count: 1)
    }

    /// Counts the current install's attempts still waiting for a version as `Report.unknownLabel` (call before
    /// reading the tables).
    mutating func flushPending() {
        for index in pending.indices { apply(pending: index, to: Self.unknown) }
    }

    private mutating func apply(pending index: Int, to value: HashedString) {
        // Sorted, so which values get rows when a table fills does not depend on dictionary order.
        for (key, count) in pending[index].sorted(by: { $0.key < $1.key }) {
            add(value, dimension: index, failed: key.failed, pattern: key.pattern, count: count)
        }
        pending[index].removeAll()
    }

    private mutating func add(_ value: HashedString, dimension: Int, failed: Bool, pattern: PatternKey?, count: Int) {
        tables[dimension].update(value, hash: { value.stableHash }, make: { ValueState() }) {
            $0.add(failed: failed, pattern: pattern, count: count)
        }
    }

    /// Adds `other`'s tables (`CappedTable.merge`). Both must hold no attempt waiting for a version
    /// (`flushPending()`), as after the end of an install.
    mutating func merge(_ other: Self) {
        for dimension in tables.indices {
            tables[dimension].merge(other.tables[dimension], hash: \.stableHash) { $0.merge($1) }
        }
    }

    /// The breakdowns, values by attempts (most first, ties by value), the `otherLabel` row last.
    var breakdowns: [Report.Breakdown] {
        zip(Self.dimensions, tables).map { dimension, table in
            var values = table.rows.map { $0.value.row($0.key.value) }.sorted {
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

    /// Call `flushPending()` first, as for `merge`.
    func finish(into report: inout Report) { report.breakdowns = breakdowns }
}

private struct ValueState {
    var attempts = 0
    var failures = 0
    var patterns = CappedTable<PatternKey, Int>(cap: ReportBounds.breakdownPatterns)

    mutating func add(failed: Bool, pattern: PatternKey?, count: Int) {
        attempts += count
        if failed { failures += count }
        if let pattern { patterns.update(pattern, hash: { pattern.stableHash }, make: { 0 }) { $0 += count } }
    }

    mutating func merge(_ other: Self) {
        attempts += other.attempts
        failures += other.failures
        patterns.merge(other.patterns, hash: \.stableHash, combine: +=)
    }

    func row(_ value: String) -> Report.BreakdownValue {
        func rate(_ count: Int) -> Double { attempts == 0 ? 0 : Double(count) / Double(attempts) }
        var rows = patterns.rows.map {
            Report.BreakdownPattern(
                domain: $0.key.domain, code: $0.key.code, subcode: $0.key.subcode, count: $0.value,
                rate: rate($0.value))
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

/// An attempt's outcome as a breakdown counts it.
private struct PendingKey: Hashable, Comparable {
    var failed: Bool
    var pattern: PatternKey?

    /// Any total order that is the same in every run will do (it decides which patterns get rows when one fills).
    private var text: String { "\(failed ? 1 : 0)|\(pattern?.text ?? "")" }

    static func < (left: Self, right: Self) -> Bool { left.text < right.text }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// The table's bucket without running `Hasher` (`StableHash`).
    func _rawHashValue(seed: Int) -> Int {
        StableHash.bucketHash((pattern?.fieldsHash ?? 0) ^ (failed ? 0x9e37_79b9_7f4a_7c15 : 0), seed: seed)
    }
}

extension BreakdownTables {
    static var facts: ReportFact.Kinds { [.read, .attempt, .ended] }

    mutating func update(_ fact: ReportFact, record: borrowing LogRecord) {
        switch fact {
        case .read: note(record)
        case .attempt(let attempt): add(record, failed: attempt.failed, pattern: record.failurePattern(of: attempt))
        case .ended: flushPending()
        default: break
        }
    }

    var warnings: [String] { foldedWarnings }
}

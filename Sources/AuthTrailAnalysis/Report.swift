public import Foundation

/// A summary of acquisitions: how many attempts of each kind ended how, and which errors failed them.
public struct Report: Sendable {
    /// Attempt outcomes for one acquisition kind.
    public struct KindTotals: Sendable, Hashable {
        public var kind: String
        public var attempts = 0
        public var successes = 0
        public var failures = 0
        public var cancellations = 0
        /// Successes over attempts, 0...1.
        public var successRate: Double { attempts == 0 ? 0 : Double(successes) / Double(attempts) }
    }

    /// Failed attempts that share a domain, code and sub-code.
    public struct FailureGroup: Sendable, Hashable {
        public var domain: String
        public var code: Int
        public var codeName: String?
        public var subcode: Int?
        public var subcodeName: String?
        public var stsErrorCodes: [Int]
        public var httpStatus: Int?
        public var action: String?
        public var count = 0
    }

    public var files = 0
    public var events = 0
    public var firstEvent: Date?
    public var lastEvent: Date?
    public var kinds: [KindTotals] = []
    public var failures: [FailureGroup] = []
    /// One-line warnings about input that could not be read whole.
    public var warnings: [String] = []

    /// Builds the report from the records of every input.
    public init(inputs: [SegmentReadResult]) {
        files = inputs.count
        var kindTotals: [String: KindTotals] = [:]
        var groups: [String: FailureGroup] = [:]
        for input in inputs {
            warnings += input.warnings
            for record in input.records {
                events += 1
                if let timestamp = record.timestamp {
                    firstEvent = min(firstEvent ?? timestamp, timestamp)
                    lastEvent = max(lastEvent ?? timestamp, timestamp)
                }
                guard record.eventName == "acquisition.end" else { continue }
                let kind = record.kind ?? "unknown"
                var totals = kindTotals[kind] ?? KindTotals(kind: kind)
                totals.attempts += 1
                switch record.outcome {
                case "success": totals.successes += 1
                case "cancelled": totals.cancellations += 1
                default: totals.failures += 1
                }
                kindTotals[kind] = totals
                guard record.outcome != "success", let domain = record.errorDomain, let code = record.errorCode else { continue }
                let key = "\(domain)|\(code)|\(record.errorSubcode.map(String.init) ?? "")|\(record.stsErrorCodes)"
                var group = groups[key] ?? FailureGroup(
                    domain: domain, code: code, codeName: record.errorCodeName, subcode: record.errorSubcode,
                    subcodeName: record.errorSubcodeName, stsErrorCodes: record.stsErrorCodes,
                    httpStatus: record.httpStatus, action: record.action)
                group.count += 1
                groups[key] = group
            }
        }
        kinds = kindTotals.values.sorted { $0.kind < $1.kind }
        failures = groups.values.sorted { ($0.count, $1.domain, $1.code) > ($1.count, $0.domain, $0.code) }
    }
}

/// What `authtrail report` shows: failure patterns and retry behaviour over a pile of segments or bundles.
///
/// Built by `ReportBuilder` in one streaming pass. Its JSON form (`renderJSON()`) is the stable schema documented in
/// docs/REPORT-JSON.md; times there are RFC 3339 UTC strings with milliseconds, durations are milliseconds.
public struct Report: Sendable, Codable, Hashable {
    /// The JSON schema version of this report.
    public var reportSchema = 1
    public var input = InputTotals()
    public var kinds: [KindTotals] = []
    /// Failed and cancelled attempts grouped by error domain, code and sub-code, most frequent first.
    public var patterns: [FailurePattern] = []
    /// The same attempts grouped by each AADSTS code they carry.
    public var stsPatterns: [FailurePattern] = []
    public var retries = RetryBehaviour()
    public var latency: [LatencyRow] = []
    /// Failure patterns by app version, OS version, MSAL version and authority host.
    public var breakdowns: [Breakdown] = []
    /// The comparison with a baseline pile (`compared(with:)`); absent without one.
    public var baseline: BaselineComparison?
    public var timeline = Timeline()
    public var health = WriterHealth()

    public init() {}

    /// The label of the row that gathers the values past a table's cap (`ReportBounds`): `kinds[].kind`,
    /// `latency[].kind` and `.outcome`, and `patterns[].domain` / `sts_patterns[].domain` of that row.
    public static let otherLabel = "(other)"

    /// Events read, from how many files and devices, over which time range.
    public struct InputTotals: Sendable, Codable, Hashable {
        public var files = 0
        /// Events that passed the filters.
        public var events = 0
        public var firstEvent: String?
        public var lastEvent: String?
        public var devices = 0
        /// Distinct `enduser.id` pseudonyms (0 when the app records none).
        public var users = 0
        public var filters: [String] = []
        /// The inputs read as raw MSAL log text, and what that means for the numbers; absent when there were none.
        public var rawLogs: RawLogs?
    }

    /// Attempt outcomes for one acquisition kind.
    public struct KindTotals: Sendable, Codable, Hashable {
        public var kind: String
        public var attempts = 0
        public var successes = 0
        public var failures = 0
        public var cancellations = 0
        /// Successes over attempts, 0...1.
        public var successRate = 0.0
        /// On the `otherLabel` row only: how many distinct kinds it gathers (an estimate above 65,536).
        public var foldedValues: Int?
    }

    /// Attempts that failed the same way.
    public struct FailurePattern: Sendable, Codable, Hashable {
        public var domain: String?
        public var code: Int?
        public var codeName: String?
        public var subcode: Int?
        public var subcodeName: String?
        /// On STS patterns: the AADSTS code.
        public var stsCode: Int?
        public var httpStatus: Int?
        /// `error.action`, the recommended action, as first seen.
        public var action: String?
        public var count = 0
        /// Count over all failed and cancelled attempts with an error, 0...1.
        public var share = 0.0
        public var firstSeen: String?
        public var lastSeen: String?
        public var users = 0
        public var devices = 0
        /// On the `otherLabel` row only: how many distinct groups (or AADSTS codes) it gathers (an estimate above
        /// 65,536).
        public var foldedValues: Int?
        /// Up to `ExampleOperations.limit` operations with an attempt of this pattern, earliest first (the HTML
        /// report draws their timelines); absent when none had an install id, an operation id and a time.
        public var examples: [OperationExample]?
    }

    /// An operation that shows a failure pattern: where to find its story.
    public struct OperationExample: Sendable, Codable, Hashable {
        public var installID: String
        public var operationID: String
        /// The end of the operation's earliest attempt with the pattern.
        public var failedAt: String
    }

    /// How apps retried: chains of attempts sharing an `operation.id` on one install.
    public struct RetryBehaviour: Sendable, Codable, Hashable {
        public var operations = 0
        /// Operations by how many attempts they made.
        public var attemptsHistogram: [AttemptsBucket] = []
        /// Operations with more than one attempt.
        public var retriedOperations = 0
        /// Retried operations whose last attempt succeeded.
        public var retriedSucceeded = 0
        public var eventualSuccessRate = 0.0
        /// From the first failure's end to the final success, over operations that recovered.
        public var timeToRecover = Percentiles()
        public var fallback = Fallback()
        public var retryAfter = RetryAfterCompliance()
        public var operationStorms = StormSummary()
        public var deviceStorms = StormSummary()
        public var backoff = Backoff()
    }

    public struct AttemptsBucket: Sendable, Codable, Hashable {
        public var attempts: Int
        public var operations: Int
    }

    /// Silent attempts that failed and were followed by an interactive attempt in the same operation.
    public struct Fallback: Sendable, Codable, Hashable {
        /// Operations with at least one failed silent attempt.
        public var silentFailures = 0
        /// Of those, operations that went on to an interactive attempt.
        public var fallbacks = 0
        public var rate = 0.0
        /// Outcome of the first interactive attempt after the silent failure.
        public var succeeded = 0
        public var failed = 0
        public var cancelled = 0
    }

    /// Failures that carried `http.retry_after_s` and were retried: was the wait respected?
    public struct RetryAfterCompliance: Sendable, Codable, Hashable {
        public var retriedAfterHint = 0
        public var compliant = 0
        public var violations = 0
        /// Up to 10 violations, earliest first.
        public var examples: [Violation] = []
    }

    public struct Violation: Sendable, Codable, Hashable {
        public var installID: String
        public var operationID: String
        /// The failed attempt's number; the retry is the next one.
        public var attempt: Int
        public var failedAt: String
        public var retriedAt: String
        public var waitedMilliseconds: Int64
        public var retryAfterSeconds: Double
    }

    /// Bursts of attempts: per operation, `threshold` attempts within `windowSeconds`; per device the same with its
    /// own threshold.
    public struct StormSummary: Sendable, Codable, Hashable {
        public var threshold = 0
        public var windowSeconds = 0
        public var count = 0
        /// Up to 10 storms, largest first.
        public var examples: [Storm] = []
    }

    public struct Storm: Sendable, Codable, Hashable {
        public var installID: String
        public var operationID: String?
        public var start: String
        public var attempts: Int
        public var durationMilliseconds: Int64
    }

    /// Gaps between a failed attempt's end and the next attempt's start.
    public struct Backoff: Sendable, Codable, Hashable {
        public var gaps: [GapBucket] = []
        /// Operations with 3 or more attempts, by the shape of their gaps.
        public var growing = 0
        public var constant = 0
        public var immediate = 0
        public var irregular = 0
    }

    public struct GapBucket: Sendable, Codable, Hashable {
        public var label: String
        /// Lower bound in milliseconds, inclusive; nil for the first bucket, which has none (a gap can be negative
        /// when a retry started before the failure ended).
        public var fromMilliseconds: Int64?
        public var count: Int
    }

    /// Nearest-rank percentiles over whole milliseconds.
    public struct Percentiles: Sendable, Codable, Hashable {
        public var count = 0
        public var p50: Int64?
        public var p90: Int64?
        public var p99: Int64?
        public var max: Int64?
    }

    public struct LatencyRow: Sendable, Codable, Hashable {
        public var kind: String
        public var outcome: String
        public var durations: Percentiles
        /// On the `otherLabel` row only: how many distinct (kind, outcome) pairs it gathers (an estimate above
        /// 65,536).
        public var foldedValues: Int?
        /// The same durations counted in fixed buckets (`LatencyBuckets.lowerBounds`), for the latency chart.
        public var buckets: [LatencyBucket]?
    }

    /// Durations from `fromMilliseconds` (inclusive) to the next bucket's lower bound.
    public struct LatencyBucket: Sendable, Codable, Hashable {
        public var fromMilliseconds: Int64
        public var count: Int
    }

    /// Attempts and failures per time bucket, the bucket chosen so the range fits in at most 60 buckets.
    public struct Timeline: Sendable, Codable, Hashable {
        public var bucketSeconds = 60
        public var buckets: [TimeBucket] = []
        /// The top failure patterns (the first rows of `patterns`, at most `PatternTimelines.charted`) per bucket;
        /// absent when there are none.
        public var patterns: [PatternSeries]?
    }

    /// One failure pattern's errored attempts per timeline bucket, aligned with `Timeline.buckets`.
    public struct PatternSeries: Sendable, Codable, Hashable {
        public var domain: String
        public var code: Int?
        public var codeName: String?
        public var subcode: Int?
        public var counts: [Int]
    }

    public struct TimeBucket: Sendable, Codable, Hashable {
        public var start: String
        public var attempts: Int
        public var failures: Int
        public var failureRate: Double
    }

    /// What the writer and the reader lost.
    public struct WriterHealth: Sendable, Codable, Hashable {
        /// `store.dropped` events, and the events they say were lost.
        public var dropReports = 0
        public var droppedEvents = 0
        public var tornTails = 0
        public var corruptFrames = 0
        public var checksumMismatches = 0
        public var otherDecodeIssues = 0
        public var invalidLines = 0
        public var newerSchemaEvents = 0
        /// Values outside the ranges the report accepts (docs/REPORT-JSON.md), ignored; absent when there were none.
        public var outOfRangeValues: Int?
        /// One line per problem: file, byte offset, what was lost. At most 1,000 lines; a last line counts the rest.
        public var warnings: [String] = []
    }
}

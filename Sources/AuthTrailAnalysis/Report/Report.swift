/// What `authtrail report` shows: failure patterns and retry behaviour over a pile of segments or bundles.
///
/// Built by `ReportBuilder` in one streaming pass. Its JSON form (`renderJSON()`) is the stable schema documented in
/// docs/REPORT-JSON.md; times there are RFC 3339 UTC strings with milliseconds, durations are milliseconds.
package struct Report: Sendable, Codable, Hashable {
    /// The JSON schema version of this report.
    package var reportSchema = 1
    package var input = InputTotals()
    package var kinds: [KindTotals] = []
    /// Failed and cancelled attempts grouped by error domain, code and sub-code, most frequent first.
    package var patterns: [FailurePattern] = []
    /// The same attempts grouped by each AADSTS code they carry.
    package var stsPatterns: [FailurePattern] = []
    package var retries = RetryBehaviour()
    package var latency: [LatencyRow] = []
    /// Failure patterns by app version, OS version, MSAL version and authority host.
    package var breakdowns: [Breakdown] = []
    /// The comparison with a baseline pile (`compared(with:)`); absent without one.
    package var baseline: BaselineComparison?
    /// The MSAL set-ups apps recorded (`app.configuration` events), most devices first, each judged by
    /// `authtrail doctor`'s rules; absent when the input recorded none.
    package var setups: [RecordedSetup]?
    package var timeline = Timeline()
    package var health = WriterHealth()

    package init() {}

    /// The label of the row that gathers the values past a table's cap (`ReportBounds`): `kinds[].kind`,
    /// `latency[].kind` and `.outcome`, and `patterns[].domain` / `sts_patterns[].domain` of that row.
    package static let otherLabel = "(other)"

    /// Events read, from how many files and devices, over which time range.
    package struct InputTotals: Sendable, Codable, Hashable {
        package var files = 0
        /// Events that passed the filters.
        package var events = 0
        package var firstEvent: ReportTime?
        package var lastEvent: ReportTime?
        package var devices = 0
        /// Distinct `enduser.id` pseudonyms (0 when the app records none).
        package var users = 0
        package var filters: [String] = []
        /// The inputs read as raw MSAL log text, and what that means for the numbers; absent when there were none.
        package var rawLogs: RawLogs?
    }

    /// Attempt outcomes for one acquisition kind.
    package struct KindTotals: Sendable, Codable, Hashable {
        package var kind: String
        package var attempts = 0
        package var successes = 0
        package var failures = 0
        package var cancellations = 0
        /// Successes over attempts, 0...1.
        package var successRate = 0.0
        /// On the `otherLabel` row only: how many distinct kinds it gathers (an estimate above 65,536).
        package var foldedValues: Int?
    }

    /// Attempts that failed the same way.
    package struct FailurePattern: Sendable, Codable, Hashable {
        package var domain: String?
        package var code: Int?
        package var codeName: String?
        package var subcode: Int?
        package var subcodeName: String?
        /// On STS patterns: the AADSTS code.
        package var stsCode: Int?
        package var httpStatus: Int?
        /// `error.action`, the recommended action, as first seen.
        package var action: String?
        package var count = 0
        /// Count over all failed and cancelled attempts with an error, 0...1.
        package var share = 0.0
        package var firstSeen: ReportTime?
        package var lastSeen: ReportTime?
        package var users = 0
        package var devices = 0
        /// On the `otherLabel` row only: how many distinct groups (or AADSTS codes) it gathers (an estimate above
        /// 65,536).
        package var foldedValues: Int?
        /// Up to `ExampleOperations.limit` operations with an attempt of this pattern, earliest first (the HTML
        /// report draws their timelines); absent when none had an install id, an operation id and a time.
        package var examples: [OperationExample]?
        /// The set-up mistakes that explain attempts of this pattern, most attempts first; absent when none does.
        package var causes: [SetupCause]?
    }

    /// An operation that shows a failure pattern: where to find its story.
    package struct OperationExample: Sendable, Codable, Hashable {
        package var installID: String
        package var operationID: String
        /// The end of the operation's earliest attempt with the pattern.
        package var failedAt: ReportTime
    }

    /// How apps retried: chains of attempts sharing an `operation.id` on one install.
    package struct RetryBehaviour: Sendable, Codable, Hashable {
        package var operations = 0
        /// Operations by how many attempts they made.
        package var attemptsHistogram: [AttemptsBucket] = []
        /// Operations with more than one attempt.
        package var retriedOperations = 0
        /// Retried operations whose last attempt succeeded.
        package var retriedSucceeded = 0
        package var eventualSuccessRate = 0.0
        /// From the first failure's end to the final success, over operations that recovered.
        package var timeToRecover = Percentiles()
        package var fallback = Fallback()
        package var retryAfter = RetryAfterCompliance()
        package var operationStorms = StormSummary()
        package var deviceStorms = StormSummary()
        package var backoff = Backoff()
    }

    package struct AttemptsBucket: Sendable, Codable, Hashable {
        package var attempts: Int
        package var operations: Int
    }

    /// Silent attempts that failed and were followed by an interactive attempt in the same operation.
    package struct Fallback: Sendable, Codable, Hashable {
        /// Operations with at least one failed silent attempt.
        package var silentFailures = 0
        /// Of those, operations that went on to an interactive attempt.
        package var fallbacks = 0
        package var rate = 0.0
        /// Outcome of the first interactive attempt after the silent failure.
        package var succeeded = 0
        package var failed = 0
        package var cancelled = 0
    }

    /// Failures that carried `http.retry_after_s` and were retried: was the wait respected?
    package struct RetryAfterCompliance: Sendable, Codable, Hashable {
        package var retriedAfterHint = 0
        package var compliant = 0
        package var violations = 0
        /// Up to 10 violations, earliest first.
        package var examples: [Violation] = []
    }

    package struct Violation: Sendable, Codable, Hashable {
        package var installID: String
        package var operationID: String
        /// The failed attempt's number; the retry is the next one.
        package var attempt: Int
        package var failedAt: ReportTime
        package var retriedAt: ReportTime
        package var waitedMilliseconds: Int64
        package var retryAfterSeconds: Double
    }

    /// Bursts of attempts: per operation, `threshold` attempts within `windowSeconds`; per device the same with its
    /// own threshold.
    package struct StormSummary: Sendable, Codable, Hashable {
        package var threshold = 0
        package var windowSeconds = 0
        package var count = 0
        /// Up to 10 storms, largest first.
        package var examples: [Storm] = []
    }

    package struct Storm: Sendable, Codable, Hashable {
        package var installID: String
        package var operationID: String?
        package var start: ReportTime
        package var attempts: Int
        package var durationMilliseconds: Int64
    }

    /// Gaps between a failed attempt's end and the next attempt's start.
    package struct Backoff: Sendable, Codable, Hashable {
        package var gaps: [GapBucket] = []
        /// Operations with 3 or more attempts, by the shape of their gaps.
        package var growing = 0
        package var constant = 0
        package var immediate = 0
        package var irregular = 0
    }

    package struct GapBucket: Sendable, Codable, Hashable {
        package var label: String
        /// Lower bound in milliseconds, inclusive; nil for the first bucket, which has none (a gap can be negative
        /// when a retry started before the failure ended).
        package var fromMilliseconds: Int64?
        package var count: Int
    }

    /// Nearest-rank percentiles over whole milliseconds.
    package struct Percentiles: Sendable, Codable, Hashable {
        package var count = 0
        package var p50: Int64?
        package var p90: Int64?
        package var p99: Int64?
        package var max: Int64?
    }

    package struct LatencyRow: Sendable, Codable, Hashable {
        package var kind: String
        package var outcome: String
        package var durations: Percentiles
        /// On the `otherLabel` row only: how many distinct (kind, outcome) pairs it gathers (an estimate above
        /// 65,536).
        package var foldedValues: Int?
        /// The same durations counted in fixed buckets (`LatencyBuckets.lowerBounds`), for the latency chart.
        package var buckets: [LatencyBucket]?
    }

    /// Durations from `fromMilliseconds` (inclusive) to the next bucket's lower bound.
    package struct LatencyBucket: Sendable, Codable, Hashable {
        package var fromMilliseconds: Int64
        package var count: Int
    }

    /// Attempts and failures per time bucket, the bucket chosen so the range fits in at most 60 buckets.
    package struct Timeline: Sendable, Codable, Hashable {
        package var bucketSeconds = 60
        package var buckets: [TimeBucket] = []
        /// The top failure patterns (the first rows of `patterns`, at most `PatternTimelines.charted`) per bucket;
        /// absent when there are none.
        package var patterns: [PatternSeries]?
    }

    /// One failure pattern's errored attempts per timeline bucket, aligned with `Timeline.buckets`.
    package struct PatternSeries: Sendable, Codable, Hashable {
        package var domain: String
        package var code: Int?
        package var codeName: String?
        package var subcode: Int?
        package var counts: [Int]
    }

    package struct TimeBucket: Sendable, Codable, Hashable {
        package var start: ReportTime
        package var attempts: Int
        package var failures: Int
        package var failureRate: Double
    }

    /// What the writer and the reader lost.
    package struct WriterHealth: Sendable, Codable, Hashable {
        /// `store.dropped` events, and the events they say were lost.
        package var dropReports = 0
        package var droppedEvents = 0
        package var tornTails = 0
        package var corruptFrames = 0
        package var checksumMismatches = 0
        package var otherDecodeIssues = 0
        package var invalidLines = 0
        package var newerSchemaEvents = 0
        /// Values outside the ranges the report accepts (docs/REPORT-JSON.md), ignored; absent when there were none.
        package var outOfRangeValues: Int?
        /// One line per problem: file, byte offset, what was lost. At most 1,000 lines; a last line counts the rest.
        package var warnings: [String] = []
    }
}

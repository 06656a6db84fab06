extension Report {
    /// Failure patterns of the attempts that share one value of a dimension (`app.version`, `os.version`,
    /// `msal.version`, `server.address`), one row per value, most attempts first.
    package struct Breakdown: Sendable, Codable, Hashable {
        /// The field the attempts are grouped by, for example `app.version`.
        package var dimension: String
        package var values: [BreakdownValue] = []
        /// Cells of this dimension tested for an outlier (`flagOutliers`), also the values that never saw the
        /// pattern; summed over the breakdowns, the number of comparisons the correction counts. Nil before the test.
        package var testedCells: Int?
    }

    /// The attempts (`acquisition.end`) that carried one value of a breakdown's dimension.
    package struct BreakdownValue: Sendable, Codable, Hashable {
        /// The value; `unknownLabel` when the attempt had none, `otherLabel` for the values past the cap.
        package var value: String
        package var attempts = 0
        /// Attempts whose outcome was neither success nor cancelled.
        package var failures = 0
        /// Failures over attempts, 0...1.
        package var failureRate = 0.0
        /// Failed and cancelled attempts with an error, by (domain, code, sub-code), most frequent first.
        package var patterns: [BreakdownPattern] = []
        /// On the `otherLabel` row only: how many distinct values it gathers (an estimate above 65,536).
        package var foldedValues: Int?
        /// Whether one of its patterns is `flagged`; present when one of them was tested.
        package var flagged: Bool?
    }

    /// One failure pattern among the attempts of one breakdown value.
    package struct BreakdownPattern: Sendable, Codable, Hashable {
        /// `otherLabel` on the row gathering the patterns past the cap.
        package var domain: String
        package var code: Int?
        package var subcode: Int?
        package var count = 0
        /// Count over the value's attempts, 0...1.
        package var rate = 0.0
        /// The rest of the fleet, present when the cell was tested (`flagOutliers`): the pattern's failures over the
        /// attempts of the dimension's other values together.
        package var rest: Proportion?
        /// The two-proportion z-test of `rate` against `rest.rate` (`TwoProportionTest`): z, its one-sided p-value
        /// for a rate this much higher, and that p-value corrected for every cell tested in the report (Holm).
        package var zScore: Double?
        package var pValue: Double?
        package var adjustedPValue: Double?
        /// Whether the rate is significantly above the rest's: `adjustedPValue` below 0.05.
        package var flagged: Bool?
    }

    /// The value of a breakdown row whose attempts did not carry the field.
    package static let unknownLabel = "(unknown)"
}

import Foundation

/// A pooled two-proportion z-test: did the rate `count / attempts` change between the baseline and the input?
///
/// Under the hypothesis of no change both samples share the pooled rate p = (x1 + x2) / (n1 + n2), and
/// z = (x2/n2 - x1/n1) / sqrt(p (1 - p) (1/n1 + 1/n2)) is about standard normal; the two-sided p-value is
/// erfc(|z| / sqrt 2). docs/REPORT-JSON.md says why this test.
package struct TwoProportionTest: Sendable, Codable, Hashable {
    /// The p-value below which a change is flagged `significant`.
    package static let significanceLevel = 0.05

    /// The input's rate minus the baseline's.
    package var change: Double
    /// Nil when either side has no attempts.
    package var zScore: Double?
    /// Two-sided; nil when either side has no attempts.
    package var pValue: Double?
    /// `pValue` below `significanceLevel`.
    package var significant: Bool

    /// - Parameters:
    ///   - baseline: the baseline's count and attempts.
    ///   - current: the input's count and attempts.
    package init(baseline: Report.Proportion, current: Report.Proportion) {
        change = current.rate - baseline.rate
        guard baseline.attempts > 0, current.attempts > 0 else {
            (zScore, pValue, significant) = (nil, nil, false)
            return
        }
        let (n1, n2) = (Double(baseline.attempts), Double(current.attempts))
        let pooled = Double(baseline.count + current.count) / (n1 + n2)
        let standardError = (pooled * (1 - pooled) * (1 / n1 + 1 / n2)).squareRoot()
        // A pooled rate of 0 or 1 means both rates are equal: no evidence of a change.
        let z = standardError > 0 ? change / standardError : 0
        let p = erfc(abs(z) / 2.0.squareRoot())
        (zScore, pValue, significant) = (z, p, p < Self.significanceLevel)
    }
}

import Foundation
import Testing

@testable import AuthTrailAnalysis

/// `DistinctCount` against the exact count of the same strings: exact up to its limit, within a value or two in its
/// sparse range, and within HyperLogLog's error beyond.
@Suite("distinct counts are exact on small rows and within about 1 % beyond")
struct DistinctCountTests {
    static func count(_ values: Range<Int>, prefix: String = "install-", limit: Int = 1_024) -> DistinctCount {
        var count = DistinctCount(limit: limit)
        for index in values { count.insert("\(prefix)\(index)") }
        return count
    }

    @Test("up to the limit the count is exact, whatever the repeats")
    func exactUpToLimit() {
        var count = Self.count(0..<1_024)
        for index in 0..<1_024 { count.insert("install-\(index)") }
        #expect(count.isExact && count.count == 1_024)
        count.insert("install-1024")
        #expect(!count.isExact)
        #expect(count.count == 1_025)
    }

    @Test(
        "in the sparse range (up to four times the limit) the count is off by at most two",
        arguments: [1_500, 3_000, 4_096])
    func sparseRange(values: Int) {
        let count = Self.count(0..<values)
        #expect(!count.isExact)
        #expect(abs(count.count - values) <= 2, "\(count.count) for \(values)")
    }

    /// One standard error of the dense sketch (2^14 registers) is 1.04/128 = 0.81 %: the root mean square of the
    /// relative errors over 40 independent sets stays under 1 %, and no single error passes four standard errors.
    @Test("past the sparse range the error is that of 2^14 registers", arguments: [10_000, 100_000])
    func denseRange(values: Int) {
        var squares = 0.0
        let runs = 40
        for run in 0..<runs {
            let count = Self.count(0..<values, prefix: "run-\(run)-install-")
            let error = Double(count.count - values) / Double(values)
            #expect(abs(error) < 4 * 1.04 / 128, "\(count.count) for \(values)")
            squares += error * error
        }
        let rootMeanSquare = (squares / Double(runs)).squareRoot()
        #expect(rootMeanSquare < 0.01, "RMS error \(rootMeanSquare)")
    }

    @Test("a large limit counts with 2^18 registers: within 0.5 % on a million values")
    func largeLimit() {
        let count = Self.count(0..<1_000_000, limit: 1 << 16)
        #expect(abs(Double(count.count) / 1_000_000 - 1) < 0.005, "\(count.count)")
    }

    @Test("the count does not depend on the process: hashes are stable")
    func stable() {
        #expect(Self.count(0..<50_000).count == Self.count(0..<50_000).count)
        // FNV-1a and MurmurHash3's finaliser, computed independently (Python).
        #expect(DistinctCount.hash("install-1") == 0xfa2f_95b2_df8a_73b8)
    }
}

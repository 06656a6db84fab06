extension Report {
    /// How the input differs from a baseline pile (`authtrail report --baseline`): failure patterns that are new,
    /// vanished or changed, and the change in failure rate per acquisition kind, each with a two-proportion z-test.
    package struct BaselineComparison: Sendable, Codable, Hashable {
        /// The baseline report's input totals.
        package var input = InputTotals()
        /// Attempts in the baseline and in the input: the denominators of the pattern rates.
        package var baselineAttempts = 0
        package var attempts = 0
        /// Per (domain, code, sub-code): its count over all attempts, largest rise first.
        package var patterns: [PatternChange] = []
        /// Per acquisition kind: failures over the kind's attempts, largest rise first.
        package var kinds: [KindChange] = []
    }

    /// A count out of attempts.
    package struct Proportion: Sendable, Codable, Hashable {
        package var count: Int
        package var attempts: Int
        /// Count over attempts, 0...1 (0 without attempts).
        package var rate: Double

        package init(count: Int, attempts: Int) {
            self.count = count
            self.attempts = attempts
            rate = attempts == 0 ? 0 : Double(count) / Double(attempts)
        }
    }

    /// Whether a pattern or kind occurs in both piles or in one only.
    package enum ChangeStatus: String, Sendable, Codable, Hashable {
        /// Only in the input.
        case new
        /// Only in the baseline.
        case vanished
        /// In both.
        case both
    }

    package struct PatternChange: Sendable, Codable, Hashable {
        package var domain: String
        package var code: Int?
        package var codeName: String?
        package var subcode: Int?
        package var status: ChangeStatus
        package var baseline: Proportion
        package var current: Proportion
        package var test: TwoProportionTest
    }

    package struct KindChange: Sendable, Codable, Hashable {
        package var kind: String
        package var status: ChangeStatus
        /// Failures over the kind's attempts.
        package var baseline: Proportion
        package var current: Proportion
        package var test: TwoProportionTest
    }

    /// This report with `baseline` set to its comparison with `baselineReport`. The `otherLabel` rows are left out:
    /// what they gather differs between the piles.
    package func compared(with baselineReport: Report) -> Report {
        var report = self
        report.baseline = BaselineComparison(baseline: baselineReport, current: self)
        return report
    }
}

extension Report.BaselineComparison {
    init(baseline: Report, current: Report) {
        input = baseline.input
        baselineAttempts = baseline.kinds.reduce(0) { $0 + $1.attempts }
        attempts = current.kinds.reduce(0) { $0 + $1.attempts }

        struct Key: Hashable { var domain: String, code: Int?, subcode: Int? }
        func counted(_ patterns: [Report.FailurePattern]) -> [Key: Report.FailurePattern] {
            Dictionary(
                patterns.filter { $0.foldedValues == nil }.map {
                    (Key(domain: $0.domain ?? "", code: $0.code, subcode: $0.subcode), $0)
                }, uniquingKeysWith: { first, _ in first })
        }
        let (old, new) = (counted(baseline.patterns), counted(current.patterns))
        patterns = Set(old.keys).union(new.keys).map { key in
            let (before, after) = (old[key], new[key])
            let baselineShare = Report.Proportion(count: before?.count ?? 0, attempts: baselineAttempts)
            let currentShare = Report.Proportion(count: after?.count ?? 0, attempts: attempts)
            return Report.PatternChange(
                domain: key.domain, code: key.code, codeName: after?.codeName ?? before?.codeName, subcode: key.subcode,
                status: Self.status(before != nil, after != nil), baseline: baselineShare, current: currentShare,
                test: TwoProportionTest(baseline: baselineShare, current: currentShare))
        }.sorted {
            if $0.test.change != $1.test.change { return $0.test.change > $1.test.change }
            return ($0.domain, $0.code ?? .min, $0.subcode ?? .min) < ($1.domain, $1.code ?? .min, $1.subcode ?? .min)
        }

        func byKind(_ report: Report) -> [String: Report.KindTotals] {
            Dictionary(uniqueKeysWithValues: report.kinds.filter { $0.foldedValues == nil }.map { ($0.kind, $0) })
        }
        let (oldKinds, newKinds) = (byKind(baseline), byKind(current))
        kinds = Set(oldKinds.keys).union(newKinds.keys).map { kind in
            let (before, after) = (oldKinds[kind], newKinds[kind])
            let baselineRate = Report.Proportion(count: before?.failures ?? 0, attempts: before?.attempts ?? 0)
            let currentRate = Report.Proportion(count: after?.failures ?? 0, attempts: after?.attempts ?? 0)
            return Report.KindChange(
                kind: kind, status: Self.status(before != nil, after != nil), baseline: baselineRate,
                current: currentRate, test: TwoProportionTest(baseline: baselineRate, current: currentRate))
        }.sorted {
            if $0.test.change != $1.test.change { return $0.test.change > $1.test.change }
            return $0.kind < $1.kind
        }
    }

    private static func status(_ inBaseline: Bool, _ inInput: Bool) -> Report.ChangeStatus {
        inBaseline ? (inInput ? .both : .vanished) : .new
    }
}

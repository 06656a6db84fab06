import AuthTrail
import AuthTrailDoctor
import Foundation

/// A set-up an app recorded (`app.configuration`) with what `authtrail doctor`'s rules say of it, and which failed
/// attempts it explains: the report (`SetupTable`) and `show` (`StoryCollector`) judge recordings the same way.
struct JudgedSetup: Sendable {
    var setup: RecordedAppConfiguration
    var findings: [Finding]
    /// `rule: reason` for every rule the recording cannot answer.
    var notChecked: [String]

    /// What a finding's predicted error matches in a failed attempt: its pattern, or one of its AADSTS codes.
    enum Match: Hashable, Sendable {
        case pattern(domain: String, code: Int?, subcode: Int?)
        case sts(Int)
    }

    init(_ setup: RecordedAppConfiguration) {
        self.setup = setup
        findings = []
        notChecked = []
        for (rule, outcome) in DoctorRules.check(AppSetup(recorded: setup)) {
            switch outcome {
            case .passed: break
            case .findings(let found): findings += found
            case .notChecked(let reason): notChecked.append("\(rule.id.rawValue): \(reason)")
            }
        }
    }

    /// The set-up of one `app.configuration` line, its long values shortened (`LongValue`); nil for another event
    /// or a line that is not a JSON object.
    static func recorded(in line: UnsafeRawBufferPointer) -> RecordedAppConfiguration? {
        var shortened = 0
        return recorded(in: line, shortened: &shortened)
    }

    /// `recorded(in:)`, adding to `shortened` the values it shortened and the lists it cut.
    static func recorded(in line: UnsafeRawBufferPointer, shortened: inout Int) -> RecordedAppConfiguration? {
        guard !line.isEmpty, let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
            let setup = RecordedAppConfiguration(json: object)
        else { return nil }
        return LongValue.bounded(setup, shortened: &shortened)
    }

    /// The findings whose predicted errors an attempt failing with (`domain`, `code`, `subcode`) and `stsCodes`
    /// shows, each with what it matched: the same domain, code and sub-code (an absent sub-code only matches an
    /// absent one), or an AADSTS code among the attempt's.
    func explained(domain: String?, code: Int?, subcode: Int?, stsCodes: [Int]) -> [(Finding, Match)] {
        var explained: [(Finding, Match)] = []
        for finding in findings {
            var matches: [Match] = []
            for error in finding.errors {
                let match: Match
                if error.domain == "AADSTS" {
                    guard stsCodes.contains(error.code) else { continue }
                    match = .sts(error.code)
                } else {
                    guard domain == error.domain, code == error.code, subcode == error.subcode else { continue }
                    match = .pattern(domain: error.domain, code: code, subcode: subcode)
                }
                if !matches.contains(match) { matches.append(match) }
            }
            explained += matches.map { (finding, $0) }
        }
        return explained
    }

    /// A finding of this set-up as the report's `setups[].findings[]` and the bundle manifest show it.
    func reportFinding(_ finding: Finding) -> Report.SetupFinding {
        Report.SetupFinding(
            bundleID: setup.bundleID, rule: finding.rule.rawValue, problem: finding.problem,
            location: finding.location.description,
            errors: finding.errors.map(\.summary), explain: finding.errors.map(\.explainQuery), fix: finding.fix)
    }
}

extension LineAnnotation {
    /// The set-up `line` (an `app.configuration` event) records; nil when it records none.
    static func setup(in line: UnsafeRawBufferPointer) -> LineAnnotation? {
        var shortened = 0
        return JudgedSetup.recorded(in: line, shortened: &shortened).map {
            LineAnnotation(setup: $0, setupValuesShortened: shortened)
        }
    }
}

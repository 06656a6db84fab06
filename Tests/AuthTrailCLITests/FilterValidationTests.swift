import AuthTrailTestSupport
import Foundation
import Testing

/// Filters validate their values and compare them as users type them. Before, `--kind Silent`, `--code aadsts50076`
/// and `--code interactionrequired` gave an empty report with exit 0, and `report`/`cat --correlation-id` compared
/// case-sensitively, so the lower-cased id `explain` prints found nothing.
@Suite("filters validate their values and match as users type them")
struct FilterValidationTests {
    static let trail = Result { try demoTrail("filter-validation") }

    /// The demo's events as JSON objects, read by `cat` without filters.
    static func events(_ arguments: [String] = []) throws -> [[String: Any]] {
        let result = try ProcessRunner.authtrail(["cat"] + arguments + [try trail.get()])
        return result.text.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    /// How many events `report --format json` keeps with `arguments`.
    static func reportEvents(_ arguments: [String]) throws -> Int {
        let result = try ProcessRunner.authtrail(["report", "--format", "json"] + arguments + [try trail.get()])
        #expect(result.status == 0, "\(arguments): \(result.standardError.suffix(300))")
        let object = try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any]
        return (object?["input"] as? [String: Any])?["events"] as? Int ?? -1
    }

    @Test("an unknown --kind exits 64 and lists the accepted values", arguments: ["report", "cat", "tail"])
    func unknownKind(_ command: String) throws {
        let result = try ProcessRunner.authtrail([command, "--kind", "quiet", try Self.trail.get()])
        #expect(result.status == 64, "\(command): \(result.status)")
        #expect(result.standardError.contains("--kind quiet: expected one of silent, interactive"))
    }

    @Test("--kind is accepted in any case and keeps the same events")
    func kindInAnyCase() throws {
        let lower = try Self.reportEvents(["--kind", "silent"])
        #expect(lower > 0)
        for spelling in ["Silent", "SILENT"] {
            #expect(try Self.reportEvents(["--kind", spelling]) == lower, "--kind \(spelling)")
            #expect(try Self.events(["--kind", spelling]).count == Self.events(["--kind", "silent"]).count)
        }
    }

    @Test("--code matches a code name and an AADSTS code in any case, in report and cat")
    func codesInAnyCase() throws {
        let all = try Self.events()
        let name = try #require(
            all.compactMap { $0["error.code_name"] as? String }.first { $0 != $0.lowercased() },
            "the demo has a mixed-case code name")
        let stsCodes = all.compactMap { $0["sts.error_codes"] as? [Int] }.flatMap { $0 }
        let sts = try #require(stsCodes.first, "the demo has an AADSTS code")
        for (typed, variants) in [
            (name, [name.lowercased(), name.uppercased()]), ("AADSTS\(sts)", ["aadsts\(sts)", "AadSts\(sts)"]),
        ] {
            let expected = try Self.events(["--code", typed]).count
            #expect(expected > 0, "--code \(typed) keeps events")
            for variant in variants {
                #expect(try Self.events(["--code", variant]).count == expected, "cat --code \(variant)")
                #expect(try Self.reportEvents(["--code", variant]) == Self.reportEvents(["--code", typed]))
            }
        }
    }

    @Test("--correlation-id matches in any case, in report and cat")
    func correlationIDInAnyCase() throws {
        let id = try #require(
            try Self.events().compactMap { $0["msal.correlation_id"] as? String }.first, "a correlation id")
        let expected = try Self.events(["--correlation-id", id]).count
        #expect(expected > 0)
        for variant in [id.lowercased(), id.uppercased()] {
            #expect(try Self.events(["--correlation-id", variant]).count == expected, "cat \(variant)")
            // The report counts the events cat prints: it reads correlation ids only for this filter.
            #expect(try Self.reportEvents(["--correlation-id", variant]) == expected, "report \(variant)")
        }
    }
}

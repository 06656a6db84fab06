import AuthTrailTestSupport
import Foundation
import Testing

/// Each command that takes `--format json` prints exactly one JSON object for every kind of input, with the keys
/// and types its document promises (docs/REPORT-JSON.md, docs/SHOW-JSON.md), and exits with the one code documented
/// for that kind of input.
@Suite("one JSON object per command and input, with the documented keys and exit code", .serialized)
struct JSONContractTests {
    /// The demo's trail, an empty file, random bytes: made once.
    final class Inputs: Sendable {
        let directory: TemporaryDirectory
        let trail: String
        let empty: String
        let random: String

        init() throws {
            directory = try TemporaryDirectory("json-contract")
            trail = "\(directory.path)/trail"
            let demo = try ProcessRunner.authtrail(["demo", "--out", trail])
            guard demo.status == 0 else { throw CocoaError(.fileWriteUnknown) }
            empty = "\(directory.path)/empty.zst"
            try Data().write(to: URL(fileURLWithPath: empty))
            random = "\(directory.path)/random.zst"
            var generator = SplitMix64(seed: 11)
            try Data((0..<65536).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
                .write(to: URL(fileURLWithPath: random))
        }

        func path(_ name: String) -> String {
            switch name {
            case "TRAIL": trail
            case "EMPTY": empty
            case "RANDOM": random
            default: name
            }
        }
    }

    static let inputs = Result { try Inputs() }

    /// Parses standard output as exactly one JSON object (trailing whitespace allowed, nothing else).
    static func object(_ result: ProcessOutput, _ label: String) throws -> [String: Any] {
        let text = result.text.trimmingCharacters(in: .whitespacesAndNewlines)
        try #require(text.hasPrefix("{") && text.hasSuffix("}"), "\(label): not one JSON object: \(text.prefix(200))")
        return try #require(
            try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(label): not a JSON object")
    }

    /// Whether a parsed JSON value is a whole number (on Linux every JSON number is an NSNumber, and one of 0 or 1
    /// also casts to Bool, so that cannot be told apart here).
    static func isInt(_ value: Any?) -> Bool {
        guard let number = value as? NSNumber else { return false }
        return number.doubleValue == Double(number.intValue)
    }

    // MARK: explain

    /// explain's input classes: (arguments, expected exit code, errors expected, unknown codes expected).
    static let explainCases: [(arguments: [String], status: Int32, errors: Bool, unknown: Bool)] = [
        (["-50002"], 0, true, false),
        (["AADSTS50076"], 0, true, false),
        (["interactionRequired"], 0, true, false),
        (["429"], 0, true, false),
        (["MSALErrorDomain", "-50002"], 0, true, false),
        (["-77777"], 1, false, true),
        (["-77777", "-50005"], 1, true, true),
        (["hello"], 2, false, false),
        (["login", "failed", "for", "megan.bowen@contoso.com,", "no", "idea", "why"], 2, false, false),
        (
            [#"Error Domain=MSALErrorDomain Code=-50000 "(null)" UserInfo={MSALInternalErrorCodeKey=-50006}"#], 0, true,
            false
        ),
    ]

    @Test(
        "explain --format json: one object with errors and unknownCodes for every input class",
        arguments: explainCases.indices)
    func explain(_ index: Int) throws {
        let testCase = Self.explainCases[index]
        let label = testCase.arguments.joined(separator: " ")
        let result = try ProcessRunner.authtrail(["explain", "--format", "json"] + testCase.arguments)
        #expect(result.status == testCase.status, "\(label) exited \(result.status): \(result.standardError)")
        let object = try Self.object(result, label)
        #expect(Set(object.keys) == ["errors", "unknownCodes"], "\(label): \(object.keys.sorted())")
        let errors = try #require(object["errors"] as? [[String: Any]], "\(label): errors is an array of objects")
        let unknown = try #require(object["unknownCodes"] as? [String], "\(label): unknownCodes is an array of strings")
        #expect(errors.isEmpty == !testCase.errors, "\(label): \(errors.count) errors")
        #expect(unknown.isEmpty == !testCase.unknown, "\(label): unknownCodes \(unknown)")
        for error in errors {
            #expect(error["form"] is String && Self.isInt(error["depth"]), "\(label): form, depth")
            #expect(error["domain"] is String && Self.isInt(error["code"]), "\(label): domain, code")
            #expect(error["stsErrorCodes"] is [Int] && error["b2cErrorCodes"] is [Int], "\(label): code lists")
            for key in ["name", "meaning", "action", "actionSummary", "category", "oauthError", "correlationID"] {
                #expect(error[key] == nil || error[key] is String, "\(label): \(key) is a string when present")
            }
            for key in ["subcode", "httpStatus", "retryAfterSeconds"] {
                #expect(error[key] == nil || Self.isInt(error[key]), "\(label): \(key) is an int when present")
            }
            if error["form"] as? String == "plainCode", testCase.arguments.count <= 2 {
                #expect(
                    error["name"] is String && error["meaning"] is String && error["action"] is String,
                    "\(label): a catalog answer names the code, its meaning and action")
            }
        }
    }

    @Test("explain --format json reads standard input and --file the same way")
    func explainStandardInput() throws {
        let nothing = try ProcessRunner.authtrail(["explain", "--format", "json", "-"], input: Data("hello\n".utf8))
        #expect(nothing.status == 2)
        #expect(try Self.object(nothing, "stdin hello")["errors"] as? [Any] != nil)
        let code = try ProcessRunner.authtrail(["explain", "--format", "json", "-"], input: Data("-50002\n".utf8))
        #expect(code.status == 0)
        #expect((try Self.object(code, "stdin -50002")["errors"] as? [Any])?.isEmpty == false)
    }

    // MARK: report

    /// report's input classes: (arguments, expected exit code, events expected).
    static let reportCases: [(arguments: [String], status: Int32, events: Bool)] = [
        (["TRAIL"], 0, true),
        (["--kind", "silent", "TRAIL"], 0, true),
        (["--code", "AADSTS99999999", "TRAIL"], 0, false),
        (["EMPTY"], 65, false),
        (["RANDOM"], 65, false),
        (["--kind", "silent", "RANDOM"], 65, false),
        (["--kind", "silent", "EMPTY"], 65, false),
        (["--since", "2020-01-01", "RANDOM"], 65, false),
    ]

    @Test(
        "report --format json: one object with the documented top-level keys for every input class",
        arguments: reportCases.indices)
    func report(_ index: Int) throws {
        let inputs = try Self.inputs.get()
        let testCase = Self.reportCases[index]
        let arguments = testCase.arguments.map(inputs.path)
        let label = testCase.arguments.joined(separator: " ")
        let result = try ProcessRunner.authtrail(["report", "--format", "json"] + arguments)
        #expect(
            result.status == testCase.status, "\(label) exited \(result.status): \(result.standardError.suffix(300))")
        let object = try Self.object(result, label)
        #expect(Self.isInt(object["report_schema"]) && object["report_schema"] as? Int == 1)
        let input = try #require(object["input"] as? [String: Any], "\(label): input")
        #expect(Self.isInt(input["files"]) && Self.isInt(input["events"]) && Self.isInt(input["devices"]))
        #expect(input["filters"] is [String])
        #expect(((input["events"] as? Int) ?? 0 > 0) == testCase.events, "\(label): \(input["events"] ?? "nil") events")
        for key in ["kinds", "patterns", "sts_patterns", "latency", "breakdowns"] {
            #expect(object[key] is [[String: Any]], "\(label): \(key) is an array of objects")
        }
        #expect(object["retries"] is [String: Any] && object["health"] is [String: Any], "\(label): retries, health")
        for breakdown in object["breakdowns"] as? [[String: Any]] ?? [] {
            Self.checkOutlierKeys(breakdown, label)
        }
        if testCase.status == 65 {
            #expect(result.standardError.contains("no AuthTrail events in"), "\(label): says why")
        }
    }

    /// The outlier keys of a breakdown (docs/REPORT-JSON.md, "Outliers in the breakdowns"): `tested_cells` on
    /// every breakdown; on a value, `flagged` or nothing; on a pattern, the test's five keys together or none.
    static func checkOutlierKeys(_ breakdown: [String: Any], _ label: String) {
        #expect(Self.isInt(breakdown["tested_cells"]), "\(label): tested_cells")
        for value in breakdown["values"] as? [[String: Any]] ?? [] {
            #expect(value["flagged"] == nil || value["flagged"] is Bool, "\(label): a value's flagged")
            let other = value["value"] as? String == "(other)"
            #expect(!other || value["flagged"] == nil, "\(label): the (other) row is never tested")
            for pattern in value["patterns"] as? [[String: Any]] ?? [] {
                let keys = ["adjusted_p_value", "flagged", "p_value", "rest", "z_score"]
                let present = keys.filter { pattern[$0] != nil }
                #expect(present.isEmpty || present == keys, "\(label): \(present) of the test's keys")
                guard !present.isEmpty else { continue }
                #expect(!other && pattern["domain"] as? String != "(other)", "\(label): (other) rows are not tested")
                let rest = pattern["rest"] as? [String: Any]
                #expect(Self.isInt(rest?["count"]) && Self.isInt(rest?["attempts"]) && rest?["rate"] is NSNumber)
                for key in ["adjusted_p_value", "p_value", "z_score"] {
                    #expect(pattern[key] is NSNumber, "\(label): \(key) is a number")
                }
                let (p, adjusted) = (pattern["p_value"] as? Double ?? -1, pattern["adjusted_p_value"] as? Double ?? -1)
                #expect(0 <= p && p <= adjusted && adjusted <= 1, "\(label): 0 <= p <= adjusted p <= 1")
                #expect(pattern["flagged"] as? Bool == (adjusted < 0.05), "\(label): flagged is adjusted p < 0.05")
            }
        }
    }

    @Test("report --format json: the breakdowns' outlier keys on the planted two releases, 4.2's doubled cell flagged")
    func reportOutlierKeys() throws {
        let directory = try TemporaryDirectory("json-contract-outliers")
        defer { directory.remove() }
        try ReleaseFleet.write(ReleaseFleet.baseline, into: directory.path)
        try ReleaseFleet.write(ReleaseFleet.candidate, into: directory.path)
        let result = try ProcessRunner.authtrail(["report", "--format", "json", directory.path])
        #expect(result.status == 0, "\(result.standardError.suffix(300))")
        let breakdowns = try #require(try Self.object(result, "fleet")["breakdowns"] as? [[String: Any]])
        #expect(breakdowns.count == 4)
        for breakdown in breakdowns { Self.checkOutlierKeys(breakdown, "fleet") }
        let flagged = breakdowns.flatMap { breakdown in
            (breakdown["values"] as? [[String: Any]] ?? []).flatMap { value in
                (value["patterns"] as? [[String: Any]] ?? []).filter { $0["flagged"] as? Bool == true }.map { _ in
                    "\(breakdown["dimension"] ?? "?") \(value["value"] ?? "?")"
                }
            }
        }
        #expect(flagged.contains("app.version 4.2"))
        #expect(!flagged.contains { $0.hasPrefix("server.address") })
    }

    // MARK: show

    static let showCases: [(arguments: [String], status: Int32, matched: Bool)] = [
        (["--code=-50002", "TRAIL"], 0, true),
        (["--code", "AADSTS99999999", "TRAIL"], 1, false),
        (["--code=-50002", "EMPTY"], 65, false),
        (["--code=-50002", "RANDOM"], 65, false),
    ]

    @Test("show --format json: one object with the documented keys for every input class", arguments: showCases.indices)
    func show(_ index: Int) throws {
        let inputs = try Self.inputs.get()
        let testCase = Self.showCases[index]
        let label = testCase.arguments.joined(separator: " ")
        let result = try ProcessRunner.authtrail(["show", "--format", "json"] + testCase.arguments.map(inputs.path))
        #expect(
            result.status == testCase.status, "\(label) exited \(result.status): \(result.standardError.suffix(300))")
        let object = try Self.object(result, label)
        #expect(object["show_schema"] as? Int == 1)
        #expect(Self.isInt(object["matched"]) && Self.isInt(object["shown"]))
        #expect(object["warnings"] is [String])
        let stories = try #require(object["stories"] as? [[String: Any]], "\(label): stories")
        #expect(stories.isEmpty == !testCase.matched)
        for story in stories {
            #expect(story["install_id"] is String && story["attempts"] is [[String: Any]])
            #expect((story["verdict"] as? [String: Any])?["finding"] is String)
        }
    }
}

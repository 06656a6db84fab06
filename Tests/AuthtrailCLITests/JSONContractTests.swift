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

    @Test("explain --format json: one object with errors and unknownCodes for every input class",
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
                #expect(error["name"] is String && error["meaning"] is String && error["action"] is String,
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

    @Test("report --format json: one object with the documented top-level keys for every input class",
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
        if testCase.status == 65 {
            #expect(result.standardError.contains("no AuthTrail events in"), "\(label): says why")
        }
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

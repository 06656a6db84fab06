import Foundation
import Testing

/// docs/ARCHITECTURE.md, "Where to add": a table, a command and a doctor rule are each one file and one entry in one
/// list. Read from the sources, so a table the builder routes by name, a command left out of `subcommands` or a rule
/// missing from `DoctorRules.all` fails here.
@Suite("a table, a command and a doctor rule are each one file and one list entry")
struct ExtensionPointTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func source(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    static func files(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path).sorted()
    }

    /// The first capture group of every match of `pattern`.
    static func matches(_ pattern: String, in text: String) -> [String] {
        let expression = try! NSRegularExpression(pattern: pattern)
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    /// Every capture group that matched, of the first match of `pattern`.
    static func groups(_ pattern: String, in text: String) -> [String] {
        let expression = try! NSRegularExpression(pattern: pattern)
        guard let match = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else {
            return []
        }
        return (1..<match.numberOfRanges).compactMap { Range(match.range(at: $0), in: text).map { String(text[$0]) } }
    }

    @Test("every ReportTable is a property of ReportTables and one line of forEach, and the builder names none")
    func tables() throws {
        var tableTypes: [String] = []
        for file in try Self.files(in: "Sources/AuthTrailAnalysis/Tables") {
            let text = try Self.source("Sources/AuthTrailAnalysis/Tables/\(file)")
            tableTypes += Self.matches(#"(?m)^struct (\w+): ReportTable\b"#, in: text)
        }
        #expect(tableTypes.count >= 15, "\(tableTypes)")
        let list = try Self.source("Sources/AuthTrailAnalysis/Tables/ReportTables.swift")
        // `var name = Type()` or `var name: Type`: the type to the property.
        var properties: [String: String] = [:]
        for line in list.split(separator: "\n") {
            let declared = Self.groups(#"^\s+var (\w+)(?:: (\w+)$| = (\w+)\()"#, in: String(line))
            if declared.count == 2 { properties[declared[1]] = declared[0] }
        }
        let visited = Self.matches(#"step\.visit\(&(\w+),"#, in: list)
        for type in tableTypes {
            let property = try #require(properties[type], "\(type) is not a property of ReportTables")
            #expect(visited.filter { $0 == property }.count == 1, "\(type) (\(property)) is not once in forEach")
        }
        #expect(visited.count == tableTypes.count)
        for file in try Self.files(in: "Sources/AuthTrailAnalysis/Tables") where file.hasPrefix("ReportBuilder") {
            let text = try Self.source("Sources/AuthTrailAnalysis/Tables/\(file)")
            let named = Self.matches(#"tables\.(\w+)"#, in: text).filter {
                !["update", "merge", "finish", "storedDeviceWindows"].contains($0)
            }
            #expect(named.isEmpty, "\(file) names tables: \(named)")
        }
    }

    @Test("every command file is one entry of the root command's subcommands")
    func commands() throws {
        var commands: [String] = []
        for file in try Self.files(in: "Tools/authtrail/Commands") where file.hasSuffix(".swift") {
            let text = try Self.source("Tools/authtrail/Commands/\(file)")
            commands += Self.matches(#"(?m)^struct (\w+): (?:Async)?ParsableCommand\b"#, in: text)
        }
        let root = try Self.source("Tools/authtrail/AuthTrailCommand.swift")
        let listed = Self.matches(#"(\w+Command)\.self"#, in: root)
        #expect(commands.count >= 11)
        #expect(Set(commands) == Set(listed) && listed.count == Set(listed).count, "\(commands) vs \(listed)")
    }

    @Test("every doctor rule file declares one rule, listed once in DoctorRules.all")
    func doctorRules() throws {
        let folder = "Sources/AuthTrailDoctor/Rules"
        var rules: [String] = []
        for file in try Self.files(in: folder) where file.hasPrefix("DoctorRules+") {
            let declared = Self.matches(#"static let (\w+) = DoctorRule\("#, in: try Self.source("\(folder)/\(file)"))
            #expect(declared.count == 1, "\(file) declares \(declared)")
            rules += declared
        }
        let list = try Self.source("\(folder)/DoctorRule.swift")
        let all = try #require(Self.matches(#"static let all: \[DoctorRule\] = \[([^\]]*)\]"#, in: list).first)
        let listed = all.split(whereSeparator: { ", \n".contains($0) }).map(String.init)
        #expect(rules.count >= 7)
        #expect(listed.sorted() == rules.sorted(), "\(listed) vs \(rules)")
    }

    @Test("docs/ARCHITECTURE.md's Where to add names the three lists")
    func documented() throws {
        let architecture = try Self.source("docs/ARCHITECTURE.md")
        let section =
            try #require(architecture.components(separatedBy: "## Where to add").dropFirst().first)
            .components(separatedBy: "\n## ").first ?? ""
        for name in ["ReportTables.forEach", "ReportFact", "subcommands", "DoctorRules.all", "ExtensionPointTests"] {
            #expect(section.contains(name), "\(name)")
        }
    }
}

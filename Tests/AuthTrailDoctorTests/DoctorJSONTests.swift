import AuthTrailDoctor
import Foundation
import Testing

/// docs/DOCTOR-JSON.md describes exactly the keys `doctor --format json` writes.
@Suite("the doctor's JSON and its documentation")
struct DoctorJSONTests {
    static let documentation = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/DOCTOR-JSON.md")

    /// The keys the documentation names: each table's first column, and the keys the prose names for locations,
    /// errors and the `{…}` objects.
    static func documentedKeys() throws -> Set<String> {
        let text = try String(contentsOf: documentation, encoding: .utf8)
        var keys = Set<String>()
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cell = line.dropFirst(3).prefix { $0 != "`" }
            if !cell.contains("-") { keys.insert(String(cell)) }
        }
        for section in text.components(separatedBy: "\n\n")
        where section.hasPrefix("A location object")
            || section.hasPrefix("An error object")
        {
            var rest = Substring(section)
            while let open = rest.range(of: "`") {
                let afterOpen = rest[open.upperBound...]
                guard let close = afterOpen.firstIndex(of: "`") else { break }
                let word = afterOpen[..<close]
                if word.allSatisfy({ $0.isLowercase || $0 == "_" }) { keys.insert(String(word)) }
                rest = afterOpen[afterOpen.index(after: close)...]
            }
        }
        keys.formUnion(["reason", "value"])
        return keys
    }

    static func keys(in value: Any) -> Set<String> {
        switch value {
        case let object as [String: Any]:
            return Set(object.keys).union(object.values.flatMap { keys(in: $0) })
        case let array as [Any]:
            return Set(array.flatMap { keys(in: $0) })
        default:
            return []
        }
    }

    @Test("a report with findings, unresolved values and rules not checked uses every documented key, and no other")
    func keysMatchDocumentation() throws {
        // Set-ups with findings (a key path and no sub-code; a line and a sub-code), one with an unresolved bundle id
        // (a loose Info.plist), and a corpus app with an MSAL version and a skipped extension.
        let copy = try SampleApps.mutatedCopy(
            "ios-swift", file: "MSALiOS/MSALiOS.entitlements",
            find: "<string>$(AppIdentifierPrefix)com.microsoft.adalcache</string>", replace: "")
        let report = try SampleApps.report([
            copy, "issues/scene-hand-off", "msal-test-app-ios/Info.plist", "ios-swift/MSALiOS/AppDelegate.swift",
            DoctorCorpus.folder.appendingPathComponent("handwritten-flutter-share").path,
        ])
        let json = DoctorJSONRendering.json(report)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["doctor_schema"] as? Int == 1)
        #expect(object["finding_count"] as? Int == 2)
        let written = Self.keys(in: object)
        let documented = try Self.documentedKeys()
        #expect(written.subtracting(documented) == [], "written but not documented")
        #expect(documented.subtracting(written) == [], "documented but not written")
    }

    @Test("each predicted error carries the catalog's names and the explain argument")
    func errorObject() throws {
        let copy = try SampleApps.mutatedCopy(
            "ios-swift", file: "MSALiOS/Info.plist", find: "<string>msauthv2</string>", replace: "")
        let json = DoctorJSONRendering.json(try SampleApps.report([copy]))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let setups = try #require(object["setups"] as? [[String: Any]])
        let findings = try #require(setups.first?["findings"] as? [[String: Any]])
        let error = try #require((findings.first?["errors"] as? [[String: Any]])?.first)
        #expect(error["domain"] as? String == "MSALErrorDomain")
        #expect(error["code"] as? Int == -50000)
        #expect(error["name"] as? String == "internal")
        #expect(error["subcode"] as? Int == -42001)
        #expect(error["subcode_name"] as? String == "internalErrorRedirectSchemeNotRegistered")
        #expect(error["explain"] as? String == "-42001")
    }
}

import Foundation
import Testing

@testable import AuthTrail

/// The privacy manifest App Store Connect reads (Sources/AuthTrail/PrivacyInfo.xcprivacy) against the calls the
/// library's sources make: every required-reason category they use is declared with its reason, and nothing else is.
@Suite("the privacy manifest declares exactly the required-reason APIs the library calls")
struct PrivacyManifestTests {
    static let path = LibrarySources.folder.appendingPathComponent("PrivacyInfo.xcprivacy")

    @Test("the library tracks no one and collects no data")
    func noTracking() throws {
        let manifest = try PrivacyManifest(contentsOf: Self.path)
        #expect(manifest.root["NSPrivacyTracking"] as? Bool == false)
        #expect((manifest.root["NSPrivacyTrackingDomains"] as? [Any])?.isEmpty == true)
        #expect((manifest.root["NSPrivacyCollectedDataTypes"] as? [Any])?.isEmpty == true)
    }

    @Test(
        "a category is declared, with the reason that fits, exactly when the sources call one of its APIs",
        arguments: RequiredReasonCategory.all)
    func category(_ category: RequiredReasonCategory) throws {
        let sources = try LibrarySources()
        try #require(
            sources.files.count > 10, "found only \(sources.files.count) files in \(LibrarySources.folder.path)")
        let uses = try sources.uses(of: category.patterns)
        let declared = try PrivacyManifest(contentsOf: Self.path).accessedAPIs[category.name]

        guard let first = uses.first else {
            #expect(declared == nil, "\(category.name) is declared but Sources/AuthTrail calls none of its APIs")
            return
        }
        let calls = uses.prefix(3).map(\.description).joined(separator: "; ")
        guard let reasons = category.reasons else {
            Issue.record("\(first) calls a \(category.name) API, for which no reason fits a logging library")
            return
        }
        #expect(
            declared == reasons,
            """
            Sources/AuthTrail calls \(category.name) APIs (\(calls)): PrivacyInfo.xcprivacy must declare it \
            with \(reasons.sorted())
            """)
    }

    @Test("every declared category is one the test knows, each with at least one reason")
    func knownCategories() throws {
        let declared = try PrivacyManifest(contentsOf: Self.path).accessedAPIs
        let known = Set(RequiredReasonCategory.all.map(\.name))
        #expect(Set(declared.keys).subtracting(known).isEmpty)
        #expect(declared.values.allSatisfy { !$0.isEmpty })
    }

    @Test("the manifest ships in the library's resource bundle, unchanged")
    func bundled() throws {
        let url = try #require(Bundle.module.url(forResource: "PrivacyInfo", withExtension: "xcprivacy"))
        #expect(try Data(contentsOf: url) == Data(contentsOf: Self.path))
    }
}

/// The parts of a privacy manifest the tests read, parsed with `PropertyListSerialization`.
struct PrivacyManifest {
    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    var root: [String: Any]
    /// Reason codes by `NSPrivacyAccessedAPIType`.
    var accessedAPIs: [String: Set<String>]

    init(contentsOf url: URL) throws {
        let value = try PropertyListSerialization.propertyList(from: Data(contentsOf: url), format: nil)
        guard let root = value as? [String: Any] else { throw Malformed(description: "\(url.path): not a dictionary") }
        self.root = root
        accessedAPIs = [:]
        for entry in root["NSPrivacyAccessedAPITypes"] as? [Any] ?? [] {
            guard let entry = entry as? [String: Any], let type = entry["NSPrivacyAccessedAPIType"] as? String,
                let reasons = entry["NSPrivacyAccessedAPITypeReasons"] as? [String]
            else {
                throw Malformed(description: "\(url.path): an NSPrivacyAccessedAPITypes entry without type or reasons")
            }
            guard accessedAPIs.updateValue(Set(reasons), forKey: type) == nil else {
                throw Malformed(description: "\(url.path): \(type) is declared twice")
            }
        }
    }
}

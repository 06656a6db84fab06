import AuthTrail
import Foundation
import Testing

/// The `from:` an app's `Package.swift` is told to write is the version the library says it is
/// (`authTrailLibraryVersion`, recorded in every segment): a `from:` above it resolves nothing once the package is tagged.
@Suite("the documented package dependency asks for the library's own version")
struct READMEPackageVersionTests {
    /// Each `.package(url: "…/authtrail", from: "X")` of `markdown`, as (line, X).
    static func declaredVersions(in markdown: String) -> [(line: Int, version: String)] {
        markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            guard let match = line.firstMatch(of: /\.package\(url: "[^"]*\/authtrail", from: "([^"]*)"\)/) else {
                return nil
            }
            return (index + 1, String(match.1))
        }
    }

    @Test("every `from:` in the README and the DocC articles is authTrailLibraryVersion")
    func fromMatchesTheLibraryVersion() throws {
        let catalog = DocumentedSnippets.packageRoot.appendingPathComponent("Sources/AuthTrail/AuthTrail.docc")
        let articles = try FileManager.default.contentsOfDirectory(atPath: catalog.path)
            .filter { $0.hasSuffix(".md") }.map { "Sources/AuthTrail/AuthTrail.docc/\($0)" }
        var found = 0
        for file in ["README.md"] + articles {
            for (line, version) in Self.declaredVersions(in: try DocumentedSnippets.read(file)) {
                found += 1
                #expect(version == authTrailLibraryVersion, "\(file):\(line) says from: \"\(version)\"")
            }
        }
        #expect(found >= 1, "the README's `.package(url: …, from: …)` line was found")
    }

    @Test("the line is read as written")
    func parsing() {
        let markdown = """
            dependencies: [
                .package(url: "https://github.com/<org>/authtrail", from: "1.0.0"),
                .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
            ]
            """
        let found = Self.declaredVersions(in: markdown)
        #expect(found.map(\.line) == [2])
        #expect(found.map(\.version) == ["1.0.0"])
    }
}

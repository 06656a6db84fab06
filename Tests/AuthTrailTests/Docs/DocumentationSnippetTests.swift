import Foundation
import Testing

/// Every Swift block of the article "Getting started in an iOS app" and of the README's app sections is compiled by a
/// test (a `// BEGIN <name>` … `// END <name>` region under Tests/AuthTrailTests), so the documentation cannot drift
/// from the code that runs.
@Suite("the documentation's Swift code is the code the tests compile")
struct DocumentationSnippetTests {
    static let articlePath = "Sources/AuthTrail/AuthTrail.docc/GettingStartedInAnIOSApp.md"
    /// The README's sections about an app's code (with their subsections).
    static let readmeSections = ["## Enabling AuthTrail in an app"]

    /// Each documented Swift block, named by file and line.
    static func documentedBlocks() throws -> [(place: String, block: DocumentedSnippets.CodeBlock)] {
        let article = try DocumentedSnippets.read(articlePath)
        var blocks = DocumentedSnippets.swiftBlocks(in: article).map { ("\(articlePath):\($0.line)", $0) }
        let readme = try DocumentedSnippets.read("README.md")
        for heading in readmeSections {
            let section = try #require(DocumentedSnippets.section(heading, of: readme), "README.md has \(heading)")
            let offset = readme.components(separatedBy: "\n").firstIndex { $0 == heading } ?? 0
            blocks += DocumentedSnippets.swiftBlocks(in: section).map { block in
                ("README.md:\(block.line + offset)", block)
            }
        }
        return blocks
    }

    @Test("every Swift block of the article and of the README's app sections is made of compiled regions")
    func blocksAreCompiled() throws {
        let regions = try DocumentedSnippets.regions(under: "Tests/AuthTrailTests")
        let blocks = try Self.documentedBlocks()
        #expect(blocks.filter { $0.place.hasPrefix("Sources/") }.count >= 6, "the article's blocks were found")
        #expect(blocks.filter { $0.place.hasPrefix("README") }.count >= 3, "the README's blocks were found")
        for (place, block) in blocks {
            let parts = DocumentedSnippets.composition(of: block.text, from: regions)
            #expect(
                parts != nil,
                "\(place): this block differs from every compiled region (// BEGIN … // END, Tests/AuthTrailTests)")
        }
    }

    @Test("every region compiled for the documentation appears in the article or the README")
    func regionsAreDocumented() throws {
        let regions = try DocumentedSnippets.regions(under: "Tests/AuthTrailTests/Docs")
        #expect(regions.count >= 8)
        let blocks = try Self.documentedBlocks().map(\.block.text)
        for region in regions {
            #expect(
                blocks.contains { $0.contains(region.text) },
                "\(region.file): region \(region.name) is shown nowhere, or differently, in the documentation")
        }
    }

    @Test("a block differing from its compiled region by one character is refused, and so is one with extra lines")
    func comparisonIsStrict() {
        // Built line by line, so the markers do not start lines of this file (the region scan reads it too).
        let source = [
            "// BEGIN first", "    let a = 1", "    let b = 2", "// END first", "// BEGIN second", "let c = 3",
            "// END second",
        ].joined(separator: "\n")
        let regions = DocumentedSnippets.regions(in: source, file: "sample.swift")
        #expect(regions.map(\.text) == ["let a = 1\nlet b = 2", "let c = 3"])
        #expect(DocumentedSnippets.composition(of: "let a = 1\nlet b = 2\n\nlet c = 3", from: regions)?.count == 2)
        #expect(DocumentedSnippets.composition(of: "let a = 1\nlet b = 2", from: regions)?.count == 1)
        #expect(DocumentedSnippets.composition(of: "let a = 1\nlet b = 3", from: regions) == nil)
        #expect(DocumentedSnippets.composition(of: "let a = 1\nlet b = 2\nlet c = 3", from: regions) == nil)
        #expect(DocumentedSnippets.composition(of: "let a = 1\nlet b = 2\n\nprint(a)", from: regions) == nil)
        #expect(DocumentedSnippets.composition(of: "let a = 1", from: regions) == nil)
    }
}

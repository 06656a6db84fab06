import Foundation

/// The Swift code the documentation shows, and the compiled copies the tests keep of it.
///
/// A compiled copy is a region of a test file between `// BEGIN <name>` and `// END <name>` lines (any indentation,
/// removed before comparing). A documented code block must be made of such regions, in order, separated by blank lines
/// and nothing else, so an edit to either side makes the comparison fail.
enum DocumentedSnippets {
    /// The package's root folder, found from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func read(_ relativePath: String) throws -> String {
        try String(contentsOf: packageRoot.appendingPathComponent(relativePath), encoding: .utf8)
    }

    /// One fenced code block of a Markdown file.
    struct CodeBlock {
        var text: String
        /// 1-based line of the opening fence.
        var line: Int
    }

    /// The ```` ```swift ```` blocks of `markdown`, without their fences.
    static func swiftBlocks(in markdown: String) -> [CodeBlock] {
        var blocks: [CodeBlock] = []
        var current: (lines: [Substring], line: Int)?
        for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if var open = current {
                if line.trimmingCharacters(in: .whitespaces) == "```" {
                    blocks.append(CodeBlock(text: open.lines.joined(separator: "\n"), line: open.line))
                    current = nil
                } else {
                    open.lines.append(line)
                    current = open
                }
            } else if line.trimmingCharacters(in: .whitespaces) == "```swift" {
                current = ([], index + 1)
            }
        }
        return blocks
    }

    /// The part of `markdown` from the heading line `heading` to the next heading of the same or a higher level.
    static func section(_ heading: String, of markdown: String) -> String? {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0 == heading }) else { return nil }
        let level = heading.prefix { $0 == "#" }.count
        let end =
            lines[(start + 1)...].firstIndex { line in
                let hashes = line.prefix { $0 == "#" }.count
                return hashes > 0 && hashes <= level && line.dropFirst(hashes).first == " "
            } ?? lines.endIndex
        return lines[start..<end].joined(separator: "\n")
    }

    /// A compiled region of a test file.
    struct Region {
        var name: String
        var file: String
        var text: String
    }

    /// Every `// BEGIN <name>` … `// END <name>` region of the Swift files under `folder` (relative to the package),
    /// dedented.
    static func regions(under folder: String) throws -> [Region] {
        let root = packageRoot.appendingPathComponent(folder)
        guard let files = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var regions: [Region] = []
        for case let path as String in files where path.hasSuffix(".swift") {
            let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            regions += self.regions(in: text, file: "\(folder)/\(path)")
        }
        return regions.sorted { ($0.file, $0.name) < ($1.file, $1.name) }
    }

    static func regions(in source: String, file: String) -> [Region] {
        var regions: [Region] = []
        var open: (name: String, lines: [Substring])?
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let current = open {
                if trimmed == "// END \(current.name)" {
                    regions.append(Region(name: current.name, file: file, text: dedent(current.lines)))
                    open = nil
                } else {
                    open?.lines.append(line)
                }
            } else if trimmed.hasPrefix("// BEGIN ") {
                open = (String(trimmed.dropFirst("// BEGIN ".count)), [])
            }
        }
        return regions
    }

    /// `lines` without the indentation they all share (blank lines aside).
    static func dedent(_ lines: [Substring]) -> String {
        let indents = lines.filter { !$0.allSatisfy(\.isWhitespace) }.map { $0.prefix { $0 == " " }.count }
        let common = indents.min() ?? 0
        return lines.map { $0.allSatisfy(\.isWhitespace) ? "" : String($0.dropFirst(common)) }.joined(separator: "\n")
    }

    /// The regions `block` is made of, in order, when it is exactly those regions separated by blank lines; nil when
    /// any part of it is not compiled.
    static func composition(of block: String, from regions: [Region]) -> [Region]? {
        compose(Substring(block), regions)
    }

    private static func compose(_ rest: Substring, _ regions: [Region]) -> [Region]? {
        let remaining = rest.drop { $0 == "\n" }
        if remaining.isEmpty { return [] }
        for region in regions where !region.text.isEmpty && remaining.hasPrefix(region.text) {
            let after = remaining.dropFirst(region.text.count)
            // A region ends at the end of a line, and the next one starts after a blank line.
            guard after.isEmpty || after.hasPrefix("\n\n") || after.allSatisfy({ $0 == "\n" }) else { continue }
            if let tail = compose(after, regions) { return [region] + tail }
        }
        return nil
    }
}

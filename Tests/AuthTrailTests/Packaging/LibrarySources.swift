import Foundation

/// The Swift code of the library that apps link (Sources/AuthTrail), read from the checkout when the test runs so
/// that code added since is scanned too. The CLI, the bench and the analysis target do not ship in apps.
struct LibrarySources {
    /// A line of code that matched a pattern, for the failure message.
    struct Use: CustomStringConvertible {
        var file: String
        var line: Int
        var code: String
        var description: String { "\(file):\(line): \(code)" }
    }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/AuthTrail")

    /// Each file's path relative to Sources/AuthTrail and its lines of code, comments removed.
    let files: [(path: String, lines: [(number: Int, code: String)])]

    init(folder: URL = LibrarySources.folder) throws {
        let paths = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".swift") }.sorted()
        files = try paths.map { path in
            let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
            return (path, Self.code(of: text))
        }
    }

    /// The lines that match any of `patterns`.
    func uses(of patterns: [String]) throws -> [Use] {
        let expressions = try patterns.map { try NSRegularExpression(pattern: $0) }
        return files.flatMap { file in
            file.lines.filter { line in
                let range = NSRange(line.code.startIndex..., in: line.code)
                return expressions.contains { $0.firstMatch(in: line.code, range: range) != nil }
            }.map { Use(file: file.path, line: $0.number, code: $0.code.trimmingCharacters(in: .whitespaces)) }
        }
    }

    /// Lines without whole-line `//` comments (doc comments name `stat` and friends) and `/* … */` blocks. A comment
    /// after code stays: at worst it asks for a declaration that a reader then sees is not needed.
    static func code(of text: String) -> [(number: Int, code: String)] {
        var result = [(number: Int, code: String)]()
        var inBlock = false
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if inBlock {
                if trimmed.contains("*/") { inBlock = false }
                continue
            }
            if trimmed.hasPrefix("/*") {
                inBlock = !trimmed.contains("*/")
                continue
            }
            if trimmed.hasPrefix("//") || trimmed.isEmpty { continue }
            result.append((index + 1, String(line)))
        }
        return result
    }
}

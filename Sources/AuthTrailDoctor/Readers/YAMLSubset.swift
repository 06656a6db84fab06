internal import Foundation

/// The block-YAML subset of `project.yml` files, as property-list values (scalars as strings).
enum YAMLSubset {
    static func parse(_ text: String) -> PropertyListValue {
        var lines = [(indent: Int, text: Substring)]()
        for raw in text.split(separator: "\n", omittingEmptySubsequences: true) {
            var line = Substring(raw)
            if let hash = line.range(of: " #") { line = line[..<hash.lowerBound] }
            let indent = line.prefix { $0 == " " }.count
            let content = line.dropFirst(indent).trimmingCharacters(in: .whitespaces)
            if content.isEmpty || content.hasPrefix("#") { continue }
            lines.append((indent, Substring(content)))
        }
        var index = 0
        return block(&index, lines, indent: lines.first?.indent ?? 0)
    }

    private static func block(
        _ index: inout Int, _ lines: [(indent: Int, text: Substring)], indent: Int
    )
        -> PropertyListValue
    {
        guard index < lines.count else { return .dictionary([:]) }
        if lines[index].text.hasPrefix("- ") || lines[index].text == "-" {
            var items = [PropertyListValue]()
            while index < lines.count, lines[index].indent == indent, lines[index].text.hasPrefix("-") {
                let item = lines[index].text.dropFirst().trimmingCharacters(in: .whitespaces)
                index += 1
                if let colon = keyColon(Substring(item)) {
                    // `- path: X` with more keys indented under it.
                    var entries = [String: PropertyListValue]()
                    entries[String(item[..<colon]).trimmingCharacters(in: .whitespaces)] = scalar(
                        Substring(item[item.index(after: colon)...]))
                    if index < lines.count, lines[index].indent > indent,
                        case .dictionary(let more) = block(
                            &index, lines, indent: lines[index].indent)
                    {
                        entries.merge(more) { old, _ in old }
                    }
                    items.append(.dictionary(entries))
                } else {
                    items.append(scalar(Substring(item)))
                }
            }
            return .array(items)
        }
        var entries = [String: PropertyListValue]()
        while index < lines.count, lines[index].indent == indent {
            let line = lines[index].text
            index += 1
            guard let colon = keyColon(line) else { continue }
            let key = String(line[..<colon]).trimmingCharacters(in: CharacterSet(charactersIn: " \"'"))
            let rest = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if rest.isEmpty {
                entries[key] =
                    index < lines.count && lines[index].indent > indent
                    ? block(&index, lines, indent: lines[index].indent) : .string("")
            } else {
                entries[key] = scalar(Substring(rest))
            }
        }
        // Lines indented deeper than a key with a value are not this subset's: step over them.
        while index < lines.count, lines[index].indent > indent { index += 1 }
        return .dictionary(entries)
    }

    /// The `:` ending a mapping key (followed by a space or the end), outside quotes.
    private static func keyColon(_ text: Substring) -> Substring.Index? {
        var quoted: Character?
        for index in text.indices {
            let character = text[index]
            if let open = quoted {
                if character == open { quoted = nil }
            } else if character == "\"" || character == "'" {
                quoted = character
            } else if character == ":" {
                let next = text.index(after: index)
                if next == text.endIndex || text[next] == " " { return index }
            }
        }
        return nil
    }

    /// A scalar, or a flow list of scalars `[a, b]`, or a flow mapping `{path: a}`; quotes removed.
    private static func scalar(_ text: Substring) -> PropertyListValue {
        let value = text.trimmingCharacters(in: .whitespaces)
        if value.hasPrefix("["), value.hasSuffix("]") {
            return .array(value.dropFirst().dropLast().split(separator: ",").map { scalar($0) })
        }
        if value.hasPrefix("{"), value.hasSuffix("}") {
            var entries = [String: PropertyListValue]()
            for pair in value.dropFirst().dropLast().split(separator: ",") {
                guard let colon = pair.firstIndex(of: ":") else { continue }
                entries[pair[..<colon].trimmingCharacters(in: .whitespaces)] = scalar(pair[pair.index(after: colon)...])
            }
            return .dictionary(entries)
        }
        return .string(value.trimmingCharacters(in: CharacterSet(charactersIn: "\"'")))
    }
}

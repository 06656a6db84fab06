import Foundation

extension Report {
    /// The report as Markdown (GitHub tables), to paste into a ticket. Text that comes from the inputs (device
    /// fields, messages, filter values) cannot bring raw HTML into the page the Markdown becomes: a `<` or `&` that
    /// could start markup is written as an entity, and `|` escaped so a value cannot split a table cell.
    package func renderMarkdown() -> String {
        let escape = Self.markdownEscaped
        var out = "# AuthTrail report\n\n\(escape(headline))\n"
        if !input.filters.isEmpty { out += "\nFilters: \(escape(input.filters.joined(separator: "; ")))\n" }
        for section in sections {
            out += "\n## \(escape(section.title))\n\n"
            for line in section.summary { out += "- \(escape(line))\n" }
            if !section.summary.isEmpty && !section.header.isEmpty { out += "\n" }
            guard !section.header.isEmpty else { continue }
            if section.rows.isEmpty {
                out += "None.\n"
                continue
            }
            out += "| " + section.header.map(escape).joined(separator: " | ") + " |\n"
            out += "|" + section.header.indices.map { section.numeric.contains($0) ? "---:|" : "---|" }.joined() + "\n"
            for row in section.rows { out += "| " + row.map(escape).joined(separator: " | ") + " |\n" }
        }
        return out
    }

    /// `text` with every `<` that could open HTML or an autolink (before a letter, `/`, `!` or `?`) and every `&`
    /// that could start an entity (before a letter or `#`) written as an entity, and `|` escaped for a table cell.
    /// Other `<`, `>` and `&` stay as they are (`< 100 ms`, `p < 0.05`): they cannot become markup, and the report's
    /// own text keeps its bytes.
    static func markdownEscaped(_ text: String) -> String {
        guard text.contains(where: { "&<|".contains($0) }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        var characters = text.makeIterator()
        var next = characters.next()
        while let character = next {
            next = characters.next()
            let opensMarkup = next.map { $0.isLetter || "/!?#".contains($0) } ?? false
            switch character {
            case "<" where opensMarkup: out += "&lt;"
            case "&" where opensMarkup: out += "&amp;"
            case "|": out += "\\|"
            default: out.append(character)
            }
        }
        return out
    }
}

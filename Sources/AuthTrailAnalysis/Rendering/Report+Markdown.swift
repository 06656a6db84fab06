import AuthTrailDoctor

extension Report {
    /// The report as Markdown (GitHub tables), to paste into a ticket. Text that comes from the inputs (device
    /// fields, messages, filter values) cannot bring raw HTML into the page the Markdown becomes: a `<` or `&` that
    /// could start markup is written as an entity, and `|` escaped so a value cannot split a table cell.
    package func renderMarkdown() -> String {
        let escape = MarkdownText.escaped
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
}

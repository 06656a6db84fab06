import Foundation

extension Report {
    /// The report as Markdown (GitHub tables), to paste into a ticket.
    package func renderMarkdown() -> String {
        func escape(_ cell: String) -> String { cell.replacingOccurrences(of: "|", with: "\\|") }
        var out = "# AuthTrail report\n\n\(headline)\n"
        if !input.filters.isEmpty { out += "\nFilters: \(input.filters.joined(separator: "; "))\n" }
        for section in sections {
            out += "\n## \(section.title)\n\n"
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

extension Report {
    /// The report as aligned plain-text tables; `colour` adds ANSI bold headings (only for a terminal).
    public func renderText(colour: Bool = false) -> String {
        func heading(_ title: String) -> String { colour ? "\n\u{1B}[1;4m\(title)\u{1B}[0m\n" : "\n\(title)\n" }
        var out = "AuthTrail report: \(headline)\n"
        if !input.filters.isEmpty { out += "Filters: \(input.filters.joined(separator: "; "))\n" }
        for section in sections {
            out += heading(section.title)
            for line in section.summary { out += "  \(line)\n" }
            guard !section.header.isEmpty else { continue }
            guard !section.rows.isEmpty else {
                out += "  none\n"
                continue
            }
            var header = section.header
            var rows = section.rows
            if let bars = section.bars {
                header.append("")
                rows = zip(rows, bars).map { row, share in row + [String(repeating: "#", count: Int((share * 20).rounded()))] }
            }
            out += TextTable(header: header, rows: rows, rightAligned: section.numeric).render(colour: colour)
        }
        return out
    }
}

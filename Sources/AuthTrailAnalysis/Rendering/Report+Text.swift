extension Report {
    /// The report as aligned plain-text tables; `colour` adds ANSI bold headings (only for a terminal).
    /// - Parameter width: the longest line allowed (a terminal's width): tables give way in the order `TextTable`
    ///   states and sentences wrap at spaces; nil (piped, written to a file) keeps every table at full width.
    package func renderText(colour: Bool = false, width: Int? = nil) -> String {
        func heading(_ title: String) -> String {
            let lines = width.map { TextTable.wrap(title, width: $0) } ?? [title]
            return "\n" + lines.map { colour ? "\u{1B}[1;4m\($0)\u{1B}[0m\n" : "\($0)\n" }.joined()
        }
        // Sentences wrap with their continuation lines indented two more spaces.
        func prose(_ text: String, indent: String = "") -> String {
            guard let width, indent.count + text.count > width else { return indent + text + "\n" }
            let lines = TextTable.wrap(text, width: max(1, width - indent.count - 2))
            return lines.enumerated().map { ($0 == 0 ? indent : indent + "  ") + $1 + "\n" }.joined()
        }
        var out = prose("AuthTrail report: \(headline)")
        if !input.filters.isEmpty { out += prose("Filters: \(input.filters.joined(separator: "; "))") }
        for section in sections {
            out += heading(section.title)
            for line in section.summary { out += prose(line, indent: "  ") }
            guard !section.header.isEmpty else { continue }
            guard !section.rows.isEmpty else {
                out += "  none\n"
                continue
            }
            var table = TextTable(header: section.header, rows: section.rows, rightAligned: section.numeric)
            if let bars = section.bars {
                table.barColumn = table.header.count
                table.header.append("")
                table.rows = zip(table.rows, bars).map { row, share in
                    row + [String(repeating: "#", count: Int((share * 20).rounded()))]
                }
            }
            out += table.render(colour: colour, width: width)
        }
        return out
    }
}

/// Columns padded to their widest cell; optionally styled with ANSI bold headers for a terminal.
struct TextTable {
    var header: [String]
    var rows: [[String]]
    var rightAligned: Set<Int> = []

    func render(colour: Bool = false) -> String {
        var widths = header.map(\.count)
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], cell.count)
            }
        }
        func line(_ cells: [String]) -> String {
            let padded = cells.enumerated().map { index, cell in
                let padding = String(repeating: " ", count: max(0, widths[index] - cell.count))
                return rightAligned.contains(index) ? padding + cell : cell + padding
            }
            var text = "  " + padded.joined(separator: "  ")
            while text.last == " " { text.removeLast() }
            return text + "\n"
        }
        let head = line(header)
        return (colour ? "\u{1B}[1m" + head.dropLast() + "\u{1B}[0m\n" : head) + rows.map(line).joined()
    }
}

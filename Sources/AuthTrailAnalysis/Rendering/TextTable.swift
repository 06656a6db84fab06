/// Columns padded to their widest cell; optionally styled with ANSI bold headers for a terminal.
///
/// Without a width (output piped or written to a file) every column is as wide as its widest cell. Given a width
/// (the terminal's), a table wider than it gives way in this order, stopping as soon as it fits:
/// 1. the share bar (`barColumn`, which repeats the share column) is shortened, down to 5 characters, then dropped;
/// 2. header cells wrap at spaces onto continuation lines;
/// 3. text columns wrap at spaces, the widest first, down to their longest word; numbers never wrap;
/// 4. otherwise each row is printed as a block of `header: value` lines (the bar left out; values aligned after the
///    longest header when it takes at most a third of the line): a value too long for
///    its line goes on the lines under its header, indented by 4 and wrapped at spaces. Only a single word longer
///    than the whole line (no report value is; a hostile one may be) is ever broken inside, and it goes on at the
///    start of the next line.
///
/// Nothing is cut short or abbreviated: a long name (`serverProtectionPoliciesRequired`) stays whole on its line.
struct TextTable {
    var header: [String]
    var rows: [[String]]
    var rightAligned: Set<Int> = []
    /// A column of `#` bars drawn from another column's share: the first to give way when the table is too wide.
    var barColumn: Int? = nil

    /// The table as lines, each ending with a newline.
    /// - Parameter width: the longest line allowed (the terminal's width), or nil for full width.
    func render(colour: Bool = false, width: Int? = nil) -> String {
        var table = self
        var widths = table.naturalWidths
        if let width, Self.lineWidth(widths) > width {
            table.shortenBars(by: Self.lineWidth(widths) - width, widths: &widths)
            guard table.narrow(&widths, to: width) else { return table.renderBlocks(colour: colour, width: width) }
        }
        return table.renderColumns(widths: widths, colour: colour)
    }

    // MARK: Column layout

    private var naturalWidths: [Int] {
        var widths = header.map(\.count)
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], cell.count)
            }
        }
        return widths
    }

    /// Two spaces before the first column and between columns.
    private static func lineWidth(_ widths: [Int]) -> Int { 2 + widths.reduce(0, +) + 2 * max(0, widths.count - 1) }

    /// Step 1: scales the bars down by `excess` characters, or drops the bar column when fewer than 5 would remain.
    private mutating func shortenBars(by excess: Int, widths: inout [Int]) {
        guard let bar = barColumn, bar < widths.count, widths[bar] > 0 else { return }
        let longest = widths[bar]
        let target = longest - excess
        if target >= 5 {
            rows = rows.map { row in
                var row = row
                if bar < row.count {
                    row[bar] = String(repeating: "#", count: (row[bar].count * target + longest / 2) / longest)
                }
                return row
            }
            widths[bar] = target
        } else {
            header.remove(at: bar)
            rows = rows.map { row in bar < row.count ? Array(row[..<bar] + row[(bar + 1)...]) : row }
            rightAligned = Set(rightAligned.compactMap { $0 < bar ? $0 : $0 > bar ? $0 - 1 : nil })
            widths.remove(at: bar)
            barColumn = nil
        }
    }

    /// Steps 2 and 3: narrows columns to their longest word, the widest first; false when that is not enough.
    private func narrow(_ widths: inout [Int], to width: Int) -> Bool {
        var minimum = header.map(Self.longestWord)
        for row in rows {
            for (index, cell) in row.enumerated() where index < minimum.count {
                minimum[index] = max(minimum[index], rightAligned.contains(index) ? cell.count : Self.longestWord(cell))
            }
        }
        guard Self.lineWidth(minimum) <= width else { return false }
        var excess = Self.lineWidth(widths) - width
        while excess > 0 {
            // The widest column that can still give a character (ties: the rightmost, so names on the left stay wide).
            guard let index = widths.indices.filter({ widths[$0] > minimum[$0] }).max(by: { widths[$0] <= widths[$1] })
            else { return false }
            widths[index] -= 1
            excess -= 1
        }
        return true
    }

    private func renderColumns(widths: [Int], colour: Bool) -> String {
        func lines(_ cells: [String]) -> String {
            let wrapped = cells.enumerated().map { index, cell in
                index < widths.count ? Self.wrap(cell, width: widths[index]) : [cell]
            }
            var out = ""
            for lineIndex in 0..<(wrapped.map(\.count).max() ?? 1) {
                let padded = wrapped.enumerated().map { index, pieces in
                    let piece = lineIndex < pieces.count ? pieces[lineIndex] : ""
                    let padding = String(repeating: " ", count: max(0, widths[index] - piece.count))
                    return rightAligned.contains(index) ? padding + piece : piece + padding
                }
                var text = "  " + padded.joined(separator: "  ")
                while text.last == " " { text.removeLast() }
                out += text + "\n"
            }
            return out
        }
        let head = lines(header)
        let styledHead = colour ? head.split(separator: "\n").map { "\u{1B}[1m\($0)\u{1B}[0m\n" }.joined() : head
        return styledHead + rows.map(lines).joined()
    }

    // MARK: Block layout

    /// Step 4: one block per row, a blank line before it; per column `header: value` on one line when it fits,
    /// else the header on its line and the value wrapped on the lines under it, indented.
    private func renderBlocks(colour: Bool, width: Int) -> String {
        func bold(_ text: String) -> String { colour ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
        // Values line up after the longest header, when that leaves them room.
        let labelWidth = min(1 + (header.map(\.count).max() ?? 0), width / 3)
        var out = ""
        for row in rows {
            out += "\n"
            for (index, cell) in row.enumerated() where index < header.count && index != barColumn {
                let label = header[index] + ":"
                let padding = String(repeating: " ", count: max(0, labelWidth - label.count))
                if 2 + label.count + padding.count + 1 + cell.count <= width {
                    out += "  " + bold(label) + (cell.isEmpty ? "" : padding + " " + cell) + "\n"
                    continue
                }
                out += Self.wrap(label, width: width - 2).map { "  " + bold($0) + "\n" }.joined()
                out += Self.wrap(cell, width: width - 4).map { "    " + $0 + "\n" }.joined()
            }
        }
        return out
    }

    // MARK: Wrapping

    private static func longestWord(_ text: String) -> Int {
        text.split(separator: " ").map(\.count).max() ?? 0
    }

    /// `text` in lines of at most `width` characters, broken at spaces; a word longer than `width` is broken inside
    /// and goes on at the start of the next line.
    static func wrap(_ text: String, width: Int) -> [String] {
        guard text.count > width, width > 0 else { return [text] }
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = Substring(word)
            if !line.isEmpty && line.count + 1 + word.count <= width {
                line += " " + word
                continue
            }
            if !line.isEmpty { lines.append(line) }
            while word.count > width {
                lines.append(String(word.prefix(width)))
                word = word.dropFirst(width)
            }
            line = String(word)
        }
        lines.append(line)
        return lines
    }
}

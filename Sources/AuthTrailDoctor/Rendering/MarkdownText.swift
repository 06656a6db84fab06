/// Text from the inputs (device fields, messages, app and file names) made safe in Markdown, for every command's
/// Markdown output: it cannot bring raw HTML into the page the Markdown becomes, nor split a table cell or a line.
package enum MarkdownText {
    /// `text` with every `<` that could open HTML or an autolink (before a letter, `/`, `!` or `?`) and every `&`
    /// that could start an entity (before a letter or `#`) written as an entity, `|` escaped for a table cell, and
    /// line breaks as spaces. Other `<`, `>` and `&` stay as they are (`< 100 ms`, `p < 0.05`): they cannot become
    /// markup, and the tools' own text keeps its bytes.
    package static func escaped(_ text: String) -> String {
        guard text.contains(where: { "&<|".contains($0) || $0.isNewline }) else { return text }
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
            case _ where character.isNewline: out += " "
            default: out.append(character)
            }
        }
        return out
    }

    /// `text` as a code span: fenced by one backtick more than its longest run of backticks (padded with a space
    /// when it starts or ends with one), line breaks as spaces, and `|` escaped when it goes in a table cell (where
    /// GitHub reads `\|` as a pipe even in code). Inside a code span nothing is markup, so nothing else needs escaping.
    package static func code(_ text: String, inTableCell: Bool = false) -> String {
        var flat = ""
        var run = 0
        var longest = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
            switch character {
            case "|" where inTableCell: flat += "\\|"
            case _ where character.isNewline: flat += " "
            default: flat.append(character)
            }
        }
        let fence = String(repeating: "`", count: longest + 1)
        let pad = flat.first == "`" || flat.last == "`" ? " " : ""
        return fence + pad + flat + pad + fence
    }
}

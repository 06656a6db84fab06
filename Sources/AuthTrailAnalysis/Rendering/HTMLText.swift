import Foundation

/// Escaping and number formatting for the HTML report.
enum HTMLText {
    /// `text` safe inside an element or a double-quoted attribute.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    /// `text` escaped for a column header, each word with a hyphen or a slash (`sub-code`, `-50002`, `Retry-After`)
    /// kept on one line: browsers break lines after a hyphen, and a header must never break within a word.
    static func header(_ text: String) -> String {
        text.split(separator: " ", omittingEmptySubsequences: false).map { word in
            word.contains(where: { $0 == "-" || $0 == "/" })
                ? "<span class=\"word\">\(escape(String(word)))</span>" : escape(String(word))
        }.joined(separator: " ")
    }

    /// A JSON array of strings as an escaped attribute value (the page's filters read it with `JSON.parse`).
    static func list(_ values: [String]) -> String {
        let data = (try? JSONEncoder().encode(values)) ?? Data("[]".utf8)
        return escape(String(decoding: data, as: UTF8.self))
    }

    /// One decimal, for SVG coordinates.
    static func number(_ value: Double) -> String { String(format: "%.1f", value) }

    /// An SVG shape marking series `index` of a chart (circle, square, triangle, diamond, cross), centred on x, y.
    static func marker(_ index: Int, x: Double, y: Double, colour: String) -> String {
        let (cx, cy) = (number(x), number(y))
        switch index % 5 {
        case 0: return "<circle cx=\"\(cx)\" cy=\"\(cy)\" r=\"3.5\" fill=\"\(colour)\"/>"
        case 1:
            return
                "<rect x=\"\(number(x - 3.5))\" y=\"\(number(y - 3.5))\" width=\"7\" height=\"7\" fill=\"\(colour)\"/>"
        case 2:
            return "<path d=\"M\(cx) \(number(y - 4.5))L\(number(x + 4.5)) \(number(y + 3.5))L\(number(x - 4.5)) "
                + "\(number(y + 3.5))Z\" fill=\"\(colour)\"/>"
        case 3:
            return "<path d=\"M\(cx) \(number(y - 5))L\(number(x + 5)) \(cy)L\(cx) \(number(y + 5))L\(number(x - 5)) "
                + "\(cy)Z\" fill=\"\(colour)\"/>"
        default:
            return "<path d=\"M\(number(x - 4)) \(number(y - 4))L\(number(x + 4)) \(number(y + 4))M\(number(x + 4)) "
                + "\(number(y - 4))L\(number(x - 4)) \(number(y + 4))\" stroke=\"\(colour)\" stroke-width=\"2.5\"/>"
        }
    }

    /// Dash patterns per series, so lines differ without colour.
    static let dashes = ["", "6 3", "2 3", "8 3 2 3", "1 2"]
}

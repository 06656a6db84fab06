/// JSON text for `authtrail explain --format json`, written the one way docs/REPORT-JSON.md states: keys sorted by
/// code point (as `jq -S` sorts them) in every object, two-space indentation, `[]` for an empty list. Foundation's
/// writers sorted `b2cErrorCodes` before `b2cErrorCodeSpellings` in one path and after it in the other.
package enum ExplainJSONText {
    /// `value`: a `[String: Any]`, `[Any]`, `String`, `Int`, `Bool` or nil (written `null`; other values too).
    package static func string(_ value: Any?) -> String {
        var text = ""
        write(value, indent: 0, to: &text)
        return text
    }

    private static func write(_ value: Any?, indent: Int, to text: inout String) {
        let padding = String(repeating: "  ", count: indent + 1)
        switch value {
        case let object as [String: Any]:
            guard !object.isEmpty else {
                text += "{}"
                return
            }
            text += "{\n"
            let keys = object.keys.sorted {
                Array($0.unicodeScalars.map(\.value)).lexicographicallyPrecedes($1.unicodeScalars.map(\.value))
            }
            for (index, key) in keys.enumerated() {
                text += padding
                writeString(key, to: &text)
                text += " : "
                write(object[key], indent: indent + 1, to: &text)
                text += index == keys.count - 1 ? "\n" : ",\n"
            }
            text += String(repeating: "  ", count: indent) + "}"
        case let array as [Any]:
            guard !array.isEmpty else {
                text += "[]"
                return
            }
            text += "[\n"
            for (index, element) in array.enumerated() {
                text += padding
                write(element, indent: indent + 1, to: &text)
                text += index == array.count - 1 ? "\n" : ",\n"
            }
            text += String(repeating: "  ", count: indent) + "]"
        case let string as String: writeString(string, to: &text)
        case let bool as Bool: text += bool ? "true" : "false"
        case let number as Int: text += String(number)
        default: text += "null"
        }
    }

    private static func writeString(_ string: String, to text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}

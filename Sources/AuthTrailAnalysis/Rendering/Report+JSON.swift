import Foundation

extension Report {
    /// The report as pretty-printed JSON with sorted snake_case keys: the schema in docs/REPORT-JSON.md.
    package func renderJSON() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        // Encoding plain structs of strings and numbers cannot fail.
        let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

}

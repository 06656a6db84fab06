import Foundation
import Testing

/// Reads the extracts of MSAL's, IdentityCore's and Microsoft's published sources kept in `Tests/Reference` (each
/// names its repository, path and commit in its header). Parsing is deliberately independent of the catalog's tables:
/// the tests compare the two.
enum SourceExtracts {
    struct Missing: Error, CustomStringConvertible {
        var what: String
        var description: String { "\(what) not found in \(SourceExtracts.folder.path)" }
    }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Reference")

    static func text(_ file: String) throws -> String {
        guard let text = try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8) else {
            throw Missing(what: file)
        }
        return text
    }

    /// Every capture group of every match of `pattern` in `text`.
    static func matches(_ pattern: String, in text: String) -> [[String]] {
        let expression = try! NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
        let source = text as NSString
        return expression.matches(in: text, range: NSRange(location: 0, length: source.length)).map { match in
            (1..<match.numberOfRanges).map {
                match.range(at: $0).location == NSNotFound ? "" : source.substring(with: match.range(at: $0))
            }
        }
    }

    /// `Name = -123,` enum lines (MSIDError.h writes one value as `- 51720`), in order.
    static func enumValues(_ text: String) -> [(name: String, value: Int)] {
        matches(#"^\s*(\w+)\s*=\s*-\s*(\d+)"#, in: text).map { ($0[0], -Int($0[1])!) }
    }

    /// The enum blocks of a header extract, by enum name (`typedef NS_ENUM(NSInteger, MSALError)`).
    static func enumBlocks(_ text: String) -> [(enumName: String, values: [(name: String, value: Int)])] {
        text.components(separatedBy: "typedef NS_ENUM(NSInteger, ").dropFirst().map { block in
            let name = String(block.prefix(while: { $0 != ")" }))
            return (name, enumValues(block))
        }
    }

    /// MSALError.h: the MSALError (top-level) and MSALInternalError values.
    static func msalHeader() throws -> (
        errors: [(name: String, value: Int)], internalErrors: [(name: String, value: Int)]
    ) {
        let blocks = enumBlocks(try text("MSALError.h.enums.txt"))
        guard let errors = blocks.first(where: { $0.enumName == "MSALError" })?.values,
            let internalErrors = blocks.first(where: { $0.enumName == "MSALInternalError" })?.values
        else { throw Missing(what: "MSALError / MSALInternalError enums") }
        return (errors, internalErrors)
    }

    /// MSIDError.h: every MSIDErrorCode value.
    static func msidHeader() throws -> [(name: String, value: Int)] {
        enumValues(try text("MSIDError.h.enums.txt"))
    }

    /// One row of MSALErrorConverter's code table, with both sides resolved through the headers.
    struct ConverterRow: Sendable, CustomTestStringConvertible {
        var msidName: String
        var msidCode: Int
        var msalName: String
        var msalCode: Int
        var testDescription: String { "\(msidName) → \(msalName)" }
    }

    struct Converter {
        /// MSID domain → the domain the converter maps it to.
        var domains: [String: String]
        var rows: [ConverterRow]
        /// `s_recoverableErrorCode`, resolved to values.
        var keptAtTopLevel: Set<Int>
    }

    static func converter() throws -> Converter {
        let text = try text("MSALErrorConverter.m.mappings.txt")
        let (errors, internalErrors) = try msalHeader()
        let msalValues = Dictionary(uniqueKeysWithValues: (errors + internalErrors).map { ($0.name, $0.value) })
        let msidValues = Dictionary(uniqueKeysWithValues: try msidHeader().map { ($0.name, $0.value) })
        let domains = Dictionary(
            uniqueKeysWithValues: matches(#"^\s*(MSID\w+Domain)\s*:\s*(\w+Domain),?$"#, in: text).map { ($0[0], $0[1]) }
        )
        let rows = try matches(#"@\((MSIDError\w+)\)\s*:\s*@\((MSAL\w+)\)"#, in: text).map { match in
            guard let msid = msidValues[match[0]], let msal = msalValues[match[1]] else {
                throw Missing(what: "header value for \(match[0]) or \(match[1])")
            }
            return ConverterRow(msidName: match[0], msidCode: msid, msalName: match[1], msalCode: msal)
        }
        guard let recoverableLine = text.split(separator: "\n").first(where: { $0.contains("s_recoverableErrorCode") })
        else { throw Missing(what: "s_recoverableErrorCode") }
        let kept = try matches(#"@\((MSAL\w+)\)"#, in: String(recoverableLine)).map { match in
            guard let value = msalValues[match[0]] else { throw Missing(what: match[0]) }
            return value
        }
        return Converter(domains: domains, rows: rows, keptAtTopLevel: Set(kept))
    }

    /// The converter's rows, or none when the extract cannot be read (a separate test then fails on the count).
    static let converterRows: [ConverterRow] = (try? converter().rows) ?? []

    /// MSAL 0.x: each code's name in the latest tag that had the value (the extract lists tags oldest first).
    static func legacyCodes() throws -> [Int: String] {
        var names = [Int: String]()
        for (name, value) in enumValues(try text("MSALError-0.x.h.enums.txt")) { names[value] = name }
        return names
    }

    /// AADSTS codes and Microsoft's name (nil where the table gives none).
    static func stsCodes() throws -> [(code: Int, name: String?)] {
        matches(#"^(\d+)\t(\S+)"#, in: try text("aadsts-codes.txt")).map { (Int($0[0])!, $0[1] == "-" ? nil : $0[1]) }
    }

    /// AADB2C codes.
    static func b2cCodes() throws -> [Int] {
        matches(#"^AADB2C(\d{5})$"#, in: try text("aadb2c-codes.txt")).map { Int($0[0])! }
    }

    /// The Swift name of an ObjC enum case: the given prefix dropped, then the leading capital (or initialism, as in
    /// `UINotSupported` → `uiNotSupported`) lowered, as Swift's importer does.
    static func swiftName(_ objectiveCName: String, dropping prefix: String) -> String {
        let bare = Array(
            objectiveCName.hasPrefix(prefix) ? objectiveCName.dropFirst(prefix.count) : Substring(objectiveCName))
        let capitals = bare.prefix(while: { $0.isUppercase }).count
        let lowered = capitals > 1 && capitals < bare.count ? capitals - 1 : max(capitals, 1)
        return String(bare.prefix(lowered)).lowercased() + String(bare.dropFirst(lowered))
    }
}

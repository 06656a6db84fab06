import Foundation
import Testing

@testable import AuthTrail

/// Every value the MSAL reference lists is in the catalog under the right name. The reference is the team's fact sheet
/// (`Tests/Reference/msal-error-model.md`, a copy of `../shared/reference/msal-error-model.md` kept in the repository
/// so a clean clone checks it too).
@Suite("the error catalog matches the MSAL reference")
struct ErrorCatalogReferenceTests {
    @Test("every MSALError value has its Swift name")
    func msalErrors() throws {
        let rows = try MSALReference.msalErrors()
        #expect(rows.count == 10)
        for (code, name) in rows {
            #expect(ErrorCatalog.entry(domain: "MSALErrorDomain", code: code)?.name == name, "MSALErrorDomain \(code)")
        }
    }

    @Test("every MSALInternalError value has its Swift name")
    func internalErrors() throws {
        let rows = try MSALReference.internalErrors()
        #expect(rows.count >= 65, "the reference parser found only \(rows.count) internal codes")
        #expect(Set(rows.map(\.code)).count == rows.count)
        for (code, name) in rows {
            #expect(
                ErrorCatalog.entry(domain: ErrorCatalog.internalDomain, code: code)?.name == name, "internal \(code)")
        }
    }

    @Test("every NSURLErrorDomain and keychain OSStatus value has its name")
    func systemErrors() throws {
        let (urlRows, osStatusRows) = try MSALReference.systemErrors()
        #expect(urlRows.count == 16)
        #expect(osStatusRows.count == 5)
        for (code, name) in urlRows {
            #expect(
                ErrorCatalog.entry(domain: "NSURLErrorDomain", code: code)?.name.lowercased() == name.lowercased(),
                "NSURLErrorDomain \(code)")
        }
        for (code, name) in osStatusRows {
            #expect(ErrorCatalog.entry(domain: "NSOSStatusErrorDomain", code: code)?.name == name, "OSStatus \(code)")
        }
    }

    @Test("every AADSTS code is in the catalog, under the reference's name where it gives one")
    func stsErrors() throws {
        let rows = try MSALReference.stsErrors()
        #expect(rows.count == 30)
        for (code, name) in rows {
            let entry = ErrorCatalog.entry(domain: ErrorCatalog.stsDomain, code: code)
            #expect(entry != nil, "AADSTS\(code) missing")
            guard let name, let entry else { continue }
            if name.hasPrefix("…") {
                #expect(entry.name.hasSuffix(name.dropFirst()), "AADSTS\(code)")
            } else {
                #expect(entry.name == name, "AADSTS\(code)")
            }
        }
    }

    @Test("HTTP 429 and every 5xx have an entry with a retrying action")
    func httpStatuses() {
        #expect(ErrorCatalog.entry(domain: "HTTP", code: 429)?.action == .retryAfter)
        for status in 500...599 {
            #expect(ErrorCatalog.entry(domain: "HTTP", code: status)?.action == .retryWithBackoff, "HTTP \(status)")
        }
        #expect(ErrorCatalog.entry(domain: "HTTP", code: 200) == nil)
    }
}

@Suite("the error catalog")
struct ErrorCatalogTests {
    @Test("no code appears twice in a domain, and every entry has a name and a meaning")
    func entriesAreWellFormed() {
        var seen = Set<String>()
        for entry in ErrorCatalog.allEntries {
            #expect(seen.insert("\(entry.domain) \(entry.code)").inserted, "\(entry.domain) \(entry.code) twice")
            #expect(!entry.name.isEmpty && !entry.meaning.isEmpty)
        }
    }

    @Test("every internal sub-code recommends the generic message, as Microsoft's guidance says")
    func internalCodesAreNotHandledAutomatically() {
        let internals = ErrorCatalog.allEntries.filter { $0.domain == ErrorCatalog.internalDomain }
        #expect(internals.allSatisfy { $0.action == .showGenericMessage })
    }

    @Test(
        "lookups by every form support staff type",
        arguments: [
            ("-50002", ["MSALErrorDomain interactionRequired"]),
            ("MSALErrorDomain -50002", ["MSALErrorDomain interactionRequired"]),
            ("MSALErrorDomain:-50002", ["MSALErrorDomain interactionRequired"]),
            ("interactionRequired", ["MSALErrorDomain interactionRequired"]),
            ("MSALErrorInteractionRequired", ["MSALErrorDomain interactionRequired"]),
            ("-42011", ["MSALInternalError internalErrorInvalidRedirectURI"]),
            ("MSALInternalErrorInvalidRedirectURI", ["MSALInternalError internalErrorInvalidRedirectURI"]),
            ("AADSTS50076", ["AADSTS UserStrongAuthClientAuthNRequired"]),
            ("50076", ["AADSTS UserStrongAuthClientAuthNRequired"]),
            ("NSURLErrorDomain -1009", ["NSURLErrorDomain notConnectedToInternet"]),
            ("-1009", ["NSURLErrorDomain notConnectedToInternet"]),
            ("429", ["HTTP tooManyRequests"]),
            ("HTTP 503", ["HTTP serviceUnavailable"]),
            ("-50", ["NSOSStatusErrorDomain errSecParam"]),
            ("-50003 ", ["MSALErrorDomain serverDeclinedScopes"]),
            ("MSIDErrorDomain -51412", ["MSIDErrorDomain MSIDErrorServerInvalidGrant"]),
            ("MSIDOAuthErrorDomain:-51412", ["MSIDErrorDomain MSIDErrorServerInvalidGrant"]),
            ("AADB2C90118", ["AADB2C ForgotPassword"]),
            ("-6000", ["com.apple.AuthenticationServices.AuthorizationError MSIDSSOExtensionUnderlyingError"]),
            ("-12345", []),
            ("AADSTS1", []),
            ("NoSuchName", []),
            ("", []),
        ])
    func lookups(query: String, expected: [String]) {
        #expect(ErrorCatalog.entries(matching: query).map { "\($0.domain) \($0.name)" } == expected)
    }
}

/// Reads the shared reference markdown. Parsing is deliberately independent of the catalog's own tables.
enum MSALReference {
    static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Reference/msal-error-model.md").path

    static let text: String? = try? String(contentsOfFile: path, encoding: .utf8)

    struct MissingSection: Error, CustomStringConvertible {
        var name: String
        var description: String { "section \(name) not found in \(MSALReference.path)" }
    }

    static func section(from start: String, to end: String) throws -> String {
        guard let text, let lower = text.range(of: start),
            let upper = text.range(of: end, range: lower.upperBound..<text.endIndex)
        else { throw MissingSection(name: start) }
        return String(text[lower.upperBound..<upper.lowerBound])
    }

    static func matches(_ pattern: String, in text: String) -> [[String]] {
        let expression = try! NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
        let source = text as NSString
        return expression.matches(in: text, range: NSRange(location: 0, length: source.length)).map { match in
            (0..<match.numberOfRanges).map {
                match.range(at: $0).location == NSNotFound ? "" : source.substring(with: match.range(at: $0))
            }
        }
    }

    static func withoutParentheses(_ text: String) -> String {
        text.replacingOccurrences(of: #"\s*\([^()]*\)"#, with: "", options: .regularExpression)
    }

    /// The Swift name of an ObjC enum case: without `MSAL`, first letter lowered.
    static func swiftName(_ objectiveCName: String) -> String {
        let bare = objectiveCName.hasPrefix("MSAL") ? String(objectiveCName.dropFirst(4)) : objectiveCName
        return bare.prefix(1).lowercased() + bare.dropFirst()
    }

    /// §2's table: value and Swift name.
    static func msalErrors() throws -> [(code: Int, name: String)] {
        let table = try section(from: "## 2.", to: "## 3.")
        return matches(#"^\| MSALError\w+ \| (-\d+) \| (?:inferred )?`\.(\w+)`"#, in: table).map {
            (Int($0[1])!, $0[2])
        }
    }

    /// §3's list: `-42000 InvalidParameter · …`, with `Prefix` markers, slash groups and backticked full names.
    static func internalErrors() throws -> [(code: Int, name: String)] {
        let list = withoutParentheses(try section(from: "unless shown otherwise:", to: "**MSID codes"))
        var rows = [(code: Int, name: String)]()
        var prefix = "MSALInternalError"
        let pieces = list.components(separatedBy: "Prefix `")
        for (index, piece) in pieces.enumerated() {
            var body = Substring(piece)
            if index > 0, let end = body.firstIndex(of: "`") {
                prefix = String(body[..<end])
                body = body[body.index(after: end)...].drop(while: { $0 == ":" })
            }
            for item in body.components(separatedBy: "·") {
                let words = item.trimmingCharacters(in: CharacterSet(charactersIn: " .\n")).split(separator: " ")
                guard words.count >= 2, words[0].hasPrefix("-") else { continue }
                let codes = words[0].split(separator: "/").compactMap { Int($0) }
                if words[1].hasPrefix("`") {
                    rows.append((codes[0], swiftName(words[1].trimmingCharacters(in: CharacterSet(charactersIn: "`")))))
                } else if codes.count > 1, words.count >= 3 {
                    let suffixes = words[2].split(separator: "/")
                    for (code, suffix) in zip(codes, suffixes) {
                        rows.append((code, swiftName(prefix + words[1] + suffix)))
                    }
                } else {
                    rows.append((codes[0], swiftName(prefix + words[1])))
                }
            }
        }
        return rows
    }

    /// §9: NSURLErrorDomain names and codes, and the keychain's OSStatus values.
    static func systemErrors() throws -> (url: [(code: Int, name: String)], osStatus: [(code: Int, name: String)]) {
        let section = withoutParentheses(try section(from: "## 9.", to: "## 10.")).replacingOccurrences(
            of: "**", with: "")
        guard let urlLine = section.split(separator: "\n").first(where: { $0.hasPrefix("NSURLErrorDomain") }),
            let keychainLine = section.split(separator: "\n").first(where: { $0.hasPrefix("NSOSStatusErrorDomain") })
        else { throw MissingSection(name: "## 9. lines") }
        var url = [(code: Int, name: String)]()
        let list = urlLine.components(separatedBy: ": ").dropFirst().joined(separator: ": ").components(
            separatedBy: ". MSAL")[0]
        for item in list.components(separatedBy: ", ") {
            let words = item.split(separator: " ")
            let codes = words.last!.split(separator: "/").compactMap { Int($0) }
            if words.count == 3 {
                for (code, suffix) in zip(codes, words[1].split(separator: "/")) {
                    url.append((code, String(words[0] + suffix)))
                }
            } else {
                url.append((codes[0], String(words[0])))
            }
        }
        let osStatus = matches(#"(errSec\w+) (-\d+)"#, in: String(keychainLine)).map { (Int($0[2])!, $0[1]) }
        return (url, osStatus)
    }

    /// §10's table: codes, and the name when the reference gives one (a single word).
    static func stsErrors() throws -> [(code: Int, name: String?)] {
        let table = try section(from: "## 10.", to: "## 11.")
        var rows = [(code: Int, name: String?)]()
        for match in matches(#"^\| (\d+(?: / \d+)*) \| (.+?) \|$"#, in: table) {
            let codes = match[1].components(separatedBy: " / ").compactMap { Int($0) }
            let label = withoutParentheses(match[2].components(separatedBy: " → ")[0])
            let names = label.components(separatedBy: " / ")
            for (index, code) in codes.enumerated() {
                let name = names.count == codes.count ? names[index] : names[0]
                rows.append((code, name.contains(" ") || name.isEmpty ? nil : name))
            }
        }
        return rows
    }
}

extension MSALReference {
    /// The "MSID codes seen in logs" paragraph of §3.
    static func msidParagraph() throws -> String { try section(from: "**MSID codes seen in logs**", to: "## 4.") }

    /// `-51115 InteractionRequired → -50002` pairs (also `A and B → X`, and the ADAL-only code with its aside).
    static func msidNamedMappings() throws -> [(code: Int, name: String, target: Int)] {
        let pattern =
            #"(-5\d{4,5}) (?:\([^)]*\) )?([A-Z]\w+)(?:, ADAL-only)?(?: and (-5\d{4,5}) ([A-Z]\w+))? → \**(-\d+)"#
        return matches(pattern, in: try msidParagraph()).flatMap { match in
            var rows = [(Int(match[1])!, match[2], Int(match[5])!)]
            if !match[3].isEmpty { rows.append((Int(match[3])!, match[4], Int(match[5])!)) }
            return rows
        }
    }
}

@Suite("MSID codes from MSAL's logs")
struct MSIDCatalogReferenceTests {
    // The paragraph abbreviates the header's names (MissingAccount for MSIDErrorMissingAccountParameter) and gives the
    // converter's table target, which classification then moves under -50000 unless it is kept at the top level:
    // MSIDHeaderCatalogTests checks the exact names and MSALConverterTests the exact conversion.
    @Test("every named MSID code is the header's code the paragraph abbreviates, converted to the paragraph's target")
    func namedMappings() throws {
        let rows = try MSALReference.msidNamedMappings()
        #expect(rows.count >= 18, "the reference parser found only \(rows.count) MSID mappings")
        for (code, name, target) in rows {
            let entry = ErrorCatalog.entry(domain: "MSIDErrorDomain", code: code)
            #expect(entry?.name.hasPrefix("MSIDError") == true && entry?.name.contains(name) == true, "MSID \(code)")
            let received = ErrorCatalog.convertedByMSAL(domain: "MSIDErrorDomain", code: code)
            if target == -50000 {
                #expect(received.code == -50000, "MSID \(code)")
            } else {
                #expect(
                    received.code == target || received.internalCode == target, "MSID \(code) should reach \(target)")
            }
        }
    }

    @Test("every MSID code the paragraph mentions, range ends included, is in the catalog")
    func everyCodeMentioned() throws {
        // MSID codes are -51000 and below; the -500xx in the paragraph are the MSAL codes they become.
        let codes = MSALReference.matches(#"-5\d{4,5}\b"#, in: try MSALReference.msidParagraph()).map { Int($0[0])! }
            .filter { $0 <= -51000 }
        #expect(codes.count >= 30)
        for code in codes {
            #expect(ErrorCatalog.entry(domain: "MSIDErrorDomain", code: code) != nil, "MSID \(code) missing")
        }
    }
}

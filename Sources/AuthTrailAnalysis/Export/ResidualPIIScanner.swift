import Foundation

/// Finds personal data and secrets left in event text: e-mail addresses, JWTs, bearer tokens and IPv4 addresses.
///
/// Conservative on purpose: `bundle` refuses (and `verify` fails) on any finding, so a false positive costs a
/// `--force`, a miss leaks a credential. The library's `Redactor` exposes no detection API yet; this scanner lives in
/// one file so it can be switched to the privacy engine later. Findings name the kind and the line, never the value.
public struct ResidualPIIScanner: Sendable {
    /// A kind of residual data.
    public enum Kind: String, Sendable, CaseIterable, Codable {
        case email = "e-mail address"
        case jwt = "JSON web token"
        case bearerToken = "bearer token"
        case ipv4Address = "IPv4 address"
    }

    public init() {}

    /// The kinds found in one decoded line (each kind once).
    public func findings(in line: UnsafeRawBufferPointer) -> [Kind] {
        // Cheap byte checks first: most lines hold none of the trigger bytes, and the expressions are slow.
        var hasAt = false
        var hasDigitDot = false
        var hasEyJ = false
        var hasBearer = false
        var previous: UInt8 = 0
        for (index, byte) in line.enumerated() {
            if byte == UInt8(ascii: "@") { hasAt = true }
            if byte == UInt8(ascii: "."), previous >= 0x30, previous <= 0x39 { hasDigitDot = true }
            if byte == UInt8(ascii: "J"), index >= 2, line[index - 1] == UInt8(ascii: "y"),
                line[index - 2] == UInt8(ascii: "e")
            {
                hasEyJ = true
            }
            if byte == UInt8(ascii: "r") || byte == UInt8(ascii: "R"), index >= 5 {
                let word = String(decoding: UnsafeRawBufferPointer(rebasing: line[(index - 5)...index]), as: UTF8.self)
                if word.lowercased() == "bearer" { hasBearer = true }
            }
            previous = byte
        }
        guard hasAt || hasDigitDot || hasEyJ || hasBearer else { return [] }
        let text = String(decoding: line, as: UTF8.self)
        let range = NSRange(text.startIndex..., in: text)
        var found: [Kind] = []
        if hasAt, Self.email.firstMatch(in: text, range: range) != nil { found.append(.email) }
        if hasEyJ, Self.jwt.firstMatch(in: text, range: range) != nil { found.append(.jwt) }
        if hasBearer, Self.bearer.firstMatch(in: text, range: range) != nil { found.append(.bearerToken) }
        if hasDigitDot, Self.ipv4.firstMatch(in: text, range: range) != nil { found.append(.ipv4Address) }
        return found
    }

    // Compiled once; NSRegularExpression is thread-safe for matching.
    private static let email = try! NSRegularExpression(pattern: #"[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}"#)
    private static let jwt = try! NSRegularExpression(
        pattern: #"eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*"#)
    private static let bearer = try! NSRegularExpression(
        pattern: #"bearer\s+(?!<)[A-Za-z0-9._~+/=-]{8,}"#, options: .caseInsensitive)
    private static let ipv4 = try! NSRegularExpression(
        pattern: #"(?<![\d.])(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?![\d.])"#)
}

/// One residual-data finding: where, and what kind (never the value).
public struct PIIFinding: Sendable, Hashable {
    public var path: String
    /// 1-based line number in the decoded stream.
    public var line: Int
    public var kind: ResidualPIIScanner.Kind

    public var message: String { "\(path): line \(line): residual \(kind.rawValue)" }
}

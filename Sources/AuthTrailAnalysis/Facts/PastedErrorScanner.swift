import AuthTrail
import Foundation

/// Finds every error in text pasted from a ticket, in one pass over its bytes: no I/O, no regular expressions.
///
/// Reads NSError descriptions (`Error Domain=D Code=C "text" UserInfo={Key=Value, …}`, nested
/// `NSUnderlyingError=0x… {Error Domain=…}` outermost first, `MSALHTTPHeadersKey` dictionaries, the
/// `=> { Key = "Value"; }` form printed after them), MSAL's log phrasing `(MSALErrorDomain, -50002)`,
/// localizedDescription forms `(MSALErrorDomain error -50005.)` and `(OSStatus error -34018.)`, a binding's
/// `errorCode:` field, AADSTS/AADB2C codes and `Correlation ID:` lines in the text, and codes described rather than
/// pasted (`PastedTextScan+Mentions.swift`), each with how sure its reading is. Bounds: nesting deeper than
/// ``maximumNestingDepth`` is read as text, at most ``maximumFindings`` errors are kept, each byte is looked at a
/// bounded number of times.
package enum PastedErrorScanner {
    /// Nested errors deeper than this are not reported (their braces are still counted).
    package static let maximumNestingDepth = 16
    /// Errors beyond this many are not reported.
    package static let maximumFindings = 10_000

    /// Every error in `text`, in order of appearance (an outer error before its underlying errors).
    package static func errors(in text: String) -> [PastedError] { scan(text).errors }

    /// Every error in `text` as ``errors(in:)`` lists them, and how many more were read past ``maximumFindings``
    /// (not kept, so not listed).
    package static func scan(_ text: String) -> (errors: [PastedError], omitted: Int) {
        var scan = PastedTextScan(bytes: decodedForm(Array(text.utf8)))
        scan.run()
        return (withoutRepeats(scan.findings), scan.omitted)
    }

    /// The text with form and URL encoding undone where it hides what the scanner reads: descriptions arrive
    /// `+`-encoded (`AADSTS500011:+The+resource+principal`, `Correlation+ID:+…`) or percent-encoded in a redirect
    /// URL (`error_description=AADB2C90118%3a+The+user…%0d%0aCorrelation+ID%3a+…`). A `+` between two non-blank
    /// bytes becomes a space; `%XX` becomes its byte only for a separator or a line end (`:`, space, `,`, `.`, `'`,
    /// `/`, `-`, CR, LF), never for a quote, a brace, `=` or `&`, so the text's structure stays as written.
    static func decodedForm(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(UInt8(ascii: "+")) || bytes.contains(UInt8(ascii: "%")) else { return bytes }
        var output = [UInt8]()
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count, let high = hexValue(bytes[index + 1]),
                let low = hexValue(bytes[index + 2]), separators.contains(high << 4 | low)
            {
                output.append(high << 4 | low)
                index += 3
                continue
            }
            if byte == UInt8(ascii: "+"), index > 0, index + 1 < bytes.count, !isBlankOrPlus(bytes[index - 1]),
                !isBlankOrPlus(bytes[index + 1])
            {
                output.append(UInt8(ascii: " "))
            } else {
                output.append(byte)
            }
            index += 1
        }
        return output
    }

    /// The bytes a `%XX` escape is undone for: `:`, space, `,`, `.`, `'`, `/`, `-`, CR, LF.
    private static let separators: Set<UInt8> = [0x3A, 0x20, 0x2C, 0x2E, 0x27, 0x2F, 0x2D, 0x0D, 0x0A]

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }

    private static func isBlankOrPlus(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "%")
    }

    /// The findings without an error logged again: an outermost error and its underlying errors that equal an
    /// earlier one (apps often log the same NSError twice, once where it arrives and once where it is shown).
    static func withoutRepeats(_ findings: [PastedError]) -> [PastedError] {
        var trees = [[PastedError]]()
        for finding in findings {
            if finding.depth == 0 || trees.isEmpty {
                trees.append([finding])
            } else {
                trees[trees.count - 1].append(finding)
            }
        }
        var seen = Set<[PastedError]>()
        return trees.filter { seen.insert($0).inserted }.flatMap { $0 }
    }
}

/// Names shared with the catalog, kept here so the scanner reads without importing Foundation.
enum MSALUserInfoKeyNames {
    static let msalDomain = "MSALErrorDomain"
    static let stsDomain = "AADSTS"
    static let b2cDomain = "AADB2C"
}

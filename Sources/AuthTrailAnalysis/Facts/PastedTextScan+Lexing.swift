import AuthTrail
import Foundation

// Bytes to numbers, words, GUIDs and domains.
extension PastedTextScan {
    // MARK: Lexing

    func matches(_ literal: String, at start: Int? = nil) -> Bool {
        let start = start ?? position
        let utf8 = literal.utf8
        guard start + utf8.count <= bytes.count else { return false }
        var index = start
        for byte in utf8 {
            if bytes[index] != byte { return false }
            index += 1
        }
        return true
    }

    func readInteger(at start: Int) -> (Int, Int)? {
        var cursor = start
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "-") { cursor += 1 }
        let digitsStart = cursor
        // 20 digits: an NSInteger printed as unsigned 64-bit (18446744073709501616 for -50000) is read back as the
        // signed value.
        while cursor < bytes.count, isDigit(bytes[cursor]), cursor - digitsStart < 20 { cursor += 1 }
        guard cursor > digitsStart, let value = ErrorCatalog.nsInteger(string(start..<cursor)) else { return nil }
        return (value, cursor)
    }

    func readGUID(skippingSpaces: Bool) -> String? {
        var cursor = position
        while skippingSpaces, cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") { cursor += 1 }
        return guid(in: cursor..<min(bytes.count, cursor + 64))
    }

    /// The first GUID (8-4-4-4-12 hex digits) in `range`.
    func guid(in range: Range<Int>) -> String? {
        var cursor = range.lowerBound
        while cursor + 36 <= range.upperBound {
            let candidate = bytes[cursor..<cursor + 36]
            let isGUID = candidate.enumerated().allSatisfy { offset, byte in
                [8, 13, 18, 23].contains(offset) ? byte == UInt8(ascii: "-") : isHex(byte)
            }
            if isGUID { return string(cursor..<cursor + 36).lowercased() }
            cursor += 1
        }
        return nil
    }

    func numbers(in range: Range<Int>) -> [Int] {
        var result = [Int]()
        var cursor = range.lowerBound
        while cursor < range.upperBound {
            if isDigit(bytes[cursor]) {
                let start = cursor
                while cursor < range.upperBound, isDigit(bytes[cursor]), cursor - start < 9 { cursor += 1 }
                if let value = Int(string(start..<cursor)) { result.append(value) }
            } else {
                cursor += 1
            }
        }
        return result
    }

    func word(_ value: String) -> String? {
        let word = value.prefix(while: { $0.isLetter || $0.isNumber || $0 == "_" })
        return word.isEmpty ? nil : String(word.prefix(64))
    }

    func string(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
    func isHex(_ byte: UInt8) -> Bool { isDigit(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte) }
    func isLineEnd(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") }
    func isDomainByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "_")
    }

    /// A log line's `(X, -1)` is an error only when X reads as an error domain.
    func looksLikeDomain(_ domain: String) -> Bool {
        domain.hasSuffix("Domain") || domain.hasPrefix("com.apple.") || domain == "OSStatus"
            || domain.hasSuffix("ErrorDomain") || domain.hasSuffix("Error")
    }

    func canonicalDomain(_ domain: String) -> String {
        domain == "OSStatus" ? "NSOSStatusErrorDomain" : domain
    }
}

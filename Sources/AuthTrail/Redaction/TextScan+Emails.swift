// Email addresses and the tokens that look like secrets.
extension TextScan {
    // MARK: Emails

    /// The first `local@domain.tld` (or `local%40domain.tld`) in `range`.
    func email(in range: Range<Int>) -> Range<Int>? {
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = input[index]
            var separatorLength = 0
            if byte == UInt8(ascii: "@") {
                separatorLength = 1
            } else if byte == UInt8(ascii: "%"), index + 2 < range.upperBound, input[index + 1] == UInt8(ascii: "4"),
                input[index + 2] == UInt8(ascii: "0")
            {
                separatorLength = 3
            } else if byte == UInt8(ascii: "%"), index + 4 < range.upperBound, hasPrefix("%2540", at: index) {
                separatorLength = 5  // `@` encoded twice
            } else if byte == UInt8(ascii: "\\"), index + 5 < range.upperBound, hasPrefix("\\u0040", at: index) {
                separatorLength = 6
            } else if byte >= 0xE3, index + 2 < range.upperBound {
                separatorLength = lookAlikeAt(at: index)
            }
            if separatorLength > 0 {
                var localStart = index
                while localStart > range.lowerBound, ByteClass.isLocalPartCharacter(input[localStart - 1]) {
                    localStart -= 1
                }
                // `%2F…` before a URL-encoded local part belongs to the encoding, not the address.
                while localStart < index, input[localStart] < 0x80, !ByteClass.isAlphanumeric(input[localStart]) {
                    localStart += 1
                }
                var domainEnd = index + separatorLength
                var lastDot = -1
                while domainEnd < range.upperBound, ByteClass.isHostCharacter(input[domainEnd]) {
                    if input[domainEnd] == UInt8(ascii: ".") {
                        lastDot = domainEnd
                    } else if input[domainEnd] >= 0xE3, domainEnd + 2 < range.upperBound, lookAlikeDot(at: domainEnd) {
                        domainEnd += 2
                        lastDot = domainEnd
                    }
                    domainEnd += 1
                }
                while domainEnd > index + separatorLength,
                    input[domainEnd - 1] == UInt8(ascii: ".") || input[domainEnd - 1] == UInt8(ascii: "-")
                {
                    domainEnd -= 1
                    if lastDot >= domainEnd {
                        lastDot = input[index..<domainEnd].lastIndex(of: UInt8(ascii: ".")) ?? -1
                    }
                }
                if localStart < index, lastDot > index + separatorLength, domainEnd - lastDot >= 3 {
                    return localStart..<domainEnd
                }
                index += separatorLength
                continue
            }
            index += 1
        }
        return nil
    }

    // MARK: Tokens

    /// A JWT or JWE: `eyJ` then base64url segments joined by at least two dots.
    func jsonWebToken(in range: Range<Int>) -> Range<Int>? {
        var index = range.lowerBound
        while index + 20 <= range.upperBound {
            if input[index] == UInt8(ascii: "e"), input[index + 1] == UInt8(ascii: "y"),
                input[index + 2] == UInt8(ascii: "J"),
                index == range.lowerBound || !ByteClass.isTokenCharacter(input[index - 1])
            {
                var end = index
                var dots = 0
                while end < range.upperBound {
                    let byte = input[end]
                    if byte == UInt8(ascii: ".") {
                        dots += 1
                    } else if !ByteClass.isTokenCharacter(byte) {
                        // Zero-width characters planted inside a token do not end it.
                        guard byte >= 0xE2, zeroWidth(at: end) else { break }
                        end += 2
                    }
                    end += 1
                }
                // A whole JWT, or a fragment of one (a line MSAL wrapped): `eyJ` is base64 of `{"`, and 24 bytes of
                // base64url after it are JSON, not a word.
                if dots >= 2 || end - index >= 24 { return index..<end }
                index = end
                continue
            }
            index += 1
        }
        return nil
    }

    /// Refresh tokens and authorization codes (`0.A…`, `1.A…`, `M.C5…`) and any other long opaque credential:
    /// base64 or base64url text of 40+ bytes with upper case, lower case and digits.
    func isOpaqueToken(_ range: Range<Int>) -> Bool {
        guard range.count >= 24 else { return false }
        let first = input[range.lowerBound]
        let second = input[range.lowerBound + 1]
        let third = input[range.lowerBound + 2]
        let msalShape =
            ((first == UInt8(ascii: "0") || first == UInt8(ascii: "1")) && second == UInt8(ascii: ".")
                && third == UInt8(ascii: "A"))
            || (first == UInt8(ascii: "M") && second == UInt8(ascii: ".")
                && (third == UInt8(ascii: "C") || third == UInt8(ascii: "R")))
        guard msalShape || range.count >= ByteClass.longRun else { return false }
        var upper = false
        var lower = false
        var digit = false
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = input[index]
            index += 1
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): upper = true
            case UInt8(ascii: "a")...UInt8(ascii: "z"): lower = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = true
            case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "="),
                UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "$"):
                break
            case 0xE2, 0xEF:
                // Zero-width characters planted inside a token.
                guard zeroWidth(at: index - 1) else { return false }
                index += 2
            default: return false
            }
        }
        return upper && lower && digit
    }
}

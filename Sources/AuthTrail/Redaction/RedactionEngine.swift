import Crypto

/// The settings one scan needs, shared by every call: level, key, field names and the allow-list.
struct RedactionEngine: Sendable {
    let level: RedactionLevel
    let key: RedactionKey
    let keys: FieldKeyTable
    let allowedValues: Set<String>

    init(level: RedactionLevel, key: RedactionKey, rules: RedactionRules) {
        self.level = level
        self.key = key
        keys = FieldKeyTable(rules: rules)
        allowedValues = rules.allowedValues
    }

    /// `<kind:10 hex>`: the first 5 bytes of HMAC-SHA256(key, normalized value).
    func pseudonym<Bytes: Sequence<UInt8>>(of normalized: Bytes, tag: String) -> [UInt8] {
        let code = HMAC<SHA256>.authenticationCode(for: Array(normalized), using: key.key)
        var output = [UInt8]()
        output.reserveCapacity(tag.utf8.count + 13)
        output.append(UInt8(ascii: "<"))
        output.append(contentsOf: tag.utf8)
        output.append(UInt8(ascii: ":"))
        let digits = Array("0123456789abcdef".utf8)
        for byte in code.prefix(5) {
            output.append(digits[Int(byte >> 4)])
            output.append(digits[Int(byte & 0x0F)])
        }
        output.append(UInt8(ascii: ">"))
        return output
    }

    /// The value an identifier is hashed from, so spellings of one identifier agree: ASCII lowercase, `%40` read as
    /// `@`, and phone numbers reduced to their digits.
    static func normalize(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, kind: IdentifierKind) -> [UInt8] {
        var normalized = [UInt8]()
        normalized.reserveCapacity(bytes.count)
        if kind == .phone {
            for byte in bytes where ByteClass.isDigit(byte) { normalized.append(byte) }
            return normalized
        }
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.endIndex, bytes[index + 1] == UInt8(ascii: "4"),
                bytes[index + 2] == UInt8(ascii: "0")
            {
                normalized.append(UInt8(ascii: "@"))
                index += 3
                continue
            }
            normalized.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
            index += 1
        }
        return normalized
    }
}

import Crypto
import Foundation

/// A keyed HMAC state, shared read-only and copied (a value type) by each use. `@unchecked` only because CryptoKit,
/// which swift-crypto re-exports on Apple platforms, marks `HMAC` `Sendable` from the 2025 SDKs on (swift-crypto 4
/// does on Linux): with Xcode 16 the checked conformance would not compile.
private struct KeyedHMAC: @unchecked Sendable {
    let hmac: HMAC<SHA256>
}

/// The settings one scan needs, shared by every call: level, key, field names and the allow-list.
struct RedactionEngine: Sendable {
    let level: RedactionLevel
    let key: RedactionKey
    let keys: FieldKeyTable
    let allowedValues: Set<String>

    /// HMAC-SHA256 with the key already absorbed: each pseudonym copies it (copy-on-write) instead of re-deriving
    /// the key pads, which is most of the cost of a fresh `HMAC(key:)`.
    private let keyedHMAC: KeyedHMAC

    init(level: RedactionLevel, key: RedactionKey, rules: RedactionRules) {
        self.level = level
        self.key = key
        keys = FieldKeyTable(rules: rules)
        allowedValues = rules.allowedValues
        keyedHMAC = KeyedHMAC(hmac: HMAC<SHA256>(key: SymmetricKey(data: key.bytes)))
    }

    /// Appends `<tag:10 hex>`: the first 5 bytes of HMAC-SHA256(key, normalized value).
    func appendPseudonym(of normalized: UnsafeRawBufferPointer, tag: String, to output: inout [UInt8]) {
        var hmac = keyedHMAC.hmac
        hmac.update(data: normalized)
        let code = hmac.finalize()
        output.append(UInt8(ascii: "<"))
        output.append(contentsOf: tag.utf8)
        output.append(UInt8(ascii: ":"))
        code.withUnsafeBytes { bytes in bytes.prefix(5).appendHex(to: &output) }
        output.append(UInt8(ascii: ">"))
    }

    /// `<kind:10 hex>` for `normalized`.
    func pseudonym<Bytes: Sequence<UInt8>>(of normalized: Bytes, tag: String) -> [UInt8] {
        var output = [UInt8]()
        Array(normalized).withUnsafeBytes { appendPseudonym(of: $0, tag: tag, to: &output) }
        return output
    }

    /// The value an identifier is hashed from, so spellings of one identifier agree: ASCII lowercase, `%40` read as
    /// `@`, and phone numbers reduced to their digits.
    static func normalize(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, kind: IdentifierKind) -> [UInt8] {
        var normalized = [UInt8]()
        normalize(bytes, kind: kind, into: &normalized)
        return normalized
    }

    private static func atSpellingLength(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, at index: Int) -> Int? {
        let byte = bytes[index]
        guard byte == UInt8(ascii: "%") || byte == UInt8(ascii: "\\") || byte == 0xEF else { return nil }
        for spelling in atSpellings where bytes[index...].starts(with: spelling) { return spelling.count }
        return nil
    }

    private static let atSpellings: [[UInt8]] = [
        Array("%2540".utf8), Array("\\u0040".utf8), [0xEF, 0xBC, 0xA0], [0xEF, 0xB9, 0xAB],
    ]

    static func normalize(
        _ bytes: Slice<UnsafeBufferPointer<UInt8>>,
        kind: IdentifierKind,
        into normalized: inout [UInt8]
    ) {
        normalized.removeAll(keepingCapacity: true)
        if kind == .phone {
            for byte in bytes where ByteClass.isDigit(byte) { normalized.append(byte) }
            return
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
            // `%2540`, `\u0040`, `＠` and `﹫` are spellings of `@` too.
            if let length = atSpellingLength(bytes, at: index) {
                normalized.append(UInt8(ascii: "@"))
                index += length
                continue
            }
            normalized.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
            index += 1
        }
    }
}

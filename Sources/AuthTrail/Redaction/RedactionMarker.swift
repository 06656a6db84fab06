/// The redactor's own markers, `<tag:removed>` and `<tag:10 lowercase hex>`: redacting redacted text must keep them,
/// so a second pass changes nothing. One definition serves the field check and the text scan.
enum RedactionMarker {
    /// The longest tag a marker carries (`<credential:removed>`, `<account:…>`, a custom rule's kind).
    static let longestTag = 16

    /// Whether `tag` and `value` (the bytes between `<` and `:`, and between `:` and `>`) form a marker.
    static func matches<Tag: Collection<UInt8>, Value: Collection<UInt8>>(tag: Tag, value: Value) -> Bool {
        guard !tag.isEmpty, tag.count <= longestTag,
            tag.allSatisfy({ $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") })
        else { return false }
        if value.count == 7 { return value.elementsEqual("removed".utf8) }
        return value.count == 10
            && value.allSatisfy { ByteClass.isDigit($0) || ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "f")) }
    }

    /// Whether `bytes` is a whole marker, angle brackets included.
    static func isMarker<Bytes: BidirectionalCollection<UInt8>>(_ bytes: Bytes) -> Bool {
        guard bytes.first == UInt8(ascii: "<"), bytes.last == UInt8(ascii: ">"), bytes.count >= 4 else { return false }
        let inner = bytes.dropFirst().dropLast()
        guard let colon = inner.firstIndex(of: UInt8(ascii: ":")) else { return false }
        return matches(tag: inner[..<colon], value: inner[inner.index(after: colon)...])
    }
}

extension Sequence<UInt8> {
    /// Lowercase hexadecimal, two digits a byte: digests, key ids and pseudonyms.
    package var hexString: String {
        var digits = [UInt8]()
        digits.reserveCapacity(underestimatedCount * 2)
        appendHex(to: &digits)
        return String(decoding: digits, as: UTF8.self)
    }

    /// Appends the lowercase hexadecimal digits of every byte to `output`.
    package func appendHex(to output: inout [UInt8]) {
        let digits: StaticString = "0123456789abcdef"
        for byte in self {
            output.append(digits.utf8Start[Int(byte >> 4)])
            output.append(digits.utf8Start[Int(byte & 0x0F)])
        }
    }
}

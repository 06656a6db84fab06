// Form- and percent-encoded prose: `AADSTS500011:+The+resource+principal+named+https://…` is a sentence, not a token.
extension TextScan {
    // MARK: Encoded prose

    /// The words of a run that is prose with its spaces encoded as `+` or `%20` (an `error_description` in a redirect
    /// URL or a form body), or nil when it is not. Each word is then judged on its own, as if the spaces were there:
    /// as one run the sentence was taken for an opaque token and support lost the error's text. A base64 token with
    /// `+` in it is not split: at least three of its parts, and most of them, must be plain words, which random base64
    /// parts almost never are.
    func encodedProseWords(_ range: Range<Int>) -> [Range<Int>]? {
        var parts = [Range<Int>]()
        var start = range.lowerBound
        var index = range.lowerBound
        while index < range.upperBound {
            let separator =
                input[index] == UInt8(ascii: "+")
                ? 1
                : (index + 2 < range.upperBound && input[index] == UInt8(ascii: "%") && input[index + 1] == 0x32
                    && input[index + 2] == 0x30 ? 3 : 0)
            if separator > 0 {
                if index > start { parts.append(start..<index) }
                index += separator
                start = index
            } else {
                index += 1
            }
        }
        if start < range.upperBound { parts.append(start..<range.upperBound) }
        guard parts.count >= 4 else { return nil }
        let words = parts.count { isEncodedProseWord($0) }
        return words >= 3 && words * 2 > parts.count ? parts : nil
    }

    /// A plain word of a sentence: two to twenty letters, lower-case after the first, a trailing `.`, `,` or `:`
    /// allowed (`The`, `resource`, `principal`, `found.`).
    private func isEncodedProseWord(_ part: Range<Int>) -> Bool {
        var end = part.upperBound
        if end > part.lowerBound,
            input[end - 1] == UInt8(ascii: ".") || input[end - 1] == UInt8(ascii: ",")
                || input[end - 1] == UInt8(ascii: ":")
        {
            end -= 1
        }
        guard end - part.lowerBound >= 2, end - part.lowerBound <= 20 else { return false }
        let lead = input[part.lowerBound]
        guard (lead >= 0x41 && lead <= 0x5A) || (lead >= 0x61 && lead <= 0x7A) else { return false }
        return input[(part.lowerBound + 1)..<end].allSatisfy { $0 >= 0x61 && $0 <= 0x7A }
    }
}

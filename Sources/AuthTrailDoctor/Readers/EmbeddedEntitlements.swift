/// Finds the entitlements a code signature embeds in an app's executable (the blob with magic `0xfade7171`, a
/// 4-byte big-endian length, then an XML property list), fed chunk by chunk so an executable of any size is scanned
/// in bounded memory. A pure consumer of bytes: the app and `.ipa` readers feed it from a file or from inflated data.
package struct EmbeddedEntitlements {
    /// The XML once found.
    package private(set) var plist: [UInt8]?
    private var window = [UInt8]()
    private var wanted: Int?

    /// A signature's entitlements are a few kilobytes; a larger length is not one.
    static let maximumLength = 1 << 20
    static let magic: [UInt8] = [0xFA, 0xDE, 0x71, 0x71]

    package init() {}

    /// Takes the next chunk; returns false once the entitlements are found (nothing more is needed).
    package mutating func feed(_ chunk: [UInt8]) -> Bool {
        guard plist == nil else { return false }
        // Most of an executable holds no 0xFA byte near a blob: keep only the tail, without copying the chunk.
        if wanted == nil, !chunk.contains(Self.magic[0]), !window.contains(Self.magic[0]) {
            window = Array(chunk.suffix(3))
            return true
        }
        window += chunk
        while plist == nil {
            if let wanted {
                guard window.count >= wanted else { return true }
                plist = Array(window[8..<wanted])
                return false
            }
            guard let start = Self.find(Self.magic, in: window) else {
                // Keep the last bytes: the magic may straddle two chunks.
                if window.count > 3 { window.removeFirst(window.count - 3) }
                return true
            }
            window.removeFirst(start)
            guard window.count >= 8 else { return true }
            let length = window[4..<8].reduce(0) { $0 << 8 | Int($1) }
            if length > 8 && length <= Self.maximumLength {
                wanted = length
            } else {
                window.removeFirst(4)
            }
        }
        return false
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var index = 0
        while index <= haystack.count - needle.count {
            if haystack[index] == needle[0] && haystack[index + 1] == needle[1] && haystack[index + 2] == needle[2]
                && haystack[index + 3] == needle[3]
            {
                return index
            }
            index += 1
        }
        return nil
    }
}

import Crypto

/// The running digest of one bundle section: its event count and the SHA-256 of its lines, each with its newline.
/// The bundle writer records it as the manifest entry's `events` and `content_sha256`; `verify` recomputes it from
/// the bundle with this same type.
package struct SectionDigest {
    package private(set) var events = 0
    private var hasher = SHA256()

    package init() {}

    package mutating func add(line: UnsafeRawBufferPointer) {
        events += 1
        hasher.update(bufferPointer: line)
        withUnsafeBytes(of: UInt8(ascii: "\n")) { hasher.update(bufferPointer: $0) }
    }

    /// The lines' SHA-256 in lower-case hex.
    package func hexDigest() -> String { Self.hex(hasher.finalize()) }

    /// `digest` in lower-case hex, as the manifest writes digests.
    static func hex(_ digest: SHA256.Digest) -> String {
        let digits: StaticString = "0123456789abcdef"
        var text = [UInt8]()
        text.reserveCapacity(SHA256.Digest.byteCount * 2)
        for byte in digest {
            text.append(digits.utf8Start[Int(byte >> 4)])
            text.append(digits.utf8Start[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}

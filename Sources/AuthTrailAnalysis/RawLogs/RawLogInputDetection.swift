package import AuthTrail

/// Tells raw text from zstd data by an input's first four bytes: a zstd frame's magic number or a skippable frame's
/// (segments and bundles start with one) means zstd; anything else is read as text. Text holding no MSAL log line and
/// no event is then reported as `not zstd data` at byte 0, as before.
package enum RawLogInputDetection {
    /// The first bytes of an input, or the error that stopped reading them.
    package struct FirstBytes {
        package var bytes: [UInt8]
        package var error: SystemError?
    }

    private static let zstdMagic: UInt32 = 0xFD2F_B528

    /// Reads up to four bytes from `source` (fewer only at its end).
    package static func firstBytes(of source: inout some ByteSource) -> FirstBytes {
        var head = [UInt8](repeating: 0, count: 4)
        var filled = 0
        while filled < head.count {
            let result = head.withUnsafeMutableBytes { bytes in
                Result { () throws(SystemError) in
                    try source.read(into: UnsafeMutableRawBufferPointer(rebasing: bytes[filled...]))
                }
            }
            do {
                let count = try result.get()
                if count == 0 { break }
                filled += count
            } catch {
                return FirstBytes(bytes: Array(head[..<filled]), error: error)
            }
        }
        return FirstBytes(bytes: Array(head[..<filled]))
    }

    /// True when `head` does not start a zstd or skippable frame. Fewer than four bytes are text (or nothing).
    package static func isText(_ head: [UInt8]) -> Bool {
        guard head.count == 4 else { return true }
        let magic = head.littleEndianUInt32(at: 0)
        return magic != zstdMagic && magic & SkippableFrame.magicMask != SkippableFrame.magicBase
    }
}

/// A source whose first bytes were already read: gives them again, then reads on from the base.
package struct ReplayingSource<Base: ByteSource>: ByteSource {
    private var head: [UInt8]
    private var position = 0
    package var base: Base

    package init(head: [UInt8], base: Base) {
        self.head = head
        self.base = base
    }

    package mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int {
        guard position < head.count else { return try base.read(into: buffer) }
        let count = min(buffer.count, head.count - position)
        for index in 0..<count { buffer[index] = head[position + index] }
        position += count
        return count
    }
}

import Crypto

/// A byte source that hashes what it passes on: the bundle writer records each input file's SHA-256 and size while
/// the file streams through the reader, instead of reading it whole first.
package struct DigestingSource<Base: ByteSource>: ByteSource {
    private var base: Base
    private var hasher = SHA256()
    package private(set) var byteCount = 0
    /// The read error that ended the input early, if one did (the reader reports it as damage too).
    package private(set) var readError: SystemError?

    package init(_ base: Base) { self.base = base }

    package mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int {
        let count: Int
        do {
            count = try base.read(into: buffer)
        } catch {
            readError = error
            throw error
        }
        hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        byteCount += count
        return count
    }

    /// The SHA-256 of every byte read, in lower-case hex.
    package func hexDigest() -> String { SectionDigest.hex(hasher.finalize()) }
}

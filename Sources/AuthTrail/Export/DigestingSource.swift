import AuthTrail
import Crypto

/// A byte source that hashes what it passes on: `bundle` records each input file's SHA-256 and size while it
/// streams the file through the reader, instead of reading it whole first.
struct DigestingSource<Base: ByteSource>: ByteSource {
    private var base: Base
    private var hasher = SHA256()
    private(set) var byteCount = 0
    /// The read error that ended the input early, if one did (the reader reports it as damage too).
    private(set) var readError: SystemError?

    init(_ base: Base) { self.base = base }

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int {
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
    func hexDigest() -> String { SectionDigest.hex(hasher.finalize()) }
}

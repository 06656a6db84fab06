/// The first `limit` bytes of another source: a file that is still being appended to, read only as far as it
/// reached when the reading began, so bytes a writer adds meanwhile are neither read nor taken for damage.
package struct ByteLimitedSource<Base: ByteSource>: ByteSource {
    private var base: Base
    private var remaining: Int

    package init(_ base: Base, limit: Int) {
        self.base = base
        remaining = max(0, limit)
    }

    package mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int {
        guard remaining > 0 else { return 0 }
        let window = UnsafeMutableRawBufferPointer(rebasing: buffer[..<min(buffer.count, remaining)])
        let count = try base.read(into: window)
        remaining -= count
        return count
    }
}

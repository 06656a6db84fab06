package import AuthTrail

/// Lines gathered for a file descriptor and written in large writes; the first write error (a closed pipe, a full
/// disk) is kept and stops writing.
package struct OutputBuffer {
    package let descriptor: Int32
    private var bytes: [UInt8] = []
    package private(set) var writeError: SystemError?

    package init(descriptor: Int32) {
        self.descriptor = descriptor
        bytes.reserveCapacity(64 << 10)
    }

    /// Bytes waiting for `flush`.
    package var count: Int { bytes.count }

    /// Appends `line` and a newline.
    package mutating func append(line: some Sequence<UInt8>) {
        guard writeError == nil else { return }
        bytes.append(contentsOf: line)
        bytes.append(UInt8(ascii: "\n"))
    }

    /// Writes what is gathered.
    package mutating func flush() {
        guard writeError == nil, !bytes.isEmpty else { return }
        do {
            try SystemCalls.writeAll(descriptor, bytes)
        } catch {
            writeError = error
        }
        bytes.removeAll(keepingCapacity: bytes.capacity <= 4 << 20)
    }
}

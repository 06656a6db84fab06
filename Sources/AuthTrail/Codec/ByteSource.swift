#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a reader pulls compressed bytes from.
package protocol ByteSource {
    /// Fills the start of `buffer`; returns the number of bytes read, 0 at the end of the input.
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int
}

/// An errno with the call that returned it.
package struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
    package var errno: Int32
    package var operation: String

    package init(errno: Int32, operation: String) {
        self.errno = errno
        self.operation = operation
    }

    package var description: String { "\(operation): \(String(cString: strerror(errno))) (errno \(errno))" }

    /// The system's words for the errno, lower-cased, for a message that already names the file.
    package var reason: String { String(cString: strerror(errno)).lowercased() }
}

/// Reads an open file descriptor (a file, a pipe, standard input). The caller owns the descriptor.
package struct FileDescriptorSource: ByteSource {
    package let descriptor: Int32

    package init(descriptor: Int32) { self.descriptor = descriptor }

    package mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int {
        while true {
            #if canImport(Darwin)
            let count = Darwin.read(descriptor, buffer.baseAddress, buffer.count)
            #elseif canImport(Glibc)
            let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            #else
            let count = Musl.read(descriptor, buffer.baseAddress, buffer.count)
            #endif
            if count >= 0 { return count }
            let error = errno
            if error == EINTR { continue }
            throw SystemError(errno: error, operation: "read")
        }
    }
}

/// Reads bytes already in memory.
package struct MemorySource: ByteSource {
    private let bytes: [UInt8]
    private var position = 0

    package init(_ bytes: [UInt8]) { self.bytes = bytes }

    package mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int {
        let count = min(buffer.count, bytes.count - position)
        guard count > 0 else { return 0 }
        bytes.withUnsafeBytes { source in
            buffer.baseAddress!.copyMemory(from: source.baseAddress! + position, byteCount: count)
        }
        position += count
        return count
    }
}

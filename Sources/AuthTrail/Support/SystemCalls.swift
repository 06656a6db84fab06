#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The raw file-system calls the library makes, in one place, each retried on EINTR and turned into `SystemError`.
package enum SystemCalls {
    /// Opens `path`; `create` adds O_CREAT (and O_EXCL when `exclusive`) with `mode`.
    package static func open(
        _ path: String, write: Bool, create: Bool = false, exclusive: Bool = false, append: Bool = false,
        mode: UInt32 = 0o600
    ) throws(SystemError) -> Int32 {
        var flags: Int32 = write ? O_WRONLY : O_RDONLY
        if create { flags |= O_CREAT }
        if exclusive { flags |= O_EXCL }
        if append { flags |= O_APPEND }
        // A reader never waits in open() for a FIFO's writer: a FIFO nobody writes to reads as empty instead.
        if !write { flags |= O_NONBLOCK }
        flags |= O_CLOEXEC
        while true {
            let descriptor = create ? openWithMode(path, flags, mode_t(mode)) : openWithMode(path, flags, 0)
            if descriptor >= 0 {
                if !write { _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK) }
                return descriptor
            }
            if errno != EINTR { throw SystemError(errno: errno, operation: "open \(path)") }
        }
    }

    private static func openWithMode(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
        #if canImport(Darwin)
        Darwin.open(path, flags, mode)
        #elseif canImport(Glibc)
        Glibc.open(path, flags, mode)
        #else
        Musl.open(path, flags, mode)
        #endif
    }

    /// Writes all of `bytes`, looping over short writes.
    package static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            #if canImport(Darwin)
            let written = Darwin.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            #elseif canImport(Glibc)
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            #else
            let written = Musl.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            #endif
            if written < 0 {
                if errno == EINTR { continue }
                throw SystemError(errno: errno, operation: "write")
            }
            offset += written
        }
    }

    package static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) throws(SystemError) {
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(SystemError) in try writeAll(descriptor, buffer) }
        }
        try result.get()
    }

    /// Forces the file's bytes to stable storage, so they survive a power loss. On Darwin `fsync` only reaches the
    /// drive's cache; `F_FULLFSYNC` flushes the cache too (`fsync` remains the fallback where a file system refuses it).
    package static func synchronize(_ descriptor: Int32) throws(SystemError) {
        #if canImport(Darwin)
        if fcntl(descriptor, F_FULLFSYNC) == 0 { return }
        #endif
        if fsync(descriptor) != 0 { throw SystemError(errno: errno, operation: "fsync") }
    }

    private static func renameFile(_ source: String, _ destination: String) -> Int32 {
        #if canImport(Darwin)
        Darwin.rename(source, destination)
        #elseif canImport(Glibc)
        Glibc.rename(source, destination)
        #else
        Musl.rename(source, destination)
        #endif
    }

    package static func close(_ descriptor: Int32) {
        #if canImport(Darwin)
        _ = Darwin.close(descriptor)
        #elseif canImport(Glibc)
        _ = Glibc.close(descriptor)
        #else
        _ = Musl.close(descriptor)
        #endif
    }

    /// Creates `path` and its missing parents with `mode`; an existing directory is left as it is.
    package static func makeDirectory(_ path: String, mode: UInt32 = 0o700) throws(SystemError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component
            if mkdir(prefix, mode_t(mode)) != 0 && errno != EEXIST {
                throw SystemError(errno: errno, operation: "mkdir \(prefix)")
            }
            prefix += "/"
        }
    }

    /// Reads a whole small file.
    package static func readFile(_ path: String) throws(SystemError) -> [UInt8] {
        let descriptor = try open(path, write: false)
        defer { close(descriptor) }
        var source = FileDescriptorSource(descriptor: descriptor)
        var bytes = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = try chunk.withUnsafeMutableBytes { buffer in
                Result { () throws(SystemError) in try source.read(into: buffer) }
            }.get()
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// Writes `bytes` to a new file at `path` with `mode`, failing if it exists (so two processes agree on one value).
    package static func createFile(
        _ path: String, bytes: [UInt8], mode: UInt32 = 0o600, protection: FileProtection = .none
    ) throws(SystemError) {
        let descriptor = try open(path, write: true, create: true, exclusive: true, mode: mode)
        defer { close(descriptor) }
        applyProtection(protection, to: path)
        try writeAll(descriptor, bytes)
        try synchronize(descriptor)
    }

    package static func rename(_ source: String, to destination: String) throws(SystemError) {
        if renameFile(source, destination) != 0 { throw SystemError(errno: errno, operation: "rename \(source)") }
    }

    /// Publishes `source` at `destination` only if nothing is there yet (EEXIST otherwise).
    package static func link(_ source: String, to destination: String) throws(SystemError) {
        #if canImport(Darwin)
        let result = Darwin.link(source, destination)
        #elseif canImport(Glibc)
        let result = Glibc.link(source, destination)
        #else
        let result = Musl.link(source, destination)
        #endif
        if result != 0 { throw SystemError(errno: errno, operation: "link \(destination)") }
    }

    package static func unlink(_ path: String) {
        #if canImport(Darwin)
        _ = Darwin.unlink(path)
        #elseif canImport(Glibc)
        _ = Glibc.unlink(path)
        #else
        _ = Musl.unlink(path)
        #endif
    }

    package static var processID: Int32 { getpid() }

    package static func isFileMissing(_ error: SystemError) -> Bool { error.errno == ENOENT }
    package static func isAlreadyExisting(_ error: SystemError) -> Bool { error.errno == EEXIST }
}

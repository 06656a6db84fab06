#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What `fstat`/`stat` say about a file that the store cares about.
package struct FileStatus: Sendable, Hashable {
    package var size: Int
    /// Seconds since 1970 of the last modification.
    package var modified: Double
    /// Hard links; 0 once the file was deleted while open.
    package var links: Int
    /// A regular file (not a FIFO, socket or device), so it can be read twice.
    package var isRegular: Bool
    package var isDirectory: Bool
    /// Device and inode: the same for two paths or descriptors only when they name the same file.
    package var identity: FileIdentity
}

/// Which file a path or descriptor names, whatever its name: a file renamed over another gets a new identity.
package struct FileIdentity: Sendable, Hashable {
    package var device: UInt64
    package var inode: UInt64

    /// `st_dev` as 64 bits. `dev_t` is `Int32` on Darwin, unsigned on Linux: a negative device number keeps its bit
    /// pattern instead of trapping.
    package static func device(_ raw: some BinaryInteger) -> UInt64 { UInt64(truncatingIfNeeded: raw) }
}

/// The calls the store needs beyond reading and writing: advisory locks, truncation, file status and listings.
extension SystemCalls {
    /// Takes an exclusive `flock` without waiting. Returns false when another open file description holds it
    /// (another process's active segment).
    package static func tryLockExclusive(_ descriptor: Int32) throws(SystemError) -> Bool {
        while true {
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return true }
            let error = errno
            if error == EINTR { continue }
            if error == EWOULDBLOCK || error == EAGAIN { return false }
            throw SystemError(errno: error, operation: "flock")
        }
    }

    /// Releases a `flock` taken with `tryLockExclusive` (closing the descriptor releases it too).
    package static func unlock(_ descriptor: Int32) {
        while flock(descriptor, LOCK_UN) != 0 && errno == EINTR {}
    }

    /// Cuts the file back to `size` bytes (drops a partly written block after a failed write).
    package static func truncate(_ descriptor: Int32, to size: Int) throws(SystemError) {
        while ftruncate(descriptor, off_t(size)) != 0 {
            if errno != EINTR { throw SystemError(errno: errno, operation: "ftruncate") }
        }
    }

    package static func status(_ descriptor: Int32) throws(SystemError) -> FileStatus {
        var info = stat()
        if fstat(descriptor, &info) != 0 { throw SystemError(errno: errno, operation: "fstat") }
        return FileStatus(info)
    }

    package static func status(path: String) throws(SystemError) -> FileStatus {
        var info = stat()
        if stat(path, &info) != 0 { throw SystemError(errno: errno, operation: "stat \(path)") }
        return FileStatus(info)
    }

    /// Names in `directory` (without "." and "..").
    package static func listDirectory(_ directory: String) throws(SystemError) -> [String] {
        try listDirectoryWithTypes(directory).map(\.name)
    }

    /// What a directory entry is, as the listing says without a `stat` of it.
    package enum EntryType: Sendable {
        case directory, regular
        /// A symbolic link, or a file system that does not say (`DT_UNKNOWN`): `stat` the path to know.
        case unknown
        /// A FIFO, socket or device.
        case other
    }

    /// Names in `directory` (without "." and ".."), with the type its listing gives (`d_type`): walking a tree of
    /// thousands of files needs no `stat` per file.
    package static func listDirectoryWithTypes(
        _ directory: String
    ) throws(SystemError) -> [(name: String, type: EntryType)] {
        guard let handle = opendir(directory) else {
            throw SystemError(errno: errno, operation: "opendir \(directory)")
        }
        defer { closedir(handle) }
        var entries = [(name: String, type: EntryType)]()
        while true {
            // readdir says an error only through errno: a listing cut short is not the folder's end.
            errno = 0
            guard let entry = readdir(handle) else {
                if errno != 0 { throw SystemError(errno: errno, operation: "readdir \(directory)") }
                break
            }
            // Read in place up to its end: the entry may be shorter than the declared `d_name`.
            let name = withUnsafePointer(to: &entry.pointee.d_name) { name in
                name.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) {
                    String(cString: $0)
                }
            }
            guard name != "." && name != ".." else { continue }
            let type: EntryType =
                switch Int(entry.pointee.d_type) {
                case Int(DT_DIR): .directory
                case Int(DT_REG): .regular
                case Int(DT_LNK), Int(DT_UNKNOWN): .unknown
                default: .other
                }
            entries.append((name, type))
        }
        return entries
    }

    /// Reads up to `count` bytes at `offset` without moving the file position.
    package static func read(_ descriptor: Int32, count: Int, at offset: Int) throws(SystemError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let result = bytes.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress! + filled, count - filled, off_t(offset + filled))
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw SystemError(errno: errno, operation: "pread")
            }
            if result == 0 { break }
            filled += result
        }
        return Array(bytes[0..<filled])
    }

    /// Sets the permission bits of `path` (the log directory is kept at 0700 even if it existed).
    package static func setMode(_ path: String, _ mode: UInt32) throws(SystemError) {
        if chmod(path, mode_t(mode)) != 0 { throw SystemError(errno: errno, operation: "chmod \(path)") }
    }

    /// True while a process with this id exists (it may belong to someone else; a hint, never a proof).
    package static func isProcessAlive(_ processID: Int32) -> Bool {
        kill(processID, 0) == 0 || errno == EPERM
    }
}

extension FileStatus {
    init(_ info: stat) {
        #if canImport(Darwin)
        let modified = Double(info.st_mtimespec.tv_sec) + Double(info.st_mtimespec.tv_nsec) / 1e9
        #else
        let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        #endif
        self.init(
            size: Int(info.st_size), modified: modified, links: Int(info.st_nlink),
            isRegular: info.st_mode & S_IFMT == S_IFREG, isDirectory: info.st_mode & S_IFMT == S_IFDIR,
            identity: FileIdentity(device: FileIdentity.device(info.st_dev), inode: UInt64(info.st_ino)))
    }
}

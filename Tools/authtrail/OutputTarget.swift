import ArgumentParser
import AuthTrail
import Foundation

/// Where a command's `-o PATH` goes, and the one way every command writes there (`report`, `show`, `bundle`).
///
/// `-o` never replaces what is not its own:
/// - `-` (or no `-o`) is standard output.
/// - A new path gets a new file, made under a temporary name beside it and linked into place only if nothing
///   appeared there meanwhile, so no half-written file ever carries the name.
/// - An existing regular file is replaced the same way, keeping its mode (a 0600 file stays 0600) and, where the
///   system allows, its owner. A symbolic link to a regular file replaces the file it points to; the link stays.
/// - An existing character device or FIFO (`/dev/null`, `/dev/stdout`, a named pipe) is opened and written through,
///   never replaced: `-o /dev/full` fails with 73.
/// - A folder, a block device, a socket or a link to nothing is refused with one sentence and 73.
///
/// Commands classify the target before they read (a folder fails at once) and write only once their output is
/// complete; a command that fails writes nothing there.
struct OutputTarget {
    /// What the path names when the output is written.
    enum Destination: Equatable {
        case standardOutput
        /// A file to create, or an existing regular file to replace (`path` is the link's target for a link).
        case file(path: String, existing: ExistingFile?)
        /// A character device or FIFO, written through.
        case passThrough(path: String)
    }

    /// What to keep of a regular file that is replaced.
    struct ExistingFile: Equatable {
        var mode: mode_t
        var owner: uid_t
        var group: gid_t
    }

    /// The path as the user gave it (nil for standard output).
    let path: String?
    /// What the output is, for messages: "report", "stories", "bundle".
    let what: String
    /// The mode of a new file (before the umask).
    let newFileMode: mode_t

    /// Checks `path` at once; standard output for nil or `-`.
    /// - Throws: 64 for an empty path; 73, with one line on standard error, for a target `-o` cannot write.
    init(_ path: String?, what: String, newFileMode: mode_t = 0o666) throws(ExitCode) {
        if path == "" {
            printError("authtrail: -o: the path is empty; give a file name, or - for standard output")
            throw ExitStatus.usage
        }
        self.path = path == "-" ? nil : path
        self.what = what
        self.newFileMode = newFileMode
        _ = try destination()
    }

    /// True when the output goes to standard output.
    var isStandardOutput: Bool { path == nil }

    /// Writes `text` to the target.
    /// - Throws: 73 (or 141 for a closed pipe on standard output) with one line on standard error.
    func write(_ text: String) throws(ExitCode) {
        switch try destination() {
        case .standardOutput:
            try StandardOutput.write(text, terminator: "")
        case .passThrough(let device):
            try writeThrough(device) { descriptor throws(SystemError) in
                try SystemCalls.writeAll(descriptor, Array(text.utf8))
            }
        case .file(let file, let existing):
            let staged = stage(for: file)
            do throws(SystemError) {
                let descriptor = try SystemCalls.open(
                    staged, write: true, create: true, exclusive: true, mode: UInt32(newFileMode))
                defer { SystemCalls.close(descriptor) }
                try SystemCalls.writeAll(descriptor, Array(text.utf8))
            } catch {
                SystemCalls.unlink(staged)
                try fail(file, error.reason)
            }
            try publish(staged, at: file, existing: existing)
        }
    }

    /// A path the command may create its output file at (`bundle` builds its file there), then `publish(_:)` or
    /// `discard(_:)`. Beside the target for a file, so the publish is a rename; in the temporary folder otherwise.
    func stagingPath() throws(ExitCode) -> String {
        switch try destination() {
        case .file(let file, _): return stage(for: file)
        case .standardOutput, .passThrough:
            return FileManager.default.temporaryDirectory.appendingPathComponent(
                "authtrail-\(what)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            ).path
        }
    }

    /// Puts the finished file at `staged` in place (or copies it through to a device, FIFO or standard output, then
    /// removes it).
    func publish(_ staged: String) throws(ExitCode) {
        let destination: Destination
        do throws(ExitCode) {
            destination = try self.destination()
        } catch {
            discard(staged)
            throw error
        }
        switch destination {
        case .file(let file, let existing):
            try publish(staged, at: file, existing: existing)
        case .standardOutput:
            defer { discard(staged) }
            do throws(SystemError) {
                try copy(staged, to: 1)
            } catch {
                try StandardOutput.fail(error)
            }
        case .passThrough(let device):
            defer { discard(staged) }
            try writeThrough(device) { descriptor throws(SystemError) in try copy(staged, to: descriptor) }
        }
    }

    /// Removes a staged file that will not be published.
    func discard(_ staged: String) { SystemCalls.unlink(staged) }

    // MARK: - Classifying

    /// What the path names now (asked again before writing: the command may have run for a while).
    private func destination() throws(ExitCode) -> Destination {
        guard let path else { return .standardOutput }
        var link = stat()
        guard lstat(path, &link) == 0 else {
            let error = errno
            guard error == ENOENT else { try fail(path, String(cString: strerror(error)).lowercased()) }
            let folder = (path as NSString).deletingLastPathComponent
            var parent = stat()
            if stat(folder.isEmpty ? "." : folder, &parent) != 0 || !Self.isFolder(parent) {
                try fail(path, "the folder \(folder) does not exist")
            }
            return .file(path: path, existing: nil)
        }
        guard Self.type(link) == S_IFLNK else { return try classify(path, link, resolved: path) }
        var target = stat()
        guard stat(path, &target) == 0 else {
            try fail(
                path,
                "a symbolic link to nothing (\(String(cString: strerror(errno)).lowercased())); give the file's own path"
            )
        }
        // A link to a regular file: replace the file it points to, so the link stays a link.
        guard Self.type(target) == S_IFREG, let resolved = realpath(path, nil) else {
            return try classify(path, target, resolved: path)
        }
        defer { free(resolved) }
        return try classify(path, target, resolved: String(cString: resolved))
    }

    private func classify(_ path: String, _ info: stat, resolved: String) throws(ExitCode) -> Destination {
        switch Self.type(info) {
        case S_IFREG:
            return .file(
                path: resolved,
                existing: ExistingFile(mode: info.st_mode & 0o7777, owner: info.st_uid, group: info.st_gid))
        case S_IFCHR, S_IFIFO: return .passThrough(path: path)
        case S_IFDIR:
            try fail(path, "it is a folder; give a file name, such as \(path)/\(what)\(Self.suffix(what))")
        case S_IFBLK: try fail(path, "it is a block device; -o writes files, character devices and pipes only")
        default:
            try fail(path, "it is a socket or another special file; -o writes files, character devices and pipes only")
        }
    }

    private static func type(_ info: stat) -> mode_t { info.st_mode & S_IFMT }
    private static func isFolder(_ info: stat) -> Bool { type(info) == S_IFDIR }
    private static func suffix(_ what: String) -> String { what == "bundle" ? ".authtrail.zst" : "" }

    // MARK: - Writing

    /// A fresh name beside `file` for the staged output.
    private func stage(for file: String) -> String {
        "\(file).partial-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// Moves `staged` to `file`: a new file only if nothing is there yet (link), an existing one keeping its mode.
    private func publish(_ staged: String, at file: String, existing: ExistingFile?) throws(ExitCode) {
        defer { SystemCalls.unlink(staged) }
        do throws(SystemError) {
            if let existing {
                if chmod(staged, existing.mode) != 0 { throw SystemError(errno: errno, operation: "chmod") }
                // Succeeds only for a superuser or for the owner itself: either way nobody gains access.
                _ = chown(staged, existing.owner, existing.group)
                try SystemCalls.rename(staged, to: file)
            } else {
                try SystemCalls.link(staged, to: file)
            }
        } catch {
            let reason = error.errno == EEXIST ? "a file appeared there while the command ran" : error.reason
            try fail(file, reason)
        }
    }

    /// Opens a device or FIFO for writing (no create, no truncate) and writes through it.
    private func writeThrough(_ device: String, _ body: (Int32) throws(SystemError) -> Void) throws(ExitCode) {
        do throws(SystemError) {
            let descriptor = try SystemCalls.open(device, write: true)
            defer { SystemCalls.close(descriptor) }
            try body(descriptor)
        } catch {
            // A FIFO (or /dev/stdout on a pipe) whose reader has gone ends the command as a closed standard output.
            if error.errno == EPIPE { throw ExitStatus.closedPipe }
            try fail(device, error.reason)
        }
    }

    /// Copies the file at `path` to `descriptor`, a megabyte at a time.
    private func copy(_ path: String, to descriptor: Int32) throws(SystemError) {
        let input = try SystemCalls.open(path, write: false)
        defer { SystemCalls.close(input) }
        var source = FileDescriptorSource(descriptor: input)
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = try chunk.withUnsafeMutableBytes { buffer in
                Result { () throws(SystemError) in try source.read(into: buffer) }
            }.get()
            if count == 0 { return }
            try SystemCalls.writeAll(descriptor, Array(chunk[..<count]))
        }
    }

    private func fail(_ target: String, _ reason: String) throws(ExitCode) -> Never {
        printError("authtrail: \(target): cannot write the \(what): \(reason)")
        throw ExitStatus.cannotCreate
    }
}

package import AuthTrail
import Foundation

/// Standard input, which a command's paths name "-": the one place that opens, copies and reads it.
package enum StandardInput {
    /// The path that names standard input.
    package static let path = "-"

    /// The name an input is known by where its file name is used (a bundle's file list, the install a raw MSAL log
    /// stands for): `stdin` for standard input, else the path's last component.
    package static func fileName(_ path: String) -> String {
        path == Self.path ? "stdin" : URL(fileURLWithPath: path).lastPathComponent
    }

    /// All of standard input (`explain`'s pasted text).
    package static func readAll() throws(SystemError) -> [UInt8] {
        var bytes: [UInt8] = []
        try forEachChunk(of: 1 << 16) { bytes += $0 }
        return bytes
    }

    /// `paths` with "-" replaced by a private temporary copy of standard input, for a command that reads its inputs
    /// twice (`show`). The copy is named `stdin`, the name `fileName` gives standard input, so a raw MSAL log keeps
    /// its install id. When `paths` do not name standard input, they are returned as they are, with nothing copied.
    package static func copy(in paths: [String]) -> Result<Copy, InputFiles.Problem> {
        guard paths.contains(Self.path) else { return .success(Copy(paths: paths, url: nil)) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "authtrail-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        let url = folder.appendingPathComponent(fileName(Self.path))
        guard
            (try? FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])) != nil
        else {
            return .failure(
                InputFiles.Problem(path: Self.path, reason: "cannot create a temporary copy of standard input"))
        }
        CopyCleanup.arm(file: url.path, folder: folder.path)
        do throws(SystemError) {
            let output = try SystemCalls.open(url.path, write: true, create: true, exclusive: true)
            defer { SystemCalls.close(output) }
            // In chunks, so memory stays bounded whatever standard input holds.
            try forEachChunk(of: 1 << 20) { chunk throws(SystemError) in try SystemCalls.writeAll(output, chunk) }
        } catch {
            try? FileManager.default.removeItem(at: folder)
            CopyCleanup.disarm()
            return .failure(InputFiles.Problem(path: Self.path, reason: "cannot copy standard input: \(error.reason)"))
        }
        return .success(Copy(paths: paths.map { $0 == Self.path ? url.path : $0 }, url: url))
    }

    /// Reads standard input to its end in chunks of up to `size` bytes, handing each to `body`.
    private static func forEachChunk(
        of size: Int, _ body: (UnsafeRawBufferPointer) throws(SystemError) -> Void
    ) throws(SystemError) {
        var source = FileDescriptorSource(descriptor: 0)
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 1)
        defer { chunk.deallocate() }
        while true {
            let count = try source.read(into: chunk)
            guard count > 0 else { return }
            try body(UnsafeRawBufferPointer(rebasing: chunk[..<count]))
        }
    }

    /// The paths to read once standard input is copied, and the way back to "-" in what is said about them.
    package struct Copy: Sendable {
        /// The paths given, "-" replaced by the copy.
        package let paths: [String]
        private let url: URL?

        fileprivate init(paths: [String], url: URL?) {
            self.paths = paths
            self.url = url
        }

        /// `text` with the copy's path written "-" again.
        package func named(_ text: String) -> String {
            url.map { text.replacingOccurrences(of: $0.path, with: StandardInput.path) } ?? text
        }

        /// `problem`, with the copy named "-" again.
        package func named(_ problem: InputFiles.Problem) -> InputFiles.Problem {
            InputFiles.Problem(path: named(problem.path), reason: named(problem.reason))
        }

        /// Deletes the copy and its folder.
        package func remove() {
            guard let url else { return }
            try? FileManager.default.removeItem(at: url.deletingLastPathComponent())
            CopyCleanup.disarm()
        }
    }
}

/// A file, or standard input ("-"), open for reading; `close()` leaves standard input open.
package struct OpenInput {
    package let source: FileDescriptorSource
    private let closes: Bool

    package init(path: String) throws(SystemError) {
        closes = path != StandardInput.path
        source = FileDescriptorSource(descriptor: closes ? try SystemCalls.open(path, write: false) : 0)
    }

    package func close() {
        if closes { SystemCalls.close(source.descriptor) }
    }
}

/// While a copy of standard input exists, SIGINT, SIGTERM and SIGHUP delete it before the process ends (status 128 +
/// the signal's number), so a stopped `show` leaves behind no copy of what it read: a raw MSAL log holds personal
/// data. The handler does only what a signal handler may: `unlink`, `rmdir` and `_exit`, on paths made beforehand.
private enum CopyCleanup {
    static let signals = [SIGINT, SIGTERM, SIGHUP]
    // Set by arm before its handlers are installed, and cleared by disarm after they are removed.
    nonisolated(unsafe) static var file: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) static var folder: UnsafeMutablePointer<CChar>?

    static func arm(file path: String, folder directory: String) {
        file = strdup(path)
        folder = strdup(directory)
        for number in signals {
            signal(number) { number in
                if let file = CopyCleanup.file { unlink(file) }
                if let folder = CopyCleanup.folder { rmdir(folder) }
                _exit(128 + number)
            }
        }
        // A child started by Foundation's Process inherits its parent's blocked signals (a test runner blocks most).
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for number in signals { sigaddset(&unblocked, number) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
    }

    static func disarm() {
        for number in signals { signal(number, SIG_DFL) }
        free(file)
        free(folder)
        (file, folder) = (nil, nil)
    }
}

import AuthTrailTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `-o` never replaces what is not its own (`OutputTarget`): every command with `-o` (report, show, bundle) writes
/// through a device or FIFO, replaces a regular file keeping its mode, replaces a link's target keeping the link,
/// refuses a folder in one sentence with 73, treats `-o -` as standard output, and writes nothing when it fails.
/// Before, `-o` renamed a temporary file over the path: `/dev/null` became a regular file (as root), `-o /dev/full`
/// exited 0, a 0600 file became 0644, a folder gave `NSCocoaErrorDomain error 512`, `-o -` made a file named `-`.
@Suite("-o never replaces what is not its own", .serialized)
struct OutputTargetTests {
    /// A folder holding the demo's trail, made once.
    static let trail = Result { try demoTrail("output-target") }

    /// Each command with `-o`, with arguments that make it succeed on the demo's trail; `OUT` is the target.
    static let commands: [String] = [
        "report --format json -o OUT TRAIL",
        "report -o OUT TRAIL",
        "show --code=-50002 -o OUT TRAIL",
        "bundle --force -o OUT TRAIL",
    ]

    static func arguments(_ command: String, out: String, trail: String) -> [String] {
        command.split(separator: " ").map { word in
            switch word {
            case "OUT": out
            case "TRAIL": trail
            default: String(word)
            }
        }
    }

    static func fileType(_ path: String) -> mode_t? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return info.st_mode & S_IFMT
    }

    static func mode(_ path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }

    /// A character device behaving as /dev/null in a folder of the test's own, when the test may make one (root): so
    /// a binary that replaces its target replaces this node, never the machine's `/dev/null`.
    static func privateNullDevice(in directory: TemporaryDirectory) -> String? {
        privateDevice(in: directory, name: "null", minor: 3)
    }

    /// A character device of major 1 (memory devices: 3 is null, 7 is full) in `directory`, as root on Linux.
    static func privateDevice(in directory: TemporaryDirectory, name: String, minor: UInt) -> String? {
        #if os(Linux)
        guard getuid() == 0 else { return nil }
        let path = "\(directory.path)/\(name)"
        // makedev(1, minor) for minor numbers below 256 (makedev is a C macro Swift does not import).
        guard mknod(path, S_IFCHR | 0o666, dev_t((1 << 8) | minor)) == 0 else { return nil }
        return path
        #else
        return nil
        #endif
    }

    @Test("a character device stays a character device and is written through", arguments: commands)
    func characterDevice(_ command: String) throws {
        let trail = try Self.trail.get()
        let scratch = try TemporaryDirectory("output-device")
        defer { scratch.remove() }
        if let device = Self.privateNullDevice(in: scratch) {
            let result = try ProcessRunner.authtrail(Self.arguments(command, out: device, trail: trail))
            #expect(result.status == 0, "\(command): \(result.standardError.suffix(300))")
            #expect(Self.fileType(device) == S_IFCHR, "\(command) replaced a character device with a file")
            // Only once the private node survived is the machine's own /dev/null given to the binary.
            guard Self.fileType(device) == S_IFCHR else { return }
        }
        let result = try ProcessRunner.authtrail(Self.arguments(command, out: "/dev/null", trail: trail))
        #expect(result.status == 0, "\(command): \(result.standardError.suffix(300))")
        #expect(Self.fileType("/dev/null") == S_IFCHR, "\(command) replaced /dev/null")
    }

    @Test(
        "-o /dev/full exits 73 with one line naming it, and leaves the device",
        .enabled(if: FileManager.default.fileExists(atPath: "/dev/full")), arguments: commands)
    func fullDevice(_ command: String) throws {
        let trail = try Self.trail.get()
        let scratch = try TemporaryDirectory("output-full")
        defer { scratch.remove() }
        // As root, a private node of /dev/full (1, 7): a binary that renames over its target cannot harm the real one.
        let device = Self.privateDevice(in: scratch, name: "full", minor: 7) ?? "/dev/full"
        let result = try ProcessRunner.authtrail(Self.arguments(command, out: device, trail: trail))
        #expect(result.status == 73, "\(command) exited \(result.status): \(result.standardError.suffix(300))")
        #expect(result.standardError.contains("\(device): cannot write the "), "\(result.standardError.suffix(300))")
        #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError.suffix(300))")
        #expect(Self.fileType(device) == S_IFCHR)
    }

    @Test("a FIFO is written through: its reader gets the whole output", arguments: commands)
    func fifo(_ command: String) throws {
        let trail = try Self.trail.get()
        let scratch = try TemporaryDirectory("output-fifo")
        defer { scratch.remove() }
        let fifo = scratch.path + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        // The reader copies the FIFO into a file while the command writes.
        let copy = scratch.path + "/copy"
        let reader = try LiveProcess("/bin/sh", ["-c", "exec cat \"$0\" > \"$1\"", fifo, copy])
        let result = try ProcessRunner.authtrail(Self.arguments(command, out: fifo, trail: trail), timeLimit: 120)
        let readerEnd = reader.waitForExit(timeout: 20)
        #expect(readerEnd.status == 0 && !readerEnd.signalled, "the FIFO's reader never saw a writer")
        #expect(result.status == 0, "\(command): \(result.standardError.suffix(300))")
        #expect(Self.fileType(fifo) == S_IFIFO, "\(command) replaced the FIFO")
        let written = try Data(contentsOf: URL(fileURLWithPath: copy))
        #expect(written.count > 100, "\(command): the reader got \(written.count) bytes")
    }

    @Test("an existing 0600 file stays 0600 and gets the output", arguments: commands)
    func keepsMode(_ command: String) throws {
        let trail = try Self.trail.get()
        let scratch = try TemporaryDirectory("output-mode")
        defer { scratch.remove() }
        let file = scratch.path + "/out"
        #expect(FileManager.default.createFile(atPath: file, contents: Data("old".utf8)))
        #expect(chmod(file, 0o600) == 0)
        let result = try ProcessRunner.authtrail(Self.arguments(command, out: file, trail: trail))
        #expect(result.status == 0, "\(command): \(result.standardError.suffix(300))")
        #expect(Self.mode(file) == 0o600, "\(command) changed the mode to \(String(Self.mode(file) ?? 0, radix: 8))")
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)).count > 100)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == ["out"], "no file left behind")
    }

    @Test("a symbolic link stays a link; the file it points to gets the output", arguments: commands)
    func symbolicLink(_ command: String) throws {
        let trail = try Self.trail.get()
        let scratch = try TemporaryDirectory("output-link")
        defer { scratch.remove() }
        let target = scratch.path + "/target"
        let link = scratch.path + "/link"
        #expect(FileManager.default.createFile(atPath: target, contents: Data("old".utf8)))
        #expect(chmod(target, 0o640) == 0)
        #expect(symlink(target, link) == 0)
        let result = try ProcessRunner.authtrail(Self.arguments(command, out: link, trail: trail))
        #expect(result.status == 0, "\(command): \(result.standardError.suffix(300))")
        #expect(Self.fileType(link) == S_IFLNK, "\(command) replaced the link")
        #expect(Self.fileType(target) == S_IFREG)
        #expect(Self.mode(target) == 0o640)
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)).count > 100)

        // A link to nothing is refused: creating its target would write where the user did not look.
        let dangling = scratch.path + "/dangling"
        #expect(symlink(scratch.path + "/nowhere", dangling) == 0)
        let refused = try ProcessRunner.authtrail(Self.arguments(command, out: dangling, trail: trail))
        #expect(refused.status == 73, "\(command): \(refused.standardError.suffix(300))")
        #expect(refused.standardError.contains("symbolic link to nothing"))
        #expect(
            Self.fileType(dangling) == S_IFLNK && !FileManager.default.fileExists(atPath: scratch.path + "/nowhere"))
    }

    @Test("a folder gives one plain sentence and 73, and the folder is left as it was", arguments: commands)
    func folder(_ command: String) throws {
        let trail = try Self.trail.get()
        let scratch = try TemporaryDirectory("output-folder")
        defer { scratch.remove() }
        let result = try ProcessRunner.authtrail(Self.arguments(command, out: scratch.path, trail: trail))
        #expect(result.status == 73, "\(command) exited \(result.status)")
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 1, "\(result.standardError)")
        #expect(lines.first?.hasPrefix("authtrail: \(scratch.path): cannot write the ") == true)
        #expect(result.standardError.contains("it is a folder; give a file name"))
        for noise in ["NSCocoaErrorDomain", "errno", ".final-", ".partial-"] {
            #expect(!result.standardError.contains(noise), "\(command): \(result.standardError)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty)
        #expect(result.standardOutput.isEmpty)
    }

    @Test("-o - is standard output; no file named - is made", arguments: commands)
    func dashIsStandardOutput(_ command: String) throws {
        let trail = try Self.trail.get()
        let scratch = try TemporaryDirectory("output-dash")
        defer { scratch.remove() }
        let result = try ProcessRunner.authtrail(
            Self.arguments(command, out: "-", trail: trail), currentDirectory: scratch.path)
        #expect(result.status == 0, "\(command): \(result.standardError.suffix(300))")
        #expect(result.standardOutput.count > 100)
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/-"))
        if command.hasPrefix("bundle") {
            // The bundle on standard output is the zstd file itself: the zstd tool reads it.
            let bundle = scratch.path + "/from-stdout.zst"
            try result.standardOutput.write(to: URL(fileURLWithPath: bundle))
            #expect(try ProcessRunner.authtrail(["verify", bundle]).status == 0)
            #expect(result.standardError.contains("Wrote the bundle to standard output"))
        }
    }

    @Test("nothing is written to -o when the command fails: no readable event, a missing input")
    func nothingWrittenOnFailure() throws {
        let scratch = try TemporaryDirectory("output-failure")
        defer { scratch.remove() }
        let empty = scratch.path + "/empty.zst"
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        let missing = scratch.path + "/missing.zst"
        for (command, status) in [
            ("report --format json -o OUT \(empty)", 65), ("report -o OUT \(missing)", 66),
            ("show --code=-50002 -o OUT \(empty)", 65), ("show --code=-50002 -o OUT \(missing)", 66),
            ("bundle -o OUT \(empty)", 65), ("bundle -o OUT \(missing)", 66),
        ] {
            let out = scratch.path + "/out"
            let result = try ProcessRunner.authtrail(Self.arguments(command, out: out, trail: ""))
            #expect(result.status == Int32(status), "\(command): \(result.standardError.suffix(300))")
            #expect(!FileManager.default.fileExists(atPath: out), "\(command) wrote \(out)")
            // An existing file is left as it was.
            #expect(FileManager.default.createFile(atPath: out, contents: Data("kept".utf8)))
            let again = try ProcessRunner.authtrail(Self.arguments(command, out: out, trail: ""))
            #expect(again.status == Int32(status))
            #expect(try String(contentsOfFile: out, encoding: .utf8) == "kept", "\(command) replaced \(out)")
            try FileManager.default.removeItem(atPath: out)
        }
    }

    @Test("a new file is made; a path in a folder that does not exist is one sentence and 73")
    func newFile() throws {
        let trail = try Self.trail.get()
        let scratch = try TemporaryDirectory("output-new")
        defer { scratch.remove() }
        let out = scratch.path + "/report.json"
        let made = try ProcessRunner.authtrail(["report", "--format", "json", "-o", out, trail])
        #expect(made.status == 0)
        #expect(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) is [String: Any])
        let nowhere = scratch.path + "/no-such-folder/report.json"
        let refused = try ProcessRunner.authtrail(["report", "-o", nowhere, trail])
        #expect(refused.status == 73)
        #expect(refused.standardError.contains("does not exist"), "\(refused.standardError)")
    }
}

import AuthTrailTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `authtrail show -` copies standard input to a temporary file so it can read it twice. A raw MSAL log holds
/// personal data, so the copy must not outlive the command, even when the command is stopped while it copies.
@Suite("show's copy of standard input is removed when it ends, stopped or not")
struct ShowStandardInputCopyTests {
    /// Runs `authtrail show -` with its own TMPDIR (`folder`), so what it leaves there is seen.
    static func show(temporary folder: TemporaryDirectory) throws -> LiveProcess {
        let authtrail = ProcessRunner.productsDirectory.appendingPathComponent("authtrail").path
        return try LiveProcess(
            "/usr/bin/env", ["TMPDIR=\(folder.path)", authtrail, "show", "-", "--code=-50005", "--format", "json"])
    }

    /// The files under `folder`, recursively.
    static func contents(of folder: TemporaryDirectory) -> [String] {
        (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String]) ?? []
    }

    @Test("stopped by a signal while copying: the copy and its folder are gone", arguments: [SIGINT, SIGTERM, SIGHUP])
    func stoppedWhileCopying(signal: Int32) throws {
        let folder = try TemporaryDirectory("show-copy")
        defer { folder.remove() }
        let show = try Self.show(temporary: folder)
        for line in RawLogCommandTests.paste.split(separator: "\n") { show.send(String(line)) }
        // Standard input stays open: the copy has what was sent so far and waits for more.
        let deadline = Date().addingTimeInterval(30)
        var copied = false
        while !copied && Date() < deadline {
            copied = Self.contents(of: folder).contains { path in
                path.hasSuffix("/stdin")
                    && ((try? FileManager.default.attributesOfItem(atPath: folder.path + "/" + path))?[.size]
                        as? Int ?? 0) > 0
            }
            if !copied { usleep(20_000) }
        }
        try #require(copied, "the copy never appeared: \(Self.contents(of: folder))")
        show.send(signal: signal)
        let end = show.waitForExit(timeout: 30)
        #expect(end.status == 128 + signal && !end.signalled, "status \(end.status): \(show.errorText)")
        #expect(Self.contents(of: folder).isEmpty, "left behind: \(Self.contents(of: folder))")
    }

    @Test("ended normally: the stories are told from the copy and the copy is gone")
    func endedNormally() throws {
        let folder = try TemporaryDirectory("show-copy")
        defer { folder.remove() }
        let show = try Self.show(temporary: folder)
        for line in RawLogCommandTests.paste.split(separator: "\n") { show.send(String(line)) }
        show.closeInput()
        let end = show.waitForExit(timeout: 60)
        #expect(end.status == 0 && !end.signalled, "status \(end.status): \(show.errorText)")
        #expect(show.text.contains("raw:stdin"))
        #expect(Self.contents(of: folder).isEmpty, "left behind: \(Self.contents(of: folder))")
    }
}

import AuthTrailTestSupport
import Foundation
import Testing

/// Running child processes leaves no file descriptor open in the test process. Leaked pipes pile up over a whole
/// suite, and past about 1,300 open descriptors Foundation's `Process.run` can read past the end of its
/// `/proc/self/fd` listing and crash the suite (swiftlang/swift-corelibs-foundation#5472, not in Swift 6.3.1).
@Suite("child processes leave no descriptors behind")
struct ChildProcessDescriptorTests {
    /// The open descriptors of this process, where the platform lists them.
    static func openDescriptors() -> Int? {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd"))?.count
            ?? (try? FileManager.default.contentsOfDirectory(atPath: "/dev/fd"))?.count
    }

    @Test("forty runs of a real program, with input and both outputs, leave fewer than forty descriptors open")
    func runsCloseTheirPipes() throws {
        let before = try #require(Self.openDescriptors())
        for index in 0..<40 {
            let output = try ProcessRunner.run("sh", ["-c", "cat; echo err >&2"], input: Data("line \(index)\n".utf8))
            #expect(output.text == "line \(index)\n")
        }
        // Other suites run beside this one and open descriptors of their own: a leak of even one pipe end per run
        // shows as at least forty more.
        let after = try #require(Self.openDescriptors())
        #expect(after - before < 40, "\(after - before) more descriptors open after 40 runs")
    }

    @Test("forty live children, read to their end, leave fewer than forty descriptors open")
    func liveChildrenCloseTheirPipes() throws {
        let before = try #require(Self.openDescriptors())
        for index in 0..<40 {
            let child = try LiveProcess("/bin/sh", ["-c", "cat; echo err >&2"])
            child.send("line \(index)")
            child.closeInput()
            let ending = child.waitForExit(timeout: 60)
            #expect(ending.status == 0 && !ending.signalled)
            #expect(child.text == "line \(index)\n")
        }
        let after = try #require(Self.openDescriptors())
        #expect(after - before < 40, "\(after - before) more descriptors open after 40 live children")
    }
}

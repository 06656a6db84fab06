import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real child process a test talks to while it runs: lines go to its standard input, and what it prints is
/// collected as it comes, so the test can wait for a line, signal the child and check how it ended.
///
/// A `final class` for its locked state: the collected output, filled by reader threads.
package final class LiveProcess: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    private let lock = NSLock()
    private var output = Data()
    private var errors = Data()
    private var openStreams = 2

    /// Starts `executable` (a path) with `arguments`.
    package init(_ executable: String, _ arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let outputPipe = Pipe()
        let errorPipe = Pipe()
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        process.standardInput = input
        try process.run()
        collect(outputPipe.fileHandleForReading) { $0.output.append($1) }
        collect(errorPipe.fileHandleForReading) { $0.errors.append($1) }
    }

    /// Starts the built `authtrail` or another product beside the tests (`authtrail-stress`).
    package static func product(_ name: String, _ arguments: [String]) throws -> LiveProcess {
        try LiveProcess(ProcessRunner.productsDirectory.appendingPathComponent(name).path, arguments)
    }

    private func collect(_ handle: FileHandle, into append: @escaping @Sendable (LiveProcess, Data) -> Void) {
        Thread {
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                self.lock.withLock { append(self, data) }
            }
            try? handle.close()
            self.lock.withLock { self.openStreams -= 1 }
        }.start()
    }

    package var processIdentifier: Int32 { process.processIdentifier }

    /// What the child printed on standard output so far.
    package var text: String { lock.withLock { String(decoding: output, as: UTF8.self) } }
    /// What the child printed on standard error so far.
    package var errorText: String { lock.withLock { String(decoding: errors, as: UTF8.self) } }

    /// Writes `line` and a newline to the child's standard input.
    package func send(_ line: String) { input.fileHandleForWriting.write(Data((line + "\n").utf8)) }

    /// Closes the child's standard input.
    package func closeInput() { try? input.fileHandleForWriting.close() }

    /// Sends `signal` (SIGINT, SIGTERM) to the child.
    package func send(signal: Int32) { kill(process.processIdentifier, signal) }

    /// Waits until `condition` holds for the standard output so far, or `timeout` seconds pass; true if it held.
    @discardableResult
    package func waitForOutput(timeout: Double, until condition: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition(text) { return true }
            usleep(20_000)
        }
        return condition(text)
    }

    /// Waits for the child to end and its output to be read, killing it (SIGKILL) after `timeout` seconds.
    /// - Returns: its exit status, and whether it ended by a signal instead.
    package func waitForExit(timeout: Double) -> (status: Int32, signalled: Bool) {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        while lock.withLock({ openStreams > 0 }) { usleep(5_000) }
        return (process.terminationStatus, process.terminationReason == .uncaughtSignal)
    }
}

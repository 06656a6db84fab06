package import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs real programs (the built `authtrail`, `zstd`, `jq`) and captures what they print.
package struct ProcessOutput: Sendable {
    package var status: Int32
    /// True when the process ended by a signal (a crash, or killed at its time limit) instead of exiting.
    package var wasSignalled = false
    /// True when the process was killed because it ran past its time limit.
    package var timedOut = false
    package var standardOutput: Data
    package var standardError: String
    package var text: String { String(decoding: standardOutput, as: UTF8.self) }
}

package enum ProcessRunner {
    /// The folder SwiftPM builds products into (beside the test bundle).
    package static var productsDirectory: URL {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = executable.deletingLastPathComponent()
        // On macOS the test binary lives inside a .xctest bundle.
        while directory.pathExtension == "xctest" || directory.lastPathComponent == "MacOS"
            || directory.lastPathComponent == "Contents"
        {
            directory = directory.deletingLastPathComponent()
        }
        return directory
    }

    /// Runs the built `authtrail` binary.
    package static func authtrail(
        _ arguments: [String], input: Data? = nil, currentDirectory: String? = nil, timeLimit: Double = 300
    ) throws -> ProcessOutput {
        try run(
            productsDirectory.appendingPathComponent("authtrail").path, arguments, input: input,
            currentDirectory: currentDirectory, timeLimit: timeLimit)
    }

    /// Runs `executable` (a path, or a name looked up in PATH) with `arguments`.
    /// - Parameter timeLimit: seconds after which the process is killed (SIGKILL) and `timedOut` is set.
    package static func run(
        _ executable: String, _ arguments: [String], input: Data? = nil, currentDirectory: String? = nil,
        timeLimit: Double = 300
    ) throws -> ProcessOutput {
        let process = Process()
        if executable.contains("/") {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [executable] + arguments
        }
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        let outputPipe = Pipe()
        let errorPipe = Pipe()
        let inputPipe = Pipe()
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        process.standardInput = inputPipe
        try process.run()
        // The watchdog holds the pid, not the process: a cancelled work item stays queued until its deadline, and a
        // process it held would keep its pipes open that long. Hundreds of runs then held over a thousand
        // descriptors, past which Foundation's `Process.run` can crash reading /proc/self/fd
        // (swiftlang/swift-corelibs-foundation#5472; ChildProcessDescriptorTests).
        let killed = Flag()
        let ended = Flag()
        let pid = process.processIdentifier
        let watchdog = DispatchWorkItem {
            killed.raise(unless: ended)
            if killed.isRaised { kill(pid, SIGKILL) }
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit, execute: watchdog)
        defer { watchdog.cancel() }
        // Drain both pipes concurrently so a chatty child never blocks on a full pipe.
        let errorData = Locked<Data>(Data())
        let errorReader = Thread { errorData.set(errorPipe.fileHandleForReading.readDataToEndOfFile()) }
        errorReader.start()
        if let input { inputPipe.fileHandleForWriting.write(input) }
        try? inputPipe.fileHandleForWriting.close()
        let output = outputPipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        ended.raise(unless: killed)
        while !errorData.isSet { usleep(1000) }
        try? outputPipe.fileHandleForReading.close()
        try? errorPipe.fileHandleForReading.close()
        return ProcessOutput(
            status: process.terminationStatus, wasSignalled: process.terminationReason == .uncaughtSignal,
            timedOut: killed.isRaised, standardOutput: output,
            standardError: String(decoding: errorData.value ?? Data(), as: UTF8.self))
    }

    /// True when `name` is on PATH.
    package static func isAvailable(_ name: String) -> Bool {
        (try? run("sh", ["-c", "command -v \(name)"]).status) == 0
    }
}

/// A flag one thread raises and another reads.
private final class Flag: @unchecked Sendable {
    private static let lock = NSLock()
    private var raised = false
    /// Raises this flag unless `other` is already raised: of two flags raised this way, only one ever is.
    func raise(unless other: Flag) { Self.lock.withLock { raised = raised || !other.raised } }
    var isRaised: Bool { Self.lock.withLock { raised } }
}

/// A write-once box for a value produced on another thread.
private final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?
    init(_: Value) {}
    func set(_ value: Value) { lock.withLock { stored = value } }
    var isSet: Bool { lock.withLock { stored != nil } }
    var value: Value? { lock.withLock { stored } }
}

import AuthTrailTestSupport
import Foundation

/// A stress child that keeps running between requests (`authtrail-stress hold`): it logs, flushes, prints
/// `flushed N` and idles like a suspended app until the test asks for more (a line on its standard input) or ends it
/// (end of input).
final class LiveChild {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffer = ""

    init(directory: String, eventsPerRound: Int) throws {
        process.executableURL = URL(fileURLWithPath: StressChild.path)
        process.arguments = ["hold", directory, String(eventsPerRound)]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    var processID: Int32 { process.processIdentifier }

    /// The next line the child prints, nil when it ended.
    func nextLine() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: "\n") {
                let line = String(buffer[..<newline])
                buffer = String(buffer[buffer.index(after: newline)...])
                return line
            }
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { return nil }
            buffer += String(decoding: data, as: UTF8.self)
        }
    }

    /// Waits for `flushed N` and returns N, the last event index the flush covered.
    func waitForFlush() -> Int? {
        guard let line = nextLine(), line.hasPrefix("flushed ") else { return nil }
        return Int(line.dropFirst("flushed ".count))
    }

    /// Asks for one more round of events and a flush.
    func requestRound() { input.fileHandleForWriting.write(Data("more\n".utf8)) }

    /// Ends the child's input, so it shuts its trail down, and returns what it printed last (its `health` line).
    func finish() -> String {
        try? input.fileHandleForWriting.close()
        var rest = buffer
        rest += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return rest
    }

    func kill(_ signal: Int32 = SIGKILL) {
        Foundation.kill(process.processIdentifier, signal)
        process.waitUntilExit()
    }
}

import AuthTrailTestSupport
import Foundation

/// `authtrail-stress locks`: another process that looks for a lock on every file of a folder (hidden temporary files
/// included, `flock` and `fcntl`) about a thousand times a second, and for any change to the files, until stopped.
final class LockSamplerChild {
    private let process: LiveProcess

    /// What the sampler saw.
    struct Summary {
        var rounds: Int
        /// Rounds that found a file locked, and the first one found.
        var held: Int
        var firstHeld: String
        /// Rounds whose files (names, inodes, sizes) differed from the first round's, and the first difference.
        var changed: Int
        var firstChange: String
    }

    /// Starts sampling `directory` and returns once the first round is done.
    init(directory: String) throws {
        process = try LiveProcess.product("authtrail-stress", ["locks", directory])
        guard process.waitForOutput(timeout: 120, until: { $0.contains("ready\n") }) else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: process.errorText])
        }
    }

    /// Stops the sampler and returns what it saw; nil if it printed no summary.
    func stop() -> Summary? {
        process.closeInput()
        // Generous: on a loaded machine (the suite beside a build) a test took 472 s and the sampler, starved, had
        // not printed its summary after 120 s.
        _ = process.waitForExit(timeout: 600)
        let lines = process.text.split(separator: "\n")
        guard let line = lines.last(where: { $0.hasPrefix("sampled ") }) else { return nil }
        var fields = [String: String]()
        for pair in line.split(separator: " ").dropFirst() {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        return Summary(
            rounds: Int(fields["rounds"] ?? "") ?? 0, held: Int(fields["held"] ?? "") ?? -1,
            firstHeld: fields["first-held"] ?? "", changed: Int(fields["changed"] ?? "") ?? -1,
            firstChange: fields["first-change"] ?? "")
    }
}

/// The process id of a process that has already ended: a torn segment's writer that is surely dead.
func endedProcessID() throws -> Int {
    let ended = Process()
    ended.executableURL = URL(fileURLWithPath: "/bin/true")
    try ended.run()
    ended.waitUntilExit()
    return Int(ended.processIdentifier)
}

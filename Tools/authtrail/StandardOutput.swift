import ArgumentParser
import AuthTrail
import Foundation

/// Standard output for every command.
///
/// Bytes go straight to descriptor 1 with write(2), not through `print` and stdio's buffer: stdio reports a failed
/// flush at exit to nobody, so `report > /dev/full` used to exit 0 having written nothing. Here every failed write
/// (ENOSPC on a full device, EPIPE on a closed pipe when SIGPIPE is ignored, EIO, EBADF) prints one line on standard
/// error and throws exit status 73, except a closed pipe, which ends the command quietly with 141. Commands that
/// stream through a library writer (`cat`, `tail`, `redact`) report that writer's error through `fail(_:)`, so every
/// command words and codes the failure the same way.
enum StandardOutput {
    /// Writes `text` followed by `terminator` to standard output.
    /// - Throws: `ExitStatus.cannotCreate` (73) when the bytes could not all be written; the reason is on stderr.
    static func write(_ text: String, terminator: String = "\n") throws(ExitCode) {
        var bytes = Array(text.utf8)
        bytes += terminator.utf8
        guard !bytes.isEmpty else { return }
        do {
            try SystemCalls.writeAll(1, bytes)
        } catch {
            try fail(error)
        }
    }

    /// Reports a failed write to standard output and throws exit status 73; a closed pipe (EPIPE: SIGPIPE is
    /// ignored, see `AuthTrailCommand.main`) ends the command quietly with 141.
    static func fail(_ error: SystemError) throws(ExitCode) -> Never {
        if error.errno == EPIPE { throw ExitStatus.closedPipe }
        printError("authtrail: standard output: \(error.reason)")
        throw ExitStatus.cannotCreate
    }
}

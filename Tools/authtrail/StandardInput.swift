import AuthTrailAnalysis
import Foundation

extension StandardInput {
    /// When `paths` name standard input (`-`) and it is a terminal, says so on standard error, so a command given no
    /// path does not seem to hang: it is waiting for text typed or pasted, ended by Ctrl-D.
    static func announceIfTerminal(_ paths: [String], command: String) {
        guard paths.contains(path), isatty(0) == 1 else { return }
        printError(
            "authtrail \(command): reading standard input (the terminal); end it with Ctrl-D, or give a file or "
                + "folder: authtrail \(command) --help")
    }
}

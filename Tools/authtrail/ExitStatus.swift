import ArgumentParser
import Foundation

/// The exit codes every command documents (sysexits.h values, so scripts can tell failures apart).
enum ExitStatus {
    /// Everything was read; warnings about damaged data may have been printed.
    static let success = ExitCode(0)
    /// A check failed: `explain` did not know a code, `verify` found damage or residual PII.
    static let findings = ExitCode(1)
    /// `explain` recognised no error in the pasted text.
    static let noErrorRecognized = ExitCode(2)
    /// The command line was wrong (ArgumentParser's own code for validation errors).
    static let usage = ExitCode(64)
    /// Input was read but held no usable data.
    static let dataError = ExitCode(65)
    /// An input could not be opened.
    static let noInput = ExitCode(66)
    /// An output could not be written.
    static let cannotCreate = ExitCode(73)
    /// Standard output is a pipe whose reader has gone (`| head`): the command stops quietly, with the status a shell
    /// gives a program SIGPIPE ends (128 + 13), so `set -o pipefail` still sees that the output was cut short.
    static let closedPipe = ExitCode(141)
}

/// Prints one line to standard error.
func printError(_ message: String) {
    var standardError = StandardError()
    print(message, to: &standardError)
}

struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        FileHandle.standardError.write(Data(string.utf8))
    }
}

import ArgumentParser
import AuthTrail
import AuthTrailAnalysis
import Foundation

struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check segments and bundles: checksums, torn or corrupt frames, manifest agreement, residual PII.",
        discussion: """
            Reads every input class the other commands read: AuthTrail segments and bundles, raw MSAL log text \
            (plain, or zstd-compressed), and AuthTrail events without a segment header (a `cat` output). Prints one \
            line per file naming what it was read as (segment, bundle, or "not a segment: raw MSAL log text"), OK or \
            what is wrong, and one line per finding (file, line, kind; never the value). Every class is scanned for \
            residual personal data and secrets (e-mail addresses, IP addresses, tokens in clear, …): raw text line \
            by line as it was read, before any redaction. A file holding nothing readable (zero bytes, random \
            bytes, text with no MSAL log line) is refused, never OK, and so is a folder holding no *.zst file.

            Exit status: 0 when every file is sound, 1 when any file is damaged, disagrees with its manifest or holds \
            residual personal data or secrets, 64 on a usage error, 65 when a file holds nothing readable or a \
            folder nothing to verify, 66 when a file could not be opened, 73 when standard output could not be \
            written, 141 when standard output is a pipe whose reader has gone (the first that applies of 66, 65, 1).
            """)

    @Argument(
        help: ArgumentHelp(
            "Segments, bundles, raw MSAL log files (plain or .zst), NDJSON event files, or directories (searched "
                + "recursively for *.zst); - for standard input."))
    var paths: [String]

    func run() throws {
        StandardInput.announceIfTerminal(paths, command: "verify")
        let (results, problems) = Verifier.verify(paths: paths)
        for problem in problems { printError("authtrail: \(problem.message)") }
        var unreadable: [String] = []
        for result in results {
            guard result.inputClass != .nothingReadable else {
                // The reader finds no damage in nothing, so "OK (segment, 0 events)" used to pass an empty file.
                try StandardOutput.write("\(result.path): FAILED (\(Self.nothingReadable(result)))")
                for problem in result.problems { try StandardOutput.write("  \(problem)") }
                unreadable.append(result.path)
                continue
            }
            let label = "\(Self.label(result.inputClass)), \(result.events) events"
            if result.isClean {
                try StandardOutput.write("\(result.path): OK (\(label))")
                continue
            }
            try StandardOutput.write("\(result.path): FAILED (\(label))")
            for problem in result.problems { try StandardOutput.write("  \(problem)") }
            for finding in result.findings.prefix(20) { try StandardOutput.write("  \(finding.message)") }
            if result.findingCount > 20 {
                try StandardOutput.write("  … and \(result.findingCount - 20) more findings")
            }
        }
        if !problems.isEmpty { throw ExitStatus.noInput }
        if results.isEmpty {
            printError("authtrail: nothing to verify in \(paths.joined(separator: " ")): no *.zst file")
            throw ExitStatus.dataError
        }
        if !unreadable.isEmpty {
            for path in unreadable { printError("authtrail: \(path): holds nothing readable: no frame, no event") }
            throw ExitStatus.dataError
        }
        if results.contains(where: { !$0.isClean }) { throw ExitStatus.findings }
    }

    /// What a file was read as, in the words the result line uses.
    static func label(_ inputClass: Verifier.FileResult.InputClass) -> String {
        switch inputClass {
        case .segment: "segment"
        case .bundle: "bundle"
        case .rawLogText(let compressed): "not a segment: raw MSAL log text\(compressed ? ", zstd-compressed" : "")"
        case .eventsWithoutHeader: "not a segment: AuthTrail events without a segment header"
        case .nothingReadable: "nothing readable"
        }
    }

    /// Why a file holding nothing readable failed: empty (the reader found no byte to complain about), or bytes that
    /// are neither zstd nor MSAL log text.
    static func nothingReadable(_ result: Verifier.FileResult) -> String {
        result.problems.isEmpty
            ? "empty: no zstd frame, not a segment or bundle"
            : "not a segment: no zstd frame, no AuthTrail event, no MSAL log line"
    }
}

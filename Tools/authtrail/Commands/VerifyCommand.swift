import ArgumentParser
import AuthTrail
import AuthTrailAnalysis
import Foundation

struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check segments and bundles: checksums, torn or corrupt frames, manifest agreement, residual PII.",
        discussion: """
            Prints one line per file (OK or what is wrong) and one line per finding (file, line, kind; never the \
            value). A file that holds no frame at all (zero bytes) is not a segment: it is refused, never OK.

            Exit status: 0 when every file is sound, 1 when any file is damaged, disagrees with its manifest or holds \
            residual personal data or secrets, 65 when a file holds no frame, 66 when a file could not be opened, \
            73 when standard output could not be written (the first that applies of 66, 65, 1).
            """)

    @Argument(
        help: "Segment files, bundles or directories (searched recursively for *.zst); - for standard input.")
    var paths: [String]

    func run() throws {
        let (results, problems) = Verifier.verify(paths: paths)
        for problem in problems { printError("authtrail: \(problem.message)") }
        var empty: [String] = []
        for result in results {
            let label = result.isBundle ? "bundle" : "segment"
            if result.isClean && result.events == 0 && Self.holdsNoBytes(result.path) {
                // The reader finds no damage in nothing, so "OK (segment, 0 events)" used to pass an empty file.
                try StandardOutput.write("\(result.path): FAILED (empty: no zstd frame, not a segment or bundle)")
                empty.append(result.path)
                continue
            }
            if result.isClean {
                try StandardOutput.write("\(result.path): OK (\(label), \(result.events) events)")
                continue
            }
            try StandardOutput.write("\(result.path): FAILED (\(label), \(result.events) events)")
            for problem in result.problems { try StandardOutput.write("  \(problem)") }
            for finding in result.findings.prefix(20) { try StandardOutput.write("  \(finding.message)") }
            if result.findingCount > 20 {
                try StandardOutput.write("  … and \(result.findingCount - 20) more findings")
            }
        }
        if !problems.isEmpty { throw ExitStatus.noInput }
        if !empty.isEmpty {
            for path in empty { printError("authtrail: \(path): holds no zstd frame: not a segment or bundle") }
            throw ExitStatus.dataError
        }
        if results.contains(where: { !$0.isClean }) { throw ExitStatus.findings }
    }

    /// True for a regular file of zero bytes, and for standard input that gave none.
    static func holdsNoBytes(_ path: String) -> Bool {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
            // Standard input ("-") and other streams: the reader saw no frame and no damage, so no byte at all.
            return path == "-"
        }
        return (attributes[.size] as? NSNumber)?.intValue == 0
    }
}

import ArgumentParser
import AuthTrail
import AuthTrailAnalysis

struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check segments and bundles: checksums, torn or corrupt frames, manifest agreement, residual PII.",
        discussion: """
            Prints one line per file (OK or what is wrong) and one line per finding (file, line, kind; never the \
            value).

            Exit status: 0 when every file is sound, 1 when any file is damaged, disagrees with its manifest or holds \
            residual personal data or secrets, 66 when a file could not be opened.
            """)

    @Argument(help: "Segment files, bundles or directories (searched recursively for *.zst).")
    var paths: [String]

    func run() throws {
        let (results, problems) = Verifier.verify(paths: paths)
        for problem in problems { printError("authtrail: \(problem.message)") }
        for result in results {
            let label = result.isBundle ? "bundle" : "segment"
            if result.isClean {
                print("\(result.path): OK (\(label), \(result.events) events)")
                continue
            }
            print("\(result.path): FAILED (\(label), \(result.events) events)")
            for problem in result.problems { print("  \(problem)") }
            for finding in result.findings.prefix(20) { print("  \(finding.message)") }
            if result.findingCount > 20 { print("  … and \(result.findingCount - 20) more findings") }
        }
        if !problems.isEmpty { throw ExitStatus.noInput }
        if results.contains(where: { !$0.isClean }) { throw ExitStatus.findings }
    }
}

import ArgumentParser
import AuthTrailAnalysis

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Summarise failure patterns in segments, directories or bundles.",
        discussion: """
            Exit status: 0 when every input was read (warnings about torn or corrupt data go to standard error), \
            66 when an input could not be opened, 65 when no input held a readable event.
            """)

    @Argument(help: "Segment files, bundles or directories (searched recursively for *.zst); - for standard input.")
    var paths: [String]

    func run() throws {
        let expanded = InputFiles.expand(paths)
        var inputs = [SegmentReadResult]()
        var unreadable = expanded.problems.map(\.message)
        for file in expanded.files {
            do {
                inputs.append(try SegmentReader.read(path: file))
            } catch {
                unreadable.append("\(file): \(error)")
            }
        }
        let report = Report(inputs: inputs)
        print(report.renderText(), terminator: "")
        for problem in unreadable { printError("authtrail: \(problem)") }
        for warning in report.warnings { printError("authtrail: warning: \(warning)") }
        if !unreadable.isEmpty { throw ExitStatus.noInput }
        if report.events == 0 {
            printError("authtrail: no AuthTrail events in \(paths.joined(separator: " "))")
            throw ExitStatus.dataError
        }
    }
}

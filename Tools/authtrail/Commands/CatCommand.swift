import ArgumentParser
import AuthTrailAnalysis

struct CatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cat",
        abstract: "Decode segments and bundles to NDJSON, one event per line, keeping the events the filters select.",
        discussion: """
            Lines are written exactly as stored, in device and time order, so `authtrail cat DIR | jq` works like \
            `zstdcat`, but torn tails and corrupt frames are skipped with a one-line warning instead of ending the stream.

            Exit status: 0 when every input was read (warnings go to standard error; filters that keep nothing from \
            readable events too), 64 on a usage error, 65 when no input held a readable event, 66 when an input \
            could not be opened, 73 when standard output could not be written, 141 when standard output is a pipe \
            whose reader has gone (`| head`).
            """)

    @Argument(
        help: ArgumentHelp(
            "Segment files, bundles, raw MSAL log files or directories (searched recursively for *.zst); - for "
                + "standard input."))
    var paths: [String] = ["-"]

    @OptionGroup var filters: FilterOptions

    func run() throws {
        var writer = FilteredLineWriter(filter: try filters.eventFilter())
        StandardInput.announceIfTerminal(paths, command: "cat")
        var warnings: [String] = []
        var events = 0
        let problems = InputReader.read(paths: paths, into: &writer) { summary in
            warnings += summary.warnings
            events += summary.events
        }
        writer.flush()
        for problem in problems { printError("authtrail: \(problem.message)") }
        for warning in warnings { printError("authtrail: warning: \(warning)") }
        if let error = writer.writeError { try StandardOutput.fail(error) }
        if !problems.isEmpty { throw ExitStatus.noInput }
        // Counted before the filters: filters that keep nothing from readable events are an answer (0), as in
        // `report`; inputs with no readable event at all are not.
        if events == 0 {
            printError("authtrail: no AuthTrail events in \(paths.joined(separator: " "))")
            throw ExitStatus.dataError
        }
    }
}

import ArgumentParser
import AuthTrail
import AuthTrailAnalysis
import Foundation

struct TailCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tail",
        abstract: "Print the last events of a trail folder, one line per event; with -f, follow it as the app writes.",
        discussion: """
            Segments are read in device and time order. With -f, tail polls the folder (--interval) and prints each \
            event once its block is flushed: new segments (in sub-folders too), rotation (the sealed segment is read \
            to its end, then the new one), and a deleted segment stops being followed quietly. The unfinished end of \
            a segment a running writer still appends to is not reported as torn; a segment whose writer is gone is, once the \
            file has not changed for 30 seconds (a file being copied into the folder is read to its end; a whole one is \
            closed at once). A file given by name may also be MSAL's own log text, plain or zstd-compressed, as report \
            reads it; with -f, plain text is followed until it is removed.

            Each line holds the time, the install id's first 8 digits, the event name, then what the event has: kind \
            and attempt, outcome, error domain, code and name, sub-code, STS codes, HTTP status, Retry-After, wait, \
            duration, and the message of log events. With --operations, each line is one operation, written when it \
            closes (as the report closes it): its end, install, operation id, each attempt's kind, outcome and error, \
            then whether a Retry-After was honoured, a retry storm and the backoff; -n counts operations. Colour (--colour auto) only on a terminal and without NO_COLOR.

            Ctrl-C (SIGINT) or SIGTERM stops following, or the first read of a large folder or file (between two \
            reads of 128 KiB): the current line is finished, standard output flushed, and tail exits 0. A closed standard output (`| head`) ends it quietly with 141 (as a shell reports a program \
            SIGPIPE ends), at once even while no event comes.

            Exit status: 0 when stopped by a signal, or (without -f) after the last lines; 64 on a usage error; 65 \
            when (without -f) no input held a readable event (with -f, an empty folder is followed until events \
            come); 66 when an input could not be opened at the start; 73 when standard output could not be written; \
            141 when standard output is a pipe whose reader has gone.
            """)

    @Argument(help: "Trail folders (searched recursively for *.zst) or segment files.")
    var paths: [String]

    @Flag(name: .shortAndLong, help: "Keep following the folder as segments grow, rotate and appear.")
    var follow = false

    @Option(name: .customShort("n"), help: "How many of the last events to print first.")
    var lines = 10

    @Flag(
        help: ArgumentHelp(
            "One line per operation once it closes, with its attempts and what went wrong between them.",
            discussion: "An operation closes as the report closes it: a success or a cancellation, else when the app "
                + "stops retrying (30 minutes idle while its device logs on) or, without -f, at the end of the input."))
    var operations = false

    @Option(help: "Seconds between two looks at the folder with -f.")
    var interval = 0.25

    @Option(help: "Colour: auto (only on a terminal, and not when NO_COLOR is set), always or never.")
    var colour: ReportCommand.Colour = .auto

    @OptionGroup var filters: FilterOptions

    func validate() throws {
        guard lines >= 0 else { throw ValidationError("-n \(lines): expected 0 or more lines") }
        guard interval > 0, interval <= 3600 else {
            throw ValidationError("--interval \(interval): expected seconds between 0 and 3600, such as 0.25")
        }
        if paths.contains("-") { throw ValidationError("tail reads folders and files, not standard input") }
    }

    func run() throws {
        StopSignals.install()
        let useColour: Bool
        switch colour {
        case .always: useColour = true
        case .never: useColour = false
        case .auto: useColour = isatty(1) == 1 && (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
        }
        if operations {
            var output = TailOperationWriter(filter: try filters.eventFilter(), colour: useColour, lastLines: lines)
            try tail(into: &output)
        } else {
            var output = TailLineWriter(filter: try filters.eventFilter(), colour: useColour, lastLines: lines)
            try tail(into: &output)
        }
    }

    private func tail(into output: inout some TailWriter) throws {
        // Without -f, one look: a file no running writer holds is read as it is now.
        var follower = TrailFollower(paths: paths, quietPeriod: follow ? TrailFollower.quietPeriod : .zero)
        var reported: Set<String> = []
        func report(_ findings: TrailFollower.Findings) {
            for problem in findings.problems where reported.insert(problem.message).inserted {
                printError("authtrail: \(problem.message)")
            }
            for warning in findings.warnings { printError("authtrail: warning: \(warning)") }
        }
        let first = follower.poll(into: &output) { StopSignals.received }
        report(first)
        if !follow { output.endOfInput() }
        output.writeKeptLines()
        if follow && first.problems.isEmpty {
            let milliseconds = Int32((interval * 1000).rounded())
            following: while output.writeError == nil {
                switch StopSignals.wait(milliseconds: milliseconds, watching: 1) {
                case .stopSignal:
                    // Stopped: the input ends here, as without -f (the operations still open are written).
                    output.endOfInput()
                    break following
                case .outputClosed: throw ExitStatus.closedPipe
                case .timeout:
                    report(follower.poll(into: &output) { StopSignals.received })
                    output.flush()
                }
            }
        }
        output.flush()
        if let error = output.writeError { try StandardOutput.fail(error) }
        if !first.problems.isEmpty { throw ExitStatus.noInput }
        if !follow && output.eventsRead == 0 && !StopSignals.received {
            printError("authtrail: no AuthTrail events in \(paths.joined(separator: " "))")
            throw ExitStatus.dataError
        }
    }
}

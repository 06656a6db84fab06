import ArgumentParser
import AuthTrailAnalysis
import Foundation

struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Tell the story of matching operations: attempts, errors, waits, MSAL and app logs, a verdict.",
        discussion: """
            Selects operations by correlation id, operation id, install id (with --since/--until) or code (the \
            report's --code syntax, matched on attempts that did not succeed); every selector given must hold. The \
            operations are the ones `report` counts (docs/REPORT-JSON.md, "operation"), read from the same inputs in \
            the same order; the earliest --limit are told, and the last line says how many more matched. The JSON \
            format is documented in docs/SHOW-JSON.md.

            Exit status: 0 when an operation matched, 1 when none did, 64 on a usage error, 65 when no input held a \
            readable event, 66 when an input could not be opened, 73 when the output file or standard output could \
            not be written (nothing is written to -o when no event was read), 141 when standard output is a pipe \
            whose reader has gone.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, markdown, json
    }

    @Argument(help: "Segment files, bundles, raw MSAL logs or directories; - for standard input.")
    var paths: [String] = ["-"]

    @Option(name: .customLong("correlation-id"), help: "Operations with an attempt of this MSAL correlation id.")
    var correlationIDs: [String] = []

    @Option(name: .customLong("operation-id"), help: "Operations with this operation id (repeatable).")
    var operationIDs: [String] = []

    @Option(
        name: .customLong("install-id"), help: "Operations of this install (repeatable); narrow with --since/--until.")
    var installIDs: [String] = []

    @Option(help: "Operations with an attempt ending at or after this time (RFC 3339, or a date).")
    var since: String?

    @Option(help: "Operations with an attempt ending before this time.")
    var until: String?

    @Option(
        name: .customLong("code"),
        help: ArgumentHelp(
            "Operations with a failed attempt of this code: -50002, MSALErrorDomain:-50002, a name, a sub-code, an "
                + "HTTP status or AADSTS50076 (repeatable; --code=-50002 for a negative code)."))
    var codes: [String] = []

    @Option(help: "Tell at most this many operations, the earliest first.")
    var limit: Int = 20

    @Option(help: "Output format: text, markdown or json.")
    var format: Format = .text

    @Option(
        help: ArgumentHelp(
            "Read this many installs' files at once (default: one per active processor), as `report --threads` does. "
                + "The stories are the same whatever the number.",
            valueName: "n"))
    var threads: Int?

    @Option(name: .shortAndLong, help: "Write the stories to this file instead of standard output.")
    var output: String?

    @Option(help: "Colour in text output: auto (only on a terminal), always or never.")
    var colour: ReportCommand.Colour = .auto

    func validate() throws {
        if correlationIDs.isEmpty && operationIDs.isEmpty && installIDs.isEmpty && codes.isEmpty {
            throw ValidationError("give --correlation-id, --operation-id, --install-id or --code")
        }
        if limit < 1 { throw ValidationError("--limit \(limit): expected 1 or more") }
        if let threads, threads < 1 { throw ValidationError("--threads must be at least 1") }
        // The collector adds to the limit; a limit this large tells every operation anyway.
        if limit > Self.largestLimit {
            throw ValidationError("--limit \(limit): expected at most \(Self.largestLimit)")
        }
    }

    /// The largest --limit: far above any input's operation count, and far below where adding to it overflows.
    static let largestLimit = 1 << 40

    func run() throws {
        let target = try OutputTarget(output, what: "stories")
        StandardInput.announceIfTerminal(paths, command: "show")
        var selection = StorySelection()
        selection.correlationIDs = Set(correlationIDs)
        selection.operationIDs = Set(operationIDs)
        selection.installIDs = Set(installIDs)
        selection.codes = Set(codes)
        for (text, name) in [(since, "since"), (until, "until")] {
            guard let text else { continue }
            guard let time = EventFilter.parseTime(text) else {
                throw ValidationError(
                    "--\(name) \(text): expected an RFC 3339 time such as 2026-11-22T21:56:58Z or a date")
            }
            if name == "since" { selection.since = time } else { selection.until = time }
        }
        let collection = OperationStory.collect(paths: paths, selection: selection, limit: limit, threads: threads)
        for problem in collection.problems { printError("authtrail: \(problem.message)") }
        for warning in collection.warnings { printError("authtrail: warning: \(warning)") }
        let toTerminal = target.isStandardOutput && isatty(1) == 1
        let text: String
        switch format {
        case .text: text = collection.renderText(colour: colour == .always || (colour == .auto && toTerminal))
        case .markdown: text = collection.renderMarkdown()
        case .json: text = collection.renderJSON()
        }
        // As `report`: a file given with -o gets nothing when no event was read.
        if target.isStandardOutput || collection.events > 0 { try target.write(text) }
        if !collection.problems.isEmpty { throw ExitStatus.noInput }
        if collection.events == 0 {
            printError("authtrail: no AuthTrail events in \(paths.joined(separator: " "))")
            throw ExitStatus.dataError
        }
        if collection.matched == 0 { throw ExitStatus.findings }
    }
}

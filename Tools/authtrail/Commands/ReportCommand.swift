import ArgumentParser
import AuthTrail
import AuthTrailAnalysis
import Foundation

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Summarise failure patterns and retry behaviour in segments, directories or bundles.",
        discussion: """
            Inputs are AuthTrail segments, bundles and raw MSAL log files (MSAL's own log lines, as an app or a \
            console saves them). Inputs are read in device and time order; torn tails and corrupt frames are skipped \
            with a one-line warning naming the file and byte offset. The JSON format is documented in \
            docs/REPORT-JSON.md.

            Exit status: 0 when every input was read (warnings about torn or corrupt data go to standard error), \
            66 when an input could not be opened, 65 when no input held a readable event (with or without filters; \
            filters that keep nothing from readable events give an empty report and 0; from standard input, which \
            cannot be read a second time to tell the two apart, filters that keep nothing give 0), 73 when the \
            output file or \
            standard output could not be written. With --baseline, the same applies to the baseline inputs; \
            --baseline takes one path (repeat it for more), so `report --baseline OLD NEW` compares NEW with OLD. \
            Nothing is written to -o when there is no event to report (65, or 66 with nothing read); standard output \
            still gets the empty report. 64 on a usage error (an unknown --kind value lists the accepted ones); \
            141 when standard output is a pipe whose reader has gone (`| head`).
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, markdown, json, html
    }

    enum Colour: String, ExpressibleByArgument, CaseIterable {
        case auto, always, never
    }

    @Argument(
        help: ArgumentHelp(
            "Segment files, bundles, raw MSAL log files or directories (searched recursively for *.zst); - for "
                + "standard input."))
    var paths: [String] = ["-"]

    @Option(help: "Output format: text, markdown, json or html.")
    var format: Format = .text

    @Option(name: .shortAndLong, help: "Write the report to this file instead of standard output.")
    var output: String?

    @Option(help: "Colour in text output: auto (only on a terminal), always or never.")
    var colour: Colour = .auto

    @Option(
        help: ArgumentHelp(
            "Fit text tables in this many columns (default: the terminal's width; full width when piped).",
            valueName: "columns"))
    var width: Int?

    @Option(
        help: ArgumentHelp(
            "Compare with the report of this baseline segment, bundle or directory (repeat --baseline for more): new "
                + "and vanished failure patterns, and the change in failure rate per pattern and per kind with a "
                + "significance test.",
            valueName: "path"))
    var baseline: [String] = []

    @Option(
        help: ArgumentHelp(
            "Read this many installs' files at once (default: one per active processor of the machine it runs on), "
                + "as memory allows: past about 40 MiB resident, threads wait for the oldest to finish "
                + "(docs/RELIABILITY.md, \"Memory bounds of the report\"). The report is the same whatever the number.",
            valueName: "n"))
    // Optional, so the help says the rule rather than the processor count of the machine that printed it.
    var threads: Int?

    @OptionGroup var filters: FilterOptions

    func validate() throws {
        if let threads, threads < 1 { throw ValidationError("--threads must be at least 1") }
        if let width, width < 20 { throw ValidationError("--width \(width): expected 20 columns or more") }
    }

    func run() throws {
        let target = try OutputTarget(output, what: "report")
        let filter = try filters.eventFilter()
        StandardInput.announceIfTerminal(paths + baseline, command: "report")
        let built = Report.buildWithInputs(paths: paths, filter: filter, threads: threads)
        var (report, problems) = (built.report, built.problems)
        for problem in problems { printError("authtrail: \(problem.message)") }
        for warning in report.health.warnings { printError("authtrail: warning: \(warning)") }
        if !baseline.isEmpty {
            let (baselineReport, baselineProblems) = Report.build(paths: baseline, filter: filter, threads: threads)
            for problem in baselineProblems { printError("authtrail: baseline: \(problem.message)") }
            for warning in baselineReport.health.warnings { printError("authtrail: baseline: warning: \(warning)") }
            problems += baselineProblems
            report = report.compared(with: baselineReport)
        }
        let noEvent = report.input.events == 0 && (filter.isEmpty || !Self.holdEvents(paths))
        let toTerminal = target.isStandardOutput && isatty(1) == 1
        let text: String
        switch format {
        case .text:
            text = report.renderText(
                colour: colour == .always || (colour == .auto && toTerminal),
                width: width ?? (toTerminal ? TerminalWidth.ofStandardOutput : nil))
        case .markdown: text = report.renderMarkdown()
        case .json: text = report.renderJSON()
        case .html: text = report.renderHTML(timelines: htmlTimelines(report, inputs: built.inputs))
        }
        // Standard output always gets the (empty) report, so a tool reading JSON gets one object whatever the input;
        // a file given with -o gets nothing when there is nothing to report (README, "Exit status").
        if target.isStandardOutput || !(noEvent || (!problems.isEmpty && report.input.events == 0)) {
            try target.write(text)
        }
        if !problems.isEmpty { throw ExitStatus.noInput }
        if noEvent {
            printError("authtrail: no AuthTrail events in \(paths.joined(separator: " "))")
            throw ExitStatus.dataError
        }
    }
}

extension ReportCommand {
    /// Whether `paths` hold a readable event before any filter: a report whose filters kept nothing is an answer
    /// (exit 0), a report of inputs with no event at all is not (exit 65), filters or not. Asked only when the
    /// filters kept nothing, so the inputs are read a second time only then. Standard input cannot be read twice:
    /// it counts as holding events, as it did before this check.
    static func holdEvents(_ paths: [String]) -> Bool {
        if paths.contains(StandardInput.path) { return true }
        var counter = EventCounter()
        var events = 0
        _ = InputReader.read(paths: paths, into: &counter) { events += $0.events }
        return events > 0
    }

    /// The stories of the operations the HTML report draws, read from the files of their installs a second time;
    /// standard input cannot be read twice, so the page then says the timelines are unavailable.
    func htmlTimelines(_ report: Report, inputs: InputsRead) -> OperationTimelines {
        guard !paths.contains(StandardInput.path) else {
            return OperationTimelines(
                unavailableReason: "the report was read from standard input, which cannot be read a second time; "
                    + "give the files or folders as arguments to see them.")
        }
        return OperationTimelines.collect(inputs, for: report)
    }
}

/// The event filters `report` and `cat` share.
struct FilterOptions: ParsableArguments {
    @Option(help: "Keep events at or after this time (RFC 3339, or a date such as 2026-11-22).")
    var since: String?

    @Option(help: "Keep events before this time.")
    var until: String?

    @Option(
        name: .customLong("correlation-id"),
        help: "Keep events with this MSAL correlation id, in any case (repeatable).")
    var correlationIDs: [String] = []

    @Option(name: .customLong("operation-id"), help: "Keep events of this operation (repeatable).")
    var operationIDs: [String] = []

    @Option(name: .customLong("install-id"), help: "Keep events of this install (repeatable).")
    var installIDs: [String] = []

    @Option(
        name: .customLong("kind"),
        help: "Keep attempts of this kind: silent or interactive, in any case (repeatable).")
    var kinds: [String] = []

    @Option(
        name: .customLong("code"),
        help:
            "Keep events with this code, in any case: -50002, MSALErrorDomain:-50002, a name, a sub-code, an HTTP status or AADSTS50076 (repeatable)."
    )
    var codes: [String] = []

    @Option(help: "Keep events at or above this severity: TRACE, DEBUG, INFO, INFO2, WARN, ERROR, FATAL.")
    var severity: String?

    func eventFilter() throws -> EventFilter {
        var filter = EventFilter()
        func time(_ text: String?, _ name: String) throws -> Int64? {
            guard let text else { return nil }
            guard let value = EventFilter.parseTime(text) else {
                throw ValidationError(
                    "--\(name) \(text): expected an RFC 3339 time such as 2026-11-22T21:56:58Z or a date")
            }
            return value
        }
        filter.since = try time(since, "since")
        filter.until = try time(until, "until")
        filter.correlationIDs = Set(correlationIDs)
        filter.operationIDs = Set(operationIDs)
        filter.installIDs = Set(installIDs)
        filter.kinds = Set(try kinds.map(Self.kind))
        filter.codes = Set(codes)
        if let severity {
            guard let level = Severity(text: severity.uppercased()) else {
                let names = Severity.allCases.map(\.text).joined(separator: ", ")
                throw ValidationError("--severity \(severity): expected one of \(names)")
            }
            filter.minimumSeverity = level
        }
        return filter
    }

    /// A `--kind` value in any case, as the recorded spelling; a usage error listing the accepted values otherwise.
    static func kind(_ text: String) throws -> String {
        let names = TrailEvent.AcquisitionKind.allCases.map(\.rawValue)
        guard let name = names.first(where: { $0.caseInsensitiveCompare(text) == .orderedSame }) else {
            throw ValidationError("--kind \(text): expected one of \(names.joined(separator: ", "))")
        }
        return name
    }
}

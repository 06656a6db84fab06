import ArgumentParser
import AuthTrail
import AuthTrailAnalysis

struct BundleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bundle",
        abstract: "Pack segments into one support-ticket file that any zstd tool can read.",
        discussion: """
            The bundle starts with a manifest (a zstd skippable frame: time range, app and OS versions, every \
            segment with its SHA-256 and event count, redaction levels, tool version), then each segment's metadata \
            and events in checksummed zstd frames; `zstdcat BUNDLE | jq` reads the events. Inputs are AuthTrail \
            segments, bundles and raw MSAL log files; - reads standard input.

            Before writing, every event is scanned with the redaction engine `authtrail redact` uses: whatever it \
            would hide at maskAllPII (e-mail addresses and UPNs, IP addresses, object and device ids, user paths, \
            JSON web tokens, refresh and bearer tokens, credentials, …) is a finding, named by kind and line, never \
            by value. With any finding the bundle is refused unless --force is given.

            -o - writes the bundle to standard output (the summary then goes to standard error); an existing device \
            or FIFO is written through, an existing file replaced keeping its mode, a folder refused.

            Exit status: 0 when the bundle was written, 1 when it was refused because of residual personal data, \
            64 on a usage error, 65 when the inputs held no events (nothing is written then), 66 when an input \
            could not be opened, 73 when the bundle or standard output could not be written, 141 when standard \
            output is a pipe whose reader has gone.
            """)

    @Option(name: .shortAndLong, help: "The bundle file to write, for example ticket-1234.authtrail.zst.")
    var output: String

    @Flag(help: "Write the bundle even when residual personal data or secrets were found.")
    var force = false

    @Argument(
        help: ArgumentHelp(
            "Segment files, bundles, raw MSAL log files or directories (searched recursively for *.zst); - for "
                + "standard input."))
    var paths: [String]

    func run() throws {
        // Built under a name of its own, then put in place by the one -o writer: beside the target for a file
        // (a rename), copied through for a device, a FIFO or standard output (-o -).
        let target = try OutputTarget(output, what: "bundle", newFileMode: 0o600)
        StandardInput.announceIfTerminal(paths, command: "bundle")
        let staged = try target.stagingPath()
        let (result, problems): (SupportBundleWriter.Outcome, [InputFiles.Problem])
        do {
            (result, problems) = try BundleWriter(toolVersion: "authtrail \(authTrailLibraryVersion)").write(
                paths: paths, to: staged, force: force)
        } catch {
            printError("authtrail: \(output): cannot write the bundle: \(error.cause)")
            throw ExitStatus.cannotCreate
        }
        for problem in problems { printError("authtrail: \(problem.message)") }
        for warning in result.warnings { printError("authtrail: warning: \(warning)") }
        for finding in result.findings.prefix(20) { printError("authtrail: \(finding.message)") }
        if result.findingCount > 20 { printError("authtrail: … and \(result.findingCount - 20) more findings") }
        guard result.written else {
            printError(
                "authtrail: refused to write \(output): \(result.findingCount) residual personal data or secret findings; "
                    + "redact the logs, or pass --force to bundle them anyway")
            throw ExitStatus.findings
        }
        let manifest = result.manifest
        guard manifest.events > 0 else {
            // A bundle without events is no use on a ticket: do not leave one behind.
            target.discard(staged)
            printError("authtrail: no AuthTrail events in \(paths.joined(separator: " ")); \(output) not written")
            throw problems.isEmpty ? ExitStatus.dataError : ExitStatus.noInput
        }
        try target.publish(staged)
        if result.findingCount > 0 {
            printError(
                "authtrail: WARNING: --force: \(output) contains \(result.findingCount) residual personal data or secret findings"
            )
        }
        // With -o -, standard output carries the bundle: the summary goes to standard error.
        let say: (String) throws(ExitCode) -> Void = { line throws(ExitCode) in
            if target.isStandardOutput { printError(line) } else { try StandardOutput.write(line) }
        }
        try say(
            "Wrote \(target.isStandardOutput ? "the bundle to standard output" : output): \(manifest.segments.count) segment\(manifest.segments.count == 1 ? "" : "s"), \(manifest.events) events"
                + (manifest.firstEvent.map { ", \($0) to \(manifest.lastEvent ?? $0)" } ?? ""))
        for finding in manifest.setupFindings ?? [] {
            try say(
                "\nSet-up finding (\(finding.rule)) in the recorded set-up of \(finding.bundleID ?? "the app"): "
                    + "\(finding.problem). Fix: \(finding.fix). Explain: authtrail explain \(finding.explain.joined(separator: " "))"
            )
        }
        if !problems.isEmpty { throw ExitStatus.noInput }
    }
}

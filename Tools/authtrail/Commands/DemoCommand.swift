import ArgumentParser
import AuthTrail
import AuthTrailAnalysis
import Foundation

struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run a simulated sign-in session through the real library, then report on it.",
        discussion: """
            A client app signs a user in against a simulated MSAL that answers with the failures Microsoft's \
            error-handling guidance describes: interaction required, declined scopes, no network, HTTP 429 with \
            Retry-After, an internal error with a sub-code, user cancelled, Intune protection policies. Waits are \
            simulated, so the session takes seconds. The segments it writes are ordinary AuthTrail logs.

            Exit status: 0 when the session was written and reported, 64 on a usage error (an empty --out), 73 when \
            the folder or standard output could not be written, 141 when standard output is a pipe whose reader has \
            gone.
            """)

    @Option(name: .long, help: "Folder to write the segments to.")
    var out = "authtrail-demo"

    func validate() throws {
        // An empty path would be the current folder, reported as "/".
        if out.isEmpty {
            throw ValidationError("--out: the folder path is empty; give a folder such as authtrail-demo")
        }
    }

    func run() async throws {
        let clock = ManualTrailClock(start: Date())
        let directory = URL(fileURLWithPath: out)
        let trail: Trail
        var configuration = TrailConfiguration(
            directory: directory, app: AppInfo(identifier: DemoApp.bundleID, version: "1.0.0"), msal: DemoApp.msalSetup,
            clock: clock)
        configuration.appConfigurationSource = DemoApp.configurationSource
        do {
            trail = try Trail(configuration: configuration)
        } catch {
            printError("authtrail: \(out): cannot create the log folder: \(error)")
            throw ExitStatus.cannotCreate
        }
        let before = Set((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? [])

        let msal = SimulatedMSAL(clock: clock)
        let app = DemoApp(trail: trail, msal: msal, clock: clock)
        try await DemoScript.run(app: app, msal: msal, clock: clock)
        guard await trail.shutdown(timeout: .seconds(30)) else {
            printError("authtrail: \(out): cannot write the log folder: \(trail.health.lastError ?? "timed out")")
            throw ExitStatus.cannotCreate
        }

        let written = ((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? [])
            .filter { !before.contains($0) && $0.hasSuffix(".jsonl.zst") }.sorted().map { "\(out)/\($0)" }
        try StandardOutput.write(
            "Wrote \(written.count) segment\(written.count == 1 ? "" : "s") to \(out)/ (health: \(trail.health.eventsWritten) events written, \(trail.health.eventsLost) lost)\n"
        )
        let report = Report.build(paths: written).report
        try StandardOutput.write(report.renderText())
        try StandardOutput.write("Read the raw events with: zstdcat \(out)/*.jsonl.zst | jq .")
    }
}

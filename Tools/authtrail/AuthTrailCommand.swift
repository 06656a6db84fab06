import ArgumentParser
import AuthTrail
import Foundation

@main
struct AuthTrailCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "authtrail",
        abstract: "Diagnose MSAL token acquisition failures from AuthTrail logs.",
        discussion: """
            Exit status (every command; README.md, "Exit status", has the table): 0 done, 1 a check failed, 2 \
            explain recognised no error, 64 usage error, 65 no readable event, 66 an input could not be opened, 73 an \
            output could not be written, 141 standard output was a pipe its reader closed.
            """,
        version: authTrailLibraryVersion,
        subcommands: [
            DemoCommand.self, ReportCommand.self, ExplainCommand.self, RedactCommand.self, CatCommand.self,
            ShowCommand.self, TailCommand.self, BundleCommand.self, VerifyCommand.self, SchemaCommand.self,
            DoctorCommand.self,
        ])

    /// Ignores SIGPIPE before any command runs, so a closed standard output is a write error every command sees
    /// (and ends quietly with 141, `StandardOutput.fail`) instead of a death by signal in some commands only.
    static func main() async {
        signal(SIGPIPE, SIG_IGN)
        await main(nil)
    }
}

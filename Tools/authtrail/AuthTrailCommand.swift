import ArgumentParser

@main
struct AuthTrailCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "authtrail",
        abstract: "Diagnose MSAL token acquisition failures from AuthTrail logs.",
        subcommands: [
            DemoCommand.self, ReportCommand.self, ExplainCommand.self, RedactCommand.self, CatCommand.self,
            ShowCommand.self, TailCommand.self, BundleCommand.self, VerifyCommand.self, SchemaCommand.self,
            DoctorCommand.self,
        ])
}

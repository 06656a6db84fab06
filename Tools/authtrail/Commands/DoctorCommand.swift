import ArgumentParser
import AuthTrailDoctor
import Foundation

struct DoctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check an app's MSAL set-up: redirect scheme, broker query schemes, keychain group, hand-off, "
            + "known authorities, sandbox network access.",
        discussion: """
            Reads an .app folder, an .ipa, an .xcodeproj (or its project.pbxproj), a project or package folder, or \
            loose Info.plist, .entitlements, .xcconfig and Swift/Objective-C files (given together, they describe \
            one app). Build settings such as $(PRODUCT_BUNDLE_IDENTIFIER) are resolved from the project and its \
            .xcconfig files; a value left unresolved is reported as such and never causes a finding. Each app and \
            app-extension target is judged on its own files (tests and vendored libraries never count); a project \
            with no app, an extension that does not use MSAL, or a project of a copy of MSAL's repository is listed \
            as skipped. Extensions are not held to the URL-scheme and hand-off rules MSAL skips there; .NET apps \
            (MSAL.NET) are judged on the keychain and sandbox rules only.

            Each finding names the file and key path or line, the MSAL errors it causes (with the authtrail explain \
            command for each) and the fix. A rule the input cannot answer (no entitlements read, another platform) \
            is listed as not checked, with why. --format json prints one object (docs/DOCTOR-JSON.md).

            Exit status:
              0   no finding
              1   at least one finding
              64  usage error
              65  an input is not usable: an empty, damaged or binary-but-not-plist file, a zip that is not an app, a \
            file over the size read for its kind (also when no app was judged because such a file stopped it)
              66  a path does not exist or cannot be opened (also a file a project names, when no app was judged \
            because of it)
              73  standard output could not be written
              141 standard output is a pipe whose reader has gone
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, markdown, json
    }

    @Option(name: .long, help: "text, markdown, or json for tools (docs/DOCTOR-JSON.md).")
    var format: Format = .text

    @Argument(
        help: ArgumentHelp(
            "An .app, .ipa, .xcodeproj, project.pbxproj, project folder, or Info.plist, .entitlements, .xcconfig "
                + "and source files."))
    var paths: [String]

    func run() throws {
        let setups: [AppSetup]
        do {
            setups = try SetupReader.read(paths)
        } catch {
            let empty = Self.isEmptyFile(error.file)
            printError("authtrail: doctor: \(error.description)\(empty ? " (the file is empty)" : "")")
            throw Self.status(error.code, emptyFile: empty)
        }
        let report = DoctorReport(setups: setups)
        switch format {
        case .text: try StandardOutput.write(DoctorTextRendering.text(report))
        case .markdown: try StandardOutput.write(DoctorMarkdownRendering.markdown(report))
        case .json: try StandardOutput.write(DoctorJSONRendering.json(report))
        }
        if report.findingCount > 0 { throw ExitStatus.findings }
        if let error = report.nothingJudged {
            printError("authtrail: doctor: no app was judged: \(error.description)")
            throw Self.status(error.code, emptyFile: Self.isEmptyFile(error.file))
        }
    }

    /// A missing or unopenable path is no input (66); an empty file was opened and holds no usable data (65), like
    /// every other input that is not usable.
    static func status(_ code: DoctorInputError.Code, emptyFile: Bool) -> ExitCode {
        switch code {
        case .missing: ExitStatus.noInput
        case .unreadable: emptyFile ? ExitStatus.dataError : ExitStatus.noInput
        default: ExitStatus.dataError
        }
    }

    /// True for a regular file of zero bytes.
    static func isEmptyFile(_ path: String) -> Bool {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            attributes[.type] as? FileAttributeType == .typeRegular
        else { return false }
        return (attributes[.size] as? NSNumber)?.intValue == 0
    }
}

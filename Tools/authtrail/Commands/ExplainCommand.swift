import ArgumentParser
import AuthTrail
import AuthTrailAnalysis
import Foundation

struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain the errors in a pasted ticket, log or code: name, meaning, recommended action.",
        discussion: """
            Paste anything: an NSError description (Error Domain=MSALErrorDomain Code=-50000 "…" UserInfo={…}, \
            with nested NSUnderlyingError), MSAL's log phrasing (returning with error: (MSALErrorDomain, -50002)), \
            a localizedDescription ((MSALErrorDomain error -50005.), (OSStatus error -34018.)), a binding's \
            errorCode: field, an STS JSON body or an MSAL.NET exception, with any prefix, Optional(…) or quotes.

            Every error is listed outermost first with its sub-code, OAuth error, AADSTS/AADB2C codes, HTTP status, \
            Retry-After and correlation id, what it means, what to do, and what the app receives after MSAL's \
            conversion. An error logged twice is listed once.

            Plain codes work too: -50002, "MSALErrorDomain -50002", MSIDErrorDomain -51115, interactionRequired, \
            -42011, AADSTS50076, AADB2C90118, "NSURLErrorDomain -1009", 429 (a bare number lists every domain that \
            has it).

            So do codes described rather than pasted, near a domain or an error word (prose, a Markdown list, \
            an issue title, "Keychain find status: -34018", "Error 530001:", another language); each such \
            reading says how sure it is (named domain, a misspelt one read as the nearest, or inferred). A code a \
            set-up mistake causes points to authtrail doctor. The same text gives the same answer and exit status \
            as arguments, on standard input (-) or with --file.

            --trail PATH (segments, a folder or a bundle) also checks the errors against the MSAL set-up the app \
            recorded there (app.configuration), with authtrail doctor's rules: each mistake that causes one of the \
            errors is named, with where to change it and the fix.

            Output is redacted with the engine authtrail redact uses (a random key for this run): nothing pasted is \
            printed in clear. --format json prints one object for every input, {"errors": […], "unknownCodes": […]} \
            (docs/REPORT-JSON.md).

            Exit status:
              0   at least one error was recognised (for plain codes: every code is known)
              1   a plain code is not in the catalog
              2   the text holds no error explain recognises
              64  usage error
              66  --file or a --trail path cannot be read
              73  standard output could not be written
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(name: .long, help: "Read the pasted text from this file.")
    var file: String?

    @Option(name: .long, help: "text, or json for tools (shape in docs/REPORT-JSON.md).")
    var format: Format = .text

    @Option(
        name: .long,
        help: "Segments, a folder or a bundle whose recorded MSAL set-up to check the errors against (repeatable).")
    var trail: [String] = []

    @Argument(parsing: .allUnrecognized, help: "Codes, names or pasted text to explain; - reads standard input.")
    var codes: [String] = []

    /// The arguments without a leading `--` (`explain -- -42006` reads as `explain -42006`).
    var arguments: [String] { codes.first == "--" ? Array(codes.dropFirst()) : codes }

    func validate() throws {
        if arguments.isEmpty && file == nil {
            throw ValidationError("Give a code or pasted text, for example: authtrail explain -50002")
        }
    }

    func run() throws {
        let redactor = Redactor(level: .maskAllPII, key: .random())
        let setups = try recordedSetups()
        let text: String
        if let file {
            guard let data = FileManager.default.contents(atPath: file) else {
                printError("authtrail: explain: \(redactor.redact(text: file)): cannot read the file")
                throw ExitStatus.noInput
            }
            text = String(decoding: data, as: UTF8.self)
        } else if arguments == ["-"] {
            StandardInput.announceIfTerminal(arguments, command: "explain")
            do {
                text = String(decoding: try StandardInput.readAll(), as: UTF8.self)
            } catch {
                printError("authtrail: explain: standard input: \(error.reason)")
                throw ExitStatus.noInput
            }
        } else {
            text = arguments.joined(separator: " ")
        }
        let (errors, omitted) = PastedErrorScanner.scan(text)
        // Codes (AADSTS50076 reads as a plain code too) keep the catalog's answer, whether they came as arguments, on
        // standard input or in a file: the same text gives the same answer and exit status. A word that is neither in
        // the catalog nor holds a digit ("hello") is text, not an unknown code.
        // A code read as a mention (`MSALErrorDomain -50002`) keeps the catalog's answer when every word is a known code.
        let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        let mentioned = errors.contains { $0.form == .mention }
        if errors.allSatisfy({ $0.form == .plainCode || $0.form == .mention }),
            let queries = Self.catalogQueries(words),
            queries.allSatisfy({
                !ErrorCatalog.entries(matching: $0).isEmpty || (!mentioned && $0.contains(where: \.isNumber))
            })
        {
            try explainCodes(queries, redactor: redactor, setups: setups)
            return
        }
        let causes = setups?.causes(of: errors.flatMap(Self.explained))
        switch format {
        case .text:
            if !errors.isEmpty {
                try StandardOutput.write(
                    PastedErrorRendering.text(errors, omitted: omitted, redactor: redactor)
                        + renderCauses(causes, setups: setups))
            }
        case .json:
            try StandardOutput.write(
                ExplainJSON.object(
                    pasted: PastedErrorRendering.objects(errors, redactor: redactor), omitted: omitted,
                    setupCauses: causes))
        }
        if errors.isEmpty {
            printError(
                "authtrail: explain: no error recognised in the text (\(text.utf8.count) bytes): expected an NSError "
                    + "description, (Domain, code), (Domain error code.), errorCode: or a code such as -50002")
            throw ExitStatus.noErrorRecognized
        }
    }

    /// The arguments as catalog queries ("MSALErrorDomain -50002" typed as two words is one query), or nil when
    /// they read as pasted text rather than codes.
    static func catalogQueries(_ arguments: [String]) -> [String]? {
        var queries = [String]()
        var index = 0
        while index < arguments.count {
            var query = arguments[index]
            if ErrorCatalog.entries(matching: query).isEmpty, Int(query) == nil, index + 1 < arguments.count,
                Int(arguments[index + 1]) != nil,
                !ErrorCatalog.entries(matching: "\(query) \(arguments[index + 1])").isEmpty
            {
                query = "\(query) \(arguments[index + 1])"
                index += 1
            }
            index += 1
            queries.append(query)
        }
        // A code is one or two short words; anything longer is prose.
        let looksLikeCodes = queries.allSatisfy { $0.count <= 80 && $0.split(separator: " ").count <= 2 }
        return looksLikeCodes && !queries.isEmpty ? queries : nil
    }

    private func explainCodes(_ queries: [String], redactor: Redactor, setups: RecordedSetups?) throws {
        var unknown = [String]()
        var found = [ErrorCatalog.Entry]()
        for query in queries {
            let entries = ErrorCatalog.entries(matching: query)
            if entries.isEmpty { unknown.append(query) }
            found += entries
        }
        let causes = setups?.causes(of: found.map(Self.explained))
        switch format {
        case .text:
            if !found.isEmpty {
                try StandardOutput.write(
                    found.map(Self.render).joined(separator: "\n\n") + renderCauses(causes, setups: setups))
            }
        case .json:
            try StandardOutput.write(
                ExplainJSON.object(
                    entries: found, unknownCodes: unknown.map { redactor.redact(text: $0) }, setupCauses: causes))
        }
        for query in unknown {
            printError(
                "authtrail: explain: unknown code '\(redactor.redact(text: query))': not in the catalog of MSAL, "
                    + "MSAL internal, MSID, NSURLErrorDomain, keychain OSStatus, AADSTS and HTTP codes"
            )
        }
        if !unknown.isEmpty { throw ExitStatus.findings }
    }

    static func render(_ entry: ErrorCatalog.Entry) -> String {
        let setup = SetupCausedErrors.doctorRules(for: entry).map {
            "\n  set-up:   \(SetupCausedErrors.advice(rules: $0))"
        }
        return """
            \(entry.spelling) \(entry.name)
              meaning:  \(entry.meaning)
              category: \(entry.category.rawValue)
              action:   \(entry.action.summary) (\(entry.action.rawValue))
            """ + (setup ?? "")
    }

    // MARK: The recorded set-up (--trail)

    /// The set-ups recorded in `--trail`; nil without it. An unreadable path ends the command (exit 66).
    private func recordedSetups() throws -> RecordedSetups? {
        guard !trail.isEmpty else { return nil }
        let (setups, problems) = RecordedSetups.read(paths: trail)
        guard problems.isEmpty else {
            for problem in problems { printError("authtrail: explain: --trail \(problem.message)") }
            throw ExitStatus.noInput
        }
        return setups
    }

    /// An error as the set-up rules predict errors: what the app receives (`MSALErrorDomain -50000` with the internal
    /// code as sub-code), and each AADSTS code on its own.
    typealias ExplainedError = (label: String, domain: String?, code: Int?, subcode: Int?, stsCodes: [Int])

    static func explained(_ error: PastedError) -> [ExplainedError] {
        let label = error.subcode.map(String.init) ?? ErrorCatalog.codeSpelling(domain: error.domain, code: error.code)
        var errors: [ExplainedError] = [(label, error.domain, error.code, error.subcode, [])]
        errors += error.stsErrorCodes.map { ("AADSTS\($0)", nil, nil, nil, [$0]) }
        return errors
    }

    static func explained(_ entry: ErrorCatalog.Entry) -> ExplainedError {
        switch entry.domain {
        case ErrorCatalog.internalDomain: (entry.spelling, "MSALErrorDomain", -50000, entry.code, [])
        case ErrorCatalog.stsDomain: (entry.spelling, nil, nil, nil, [entry.code])
        default: (entry.spelling, entry.domain, entry.code, nil, [])
        }
    }

    /// The text section after the errors: each mistake of the recorded set-up that causes one of them.
    private func renderCauses(_ causes: [RecordedSetups.Cause]?, setups: RecordedSetups?) -> String {
        guard let causes, let setups else { return "" }
        let source = trail.joined(separator: " ")
        guard setups.count > 0 else {
            return "\n\nThe recorded set-up: \(source) records none (no app.configuration event).\n"
        }
        guard !causes.isEmpty else {
            return
                "\n\nThe recorded set-up (\(setups.count) in \(source), \(setups.findingCount) finding\(setups.findingCount == 1 ? "" : "s")) causes none of "
                + "these errors.\n"
        }
        var text = "\n\nThe recorded set-up (\(source)) causes \(causes.count == 1 ? "it" : "them"):\n"
        for cause in causes {
            text += "  \(cause.explains.joined(separator: ", ")): \(cause.finding.problem)"
            text += " (\(cause.finding.bundleID ?? "the app"); rule \(cause.finding.rule); \(cause.finding.location))\n"
            text += "    fix: \(cause.finding.fix)\n"
        }
        return text
    }
}

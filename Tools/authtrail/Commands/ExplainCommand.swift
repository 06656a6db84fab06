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

            Output is redacted with the engine authtrail redact uses (a random key for this run): nothing pasted is \
            printed in clear. --format json prints one object for every input, {"errors": […], "unknownCodes": […]} \
            (docs/REPORT-JSON.md).

            Exit status:
              0   at least one error was recognised (for plain codes: every code is known)
              1   a plain code is not in the catalog
              2   the text holds no error explain recognises
              64  usage error
              66  --file cannot be read
              73  standard output could not be written
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(name: .long, help: "Read the pasted text from this file.")
    var file: String?

    @Option(name: .long, help: "text, or json for tools (shape in docs/REPORT-JSON.md).")
    var format: Format = .text

    @Argument(parsing: .allUnrecognized, help: "Codes, names or pasted text to explain; - reads standard input.")
    var codes: [String] = []

    func validate() throws {
        if codes.isEmpty && file == nil {
            throw ValidationError("Give a code or pasted text, for example: authtrail explain -50002")
        }
    }

    func run() throws {
        let redactor = Redactor(level: .maskAllPII, key: .random())
        let text: String
        if let file {
            guard let data = FileManager.default.contents(atPath: file) else {
                printError("authtrail: explain: \(redactor.redact(text: file)): cannot read the file")
                throw ExitStatus.noInput
            }
            text = String(decoding: data, as: UTF8.self)
        } else if codes == ["-"] {
            text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        } else {
            text = codes.joined(separator: " ")
        }
        let errors = PastedErrorScanner.errors(in: text)
        // Codes typed on the command line (AADSTS50076 reads as a plain code too) keep the catalog's answer.
        let onlyPlainCodes = errors.allSatisfy { $0.form == .plainCode }
        // A word that is neither in the catalog nor holds a digit ("hello") is text, not an unknown code.
        if onlyPlainCodes, file == nil, codes != ["-"], let queries = Self.catalogQueries(codes),
            queries.allSatisfy({ !ErrorCatalog.entries(matching: $0).isEmpty || $0.contains(where: \.isNumber) })
        {
            try explainCodes(queries, redactor: redactor)
            return
        }
        let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        if onlyPlainCodes, let queries = Self.catalogQueries(words),
            queries.allSatisfy({ !ErrorCatalog.entries(matching: $0).isEmpty })
        {
            try explainCodes(queries, redactor: redactor)
            return
        }
        switch format {
        case .text:
            if !errors.isEmpty { try StandardOutput.write(PastedErrorRendering.text(errors, redactor: redactor)) }
        case .json:
            try StandardOutput.write(ExplainJSON.object(pasted: PastedErrorRendering.json(errors, redactor: redactor)))
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

    private func explainCodes(_ queries: [String], redactor: Redactor) throws {
        var unknown = [String]()
        var found = [ErrorCatalog.Entry]()
        for query in queries {
            let entries = ErrorCatalog.entries(matching: query)
            if entries.isEmpty { unknown.append(query) }
            found += entries
        }
        switch format {
        case .text:
            if !found.isEmpty { try StandardOutput.write(found.map(Self.render).joined(separator: "\n\n")) }
        case .json:
            try StandardOutput.write(
                ExplainJSON.object(entries: found, unknownCodes: unknown.map { redactor.redact(text: $0) }))
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
        """
        \(entry.spelling) \(entry.name)
          meaning:  \(entry.meaning)
          category: \(entry.category.rawValue)
          action:   \(entry.action.summary) (\(entry.action.rawValue))
        """
    }
}

import ArgumentParser
import AuthTrail

struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain MSAL, NSURLErrorDomain, keychain, AADSTS and HTTP codes: name, meaning, recommended action.",
        discussion: """
            Accepts -50002, "MSALErrorDomain -50002" (quoted or as two words), MSALErrorDomain:-50002, \
            "MSIDErrorDomain -51115" (the internal codes MSAL's logs print), \
            interactionRequired, MSALErrorInteractionRequired, -42011, AADSTS50076, "NSURLErrorDomain -1009", 429. \
            A bare number lists every domain that has it. Exit status: 0 when every code is known, 1 when one is not \
            (it is named on standard error), 64 for a usage error.
            """)

    @Argument(parsing: .allUnrecognized, help: "Codes or names to explain.")
    var codes: [String] = []

    func validate() throws {
        if codes.isEmpty { throw ValidationError("Give at least one code, for example: authtrail explain -50002") }
    }

    func run() throws {
        var unknown = [String]()
        var printed = 0
        var index = 0
        while index < codes.count {
            var query = codes[index]
            var entries = ErrorCatalog.entries(matching: query)
            // "MSALErrorDomain -50002" typed as two words.
            if entries.isEmpty, Int(query) == nil, index + 1 < codes.count, Int(codes[index + 1]) != nil {
                let joined = "\(query) \(codes[index + 1])"
                let joinedEntries = ErrorCatalog.entries(matching: joined)
                if !joinedEntries.isEmpty {
                    query = joined
                    entries = joinedEntries
                    index += 1
                }
            }
            index += 1
            if entries.isEmpty {
                unknown.append(query)
                continue
            }
            for entry in entries {
                if printed > 0 { print("") }
                print(Self.render(entry))
                printed += 1
            }
        }
        for query in unknown {
            printError(
                "authtrail: explain: unknown code '\(query)': not in the catalog of MSAL, MSAL internal, MSID, "
                    + "NSURLErrorDomain, keychain OSStatus, AADSTS and HTTP codes"
            )
        }
        if !unknown.isEmpty { throw ExitStatus.findings }
    }

    static func render(_ entry: ErrorCatalog.Entry) -> String {
        let heading =
            entry.domain == ErrorCatalog.stsDomain
            ? "AADSTS\(entry.code) \(entry.name)" : "\(entry.domain) \(entry.code) \(entry.name)"
        return """
            \(heading)
              meaning:  \(entry.meaning)
              category: \(entry.category.rawValue)
              action:   \(entry.action.summary) (\(entry.action.rawValue))
            """
    }
}

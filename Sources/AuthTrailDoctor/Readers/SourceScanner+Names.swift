internal import Foundation

/// Values the sources name rather than spell: string constants (`static let`, `#define`, `NSString *const`) and the
/// redirect URI or keychain group passed by name, resolved once every source of a set-up is read.
extension SourceScanner {
    /// `static let redirectURI = "…"`, `let kRedirectUri = "…"`, `#define kRedirectUri @"…"`, `NSString *const
    /// kRedirectUri = @"…";`: a name for a literal, which a redirect argument elsewhere may use.
    static func scanConstant(_ code: String, location: SetupLocation, into setup: inout AppSetup) {
        let declaration: Substring
        if code.hasPrefix("#define ") {
            declaration = code.dropFirst("#define ".count)
        } else if let equals = code.firstIndex(of: "="), code.contains("let ") || code.contains("const ") {
            declaration = code[..<equals]
        } else {
            return
        }
        guard let literal = literals(in: code).first, literals(in: code).count == 1 else { return }
        guard !code.contains("\\(") else { return }
        let words = declaration.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
        let skip: Set<Substring> = [
            "let", "var", "static", "private", "fileprivate", "public", "internal", "const",
            "NSString", "String", "define", "extern", "FOUNDATION_EXPORT", "nonisolated",
        ]
        // `#define NAME @"…"` names first; a declaration (`static let NAME: String =`) last.
        let name = code.hasPrefix("#define ") ? words.first : words.last(where: { !skip.contains($0) })
        guard let name else { return }
        setup.sourceConstants[String(name)] = Located(literal, at: location)
    }

    /// The redirect URI argument of `MSALPublicClientApplicationConfig(clientId:redirectUri:authority:)`, its
    /// Objective-C form, or a `redirectUri =` assignment, kept as written until every source is read
    /// (`resolveRedirectNames`): a literal, or a name of a constant.
    static func scanRedirectArgument(_ code: String, location: SetupLocation, into setup: inout AppSetup) {
        guard let range = code.range(of: "redirectUri:") ?? code.range(of: "redirectUri =") else { return }
        var rest = code[range.upperBound...].drop { $0 == " " }
        if rest.hasPrefix("@") { rest = rest.dropFirst() }
        let expression: String
        if rest.hasPrefix("\"") {
            // The whole literal, commas and parentheses inside it included.
            let body = rest.dropFirst().prefix { $0 != "\"" }
            expression = "\"" + body + "\""
        } else {
            // Swift ends the argument at `,` or `)`, Objective-C at the space before the next keyword (`authority:`);
            // anything else after it is prose (`- redirectUri: A redirect URI of…` in a doc comment).
            expression = String(rest.prefix { $0 != "," && $0 != ")" && $0 != "]" && $0 != ";" && $0 != " " })
            let after = rest.dropFirst(expression.count).drop { $0 == " " }
            let next = after.prefix { $0 != " " }
            guard after.isEmpty || ",)];".contains(after.first ?? ",") || next.contains(":") else { return }
        }
        guard !expression.isEmpty, expression != "nil" else { return }
        // A name (`kRedirectUri`, `Configuration.redirectURI`, `self.redirect`) or a literal; prose in a doc comment
        // (`- redirectUri: A redirect URI of…`) is neither.
        guard
            expression.hasPrefix("\"")
                || expression.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." })
        else { return }
        setup.redirectNames.append(Located(expression, at: location))
    }

    /// Settles the redirect URI (and a keychain group set from a constant) once every source is read. When the sources pass one to MSAL, that argument decides:
    /// a literal is the redirect URI, a name is followed to the constant that spells it (located where it is spelled),
    /// and anything else (an interpolation, a generated or secret constant) leaves it unknown, so the redirect rules
    /// are not checked. Without an argument, the msauth literals found in the sources stand.
    package static func resolveRedirectNames(_ setup: inout AppSetup) {
        if let name = setup.keychainGroupName,
            let value = setup.sourceConstants[String(name.value.split(separator: ".").last ?? "")]
        {
            setup.keychainSharingGroup = Located(value.value, at: name.location)
        }
        setup.keychainGroupName = nil
        guard !setup.redirectNames.isEmpty else {
            // The app creates MSAL's application and passes no redirect URI: MSAL takes its default, and a constant
            // spelling one (`let kRedirectUri = "msauth.…"`, left over) is not the app's.
            if setup.configuresMSAL == true {
                let constants = Set(setup.sourceConstants.values.map(\.location))
                setup.redirectURIs.removeAll { constants.contains($0.location) }
            }
            return
        }
        var resolved = [Located<String>]()
        for argument in setup.redirectNames {
            let value: Located<String>?
            if argument.value.hasPrefix("\"") {
                // A literal that is no URI (`static let redirectUri = "app.config.redirectUri"`, a settings key) is
                // not a redirect URI.
                guard let literal = literals(in: argument.value).first, literal.contains("://") else { continue }
                value = Located(literal, at: argument.location)
            } else {
                let key = String(argument.value.split(separator: ".").last ?? Substring(argument.value))
                // A constant of the same name that spells no URI (a settings key, `"app.config.redirectUri"`) is
                // another value: the name is a variable the sources do not spell out.
                value = setup.sourceConstants[key].flatMap { $0.value.contains("://") ? $0 : nil }
            }
            if let value {
                if !resolved.contains(where: { $0.value == value.value }) { resolved.append(value) }
            } else {
                setup.unspelledRedirectURI = setup.unspelledRedirectURI ?? argument
            }
        }
        setup.redirectURIs = resolved
        setup.redirectNames = []
    }
}

import AuthTrail
import Testing

/// A value planted in the redaction corpus, with what must happen to it. Its test description never shows the value,
/// so a failing test cannot print a planted secret.
struct PlantedItem: Sendable, Hashable, CustomTestStringConvertible {
    enum Treatment: Sendable, Hashable {
        /// Removed at every level; the label names the kind of secret (jwt, refresh token, …).
        case secret(String)
        /// Replaced by a pseudonym of this kind where the level hides it.
        case identifier(IdentifierKind)
        /// Must survive unchanged at every level; the label names what it is (correlation id, AADSTS code, …).
        case keep(String)
    }

    var treatment: Treatment
    var value: String

    /// A short name for the kind of item, used to count the corpus per kind.
    var kindName: String {
        switch treatment {
        case .secret(let label): "secret \(label)"
        case .identifier(let kind): "identifier \(kind.rawValue)"
        case .keep(let label): "keep \(label)"
        }
    }

    var testDescription: String { "\(kindName) (\(value.utf8.count) bytes)" }
}

/// One corpus entry: a realistic piece of text (an MSAL log line, a URL, JSON or prose) and what was planted in it.
struct CorpusSnippet: Sendable, CustomTestStringConvertible {
    var context: String
    var text: String
    var planted: [PlantedItem]

    var testDescription: String { "\(context) snippet with \(planted.count) planted items" }
}

/// Records planted values while a snippet's text is built.
struct SnippetBuilder {
    var planted: [PlantedItem] = []

    mutating func secret(_ label: String, _ value: String) -> String {
        planted.append(PlantedItem(treatment: .secret(label), value: value))
        return value
    }

    mutating func identifier(_ kind: IdentifierKind, _ value: String) -> String {
        planted.append(PlantedItem(treatment: .identifier(kind), value: value))
        return value
    }

    mutating func keep(_ label: String, _ value: String) -> String {
        planted.append(PlantedItem(treatment: .keep(label), value: value))
        return value
    }
}

import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

@Suite("The redaction corpus")
struct RedactionCorpusTests {
    static let corpus = RedactionCorpus.make()
    static let key = RedactionKey(bytes: Array(0..<32))

    @Test("holds at least 300 planted items of every kind")
    func corpusIsLargeEnough() {
        var counts = [String: Int]()
        for snippet in Self.corpus {
            for item in snippet.planted { counts[item.kindName, default: 0] += 1 }
        }
        let identifierKinds = Set(
            Self.corpus.flatMap(\.planted).compactMap { item -> IdentifierKind? in
                if case .identifier(let kind) = item.treatment { return kind }
                return nil
            }
        )
        #expect(identifierKinds == Set(IdentifierKind.allCases), "every identifier kind is planted")
        for (kind, count) in counts.sorted(by: { $0.key < $1.key }) {
            #expect(count >= 300, "only \(count) items of \(kind)")
        }
        for expected in [
            "secret access token", "secret refresh token", "secret authorization code", "secret bearer JWT",
            "secret bearer opaque token", "secret basic credentials", "secret client secret", "secret client assertion",
            "secret PEM key", "secret URL password", "secret id token hint", "secret state",
            "secret password", "keep correlation id", "keep client id", "keep AADSTS code", "keep HTTP status",
            "keep timestamp", "keep scope", "keep authority host", "keep error domain", "keep sub-code",
            "keep tenant id",
        ] {
            #expect(counts[expected, default: 0] >= 300, "\(expected) is planted at least 300 times")
        }
    }

    @Test("at maskAllPII every secret and identifier is gone and every keep-list item survives")
    func fullRecallAtMaskAllPII() {
        let redactor = Redactor(level: .maskAllPII, key: Self.key)
        var leaks = [String: Int]()
        var lost = [String: Int]()
        for snippet in Self.corpus {
            let redacted = redactor.redact(text: snippet.text)
            for item in snippet.planted {
                switch item.treatment {
                case .secret, .identifier:
                    if redacted.contains(item.value) {
                        leaks["\(item.kindName) in \(snippet.context)", default: 0] += 1
                    }
                case .keep:
                    if !redacted.contains(item.value) {
                        lost["\(item.kindName) in \(snippet.context)", default: 0] += 1
                    }
                }
            }
        }
        // The dictionaries name kinds and contexts only, never a value.
        #expect(leaks.isEmpty, "leaked: \(leaks)")
        #expect(lost.isEmpty, "keep-list items lost: \(lost)")
    }

    @Test("identifiers become pseudonyms tagged with their kind, secrets become removal markers")
    func replacementsAreTagged() {
        let redactor = Redactor(level: .maskAllPII, key: Self.key)
        let text = Self.corpus.prefix(RedactionCorpus.templates.count).map(\.text).joined(separator: "\n")
        let redacted = redactor.redact(text: text)
        for tag in [
            "<email:", "<upn:", "<name:", "<username:", "<phone:", "<user:", "<account:", "<oid:", "<device:", "<ip:",
        ] {
            let found = redacted.contains(tag)  // a Bool, so a failure prints no text
            #expect(found, "no \(tag)…> pseudonym")
        }
        for marker in [
            "<jwt:removed>", "<token:removed>", "<secret:removed>", "<credential:removed>", "<pem:removed>",
            "<password:removed>",
        ] {
            let found = redacted.contains(marker)
            #expect(found, "no \(marker)")
        }
        let pseudonymShape = try? Regex(#"<[a-z]+:[0-9a-f]{10}>"#)
        let hasShape = pseudonymShape.map { redacted.contains($0) } ?? false
        #expect(hasShape, "pseudonyms are a kind and 10 hex digits")
    }

    @Test(
        "maskEUIIOnly hides end-user-identifiable items and keeps pseudonymous ids",
        arguments: [
            RedactionLevel.maskEUIIOnly, .maskSecretsOnly,
        ]
    )
    func lowerLevels(level: RedactionLevel) {
        let redactor = Redactor(level: level, key: Self.key)
        var wrong = [String: Int]()
        for snippet in Self.corpus.prefix(RedactionCorpus.templates.count * 40) {
            let redacted = redactor.redact(text: snippet.text)
            for item in snippet.planted {
                let present = redacted.contains(item.value)
                let shouldBePresent: Bool
                switch item.treatment {
                case .secret: shouldBePresent = false
                case .identifier(let kind): shouldBePresent = !level.hides(kind)
                case .keep: shouldBePresent = true
                }
                if present != shouldBePresent {
                    wrong["\(item.kindName) in \(snippet.context) \(present ? "kept" : "hidden")", default: 0] += 1
                }
            }
        }
        #expect(wrong.isEmpty, "wrong treatment at \(level): \(wrong)")
    }

    @Test("redacting the whole corpus as one text equals redacting each snippet")
    func wholeTextEqualsSnippets() {
        let redactor = Redactor(key: Self.key)
        let snippets = Self.corpus.prefix(RedactionCorpus.templates.count * 20)
        let whole = redactor.redact(text: snippets.map(\.text).joined(separator: "\n"))
        let pieces = snippets.map { redactor.redact(text: $0.text) }.joined(separator: "\n")
        // Compared as a Bool so a failure prints no text.
        let same = whole == pieces
        #expect(same, "the whole-text redaction differs from the per-snippet one")
    }
}

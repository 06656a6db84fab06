import AuthTrail
import Foundation
import Testing

/// MSAL log lines and pasted errors copied from public issue threads (`Tests/RealLines/*.txt`: the first line names the
/// repository and issue, a `# synthetic:` line says what was made up, `# hides:` lists the identifiers that must go).
/// What support reads in them is found by pattern in each original line, not listed by hand: MSAL and OS versions,
/// thread ids, timestamps, correlation ids, error domains and codes, AADSTS/AADB2C codes, OAuth errors and hosts.
@Suite("real MSAL lines keep what support needs and lose every identifier")
struct RealLinesPrivacyTests {
    struct Sample: Sendable, CustomTestStringConvertible {
        var file: String
        var source: String
        var lines: [String]
        var hides: [String]
        var testDescription: String { file }
    }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("RealLines")

    static let samples: [Sample] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".txt") }.sorted().compactMap { name in
            guard let text = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) else {
                return nil
            }
            let all = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
            let source = all.first { $0.hasPrefix("# source: ") } ?? ""
            let hides = all.filter { $0.hasPrefix("# hides: ") }
                .flatMap { $0.dropFirst("# hides: ".count).components(separatedBy: " | ") }
            return Sample(file: name, source: source, lines: all.filter { !$0.hasPrefix("# ") }, hides: hides)
        }
    }()

    /// What a support engineer needs from a line, by shape.
    static let keepPatterns: [String] = [
        #"MSAL \d+(\.\d+)+(-dev|\+local)?"#, #"(iOS Sim|iOS|Mac|MSAL\.Xamarin\.iOS) \d+(\.\d+)+"#,
        #"TID ?= ?\d+"#, #"\d{4}-\d{2}-\d{2}[ T]\d{1,2}:\d{2}:\d{2}"#, #"\d{2}/\d{2}/\d{4} \d{2}:\d{2}:\d{2}"#,
        #"(?<=\] - |[\[ ]- )[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}(?=\])"#,
        #"MSALCorrelationIDKey=[0-9A-F-]{36}"#, #"Error Domain=[\w.]+ Code=-?\d+"#, #"\([\w.]+, -?\d+\)"#,
        #"error: -?\d+ error domain: [\w.]+"#, #"error code -?\d+"#, #"MSALInternalErrorCodeKey=-?\d+"#,
        #"status: -?\d+"#, #"AADSTS\d+"#, #"AADB2C\d+"#, #"\b(invalid_grant|access_denied|basic_action)\b"#,
        #"(?<![@\w.-])([a-z0-9-]+\.)+(com|net|cn|de|us)\b"#, #"\bclient_?[Ii]d[ =][0-9a-f-]{36}"#,
    ]

    static func keeps(in line: String) -> [String] {
        keepPatterns.flatMap { pattern -> [String] in
            guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
            let source = line as NSString
            return expression.matches(in: line, range: NSRange(location: 0, length: source.length)).map {
                source.substring(with: $0.range)
            }
        }
    }

    static let redactor = Redactor(level: .maskAllPII, key: RedactionKey(bytes: Array(repeating: 3, count: 32)))

    @Test("the corpus holds at least 40 real lines from at least 8 threads, each file with its source")
    func corpusSize() {
        let real = Self.samples.filter { !$0.source.contains("IdentityCore's own") }
        #expect(real.map(\.lines.count).reduce(0, +) >= 40)
        let threads = Set(
            real.flatMap { sample in
                sample.source.matches(of: /[\w.-]+\/[\w.-]+#\d+/).map(\.output)
            }.map(String.init))
        #expect(threads.count >= 8, "\(threads.count) threads")
        #expect(Self.samples.allSatisfy { !$0.source.isEmpty })
        #expect(Self.samples.allSatisfy { $0.lines.allSatisfy { !$0.isEmpty } })
    }

    @Test("versions, times, correlation ids, domains, codes, STS codes and hosts survive", arguments: samples)
    func supportFieldsSurvive(sample: Sample) {
        var lost = [String]()
        for line in sample.lines {
            let redacted = Self.redactor.redact(text: line)
            lost += Self.keeps(in: line).filter { keep in
                !redacted.contains(keep) && !sample.hides.contains { keep.contains($0) || $0.contains(keep) }
            }
        }
        // The kept fields are not identifiers, so they may be printed.
        #expect(lost.isEmpty, "\(sample.file): lost \(lost)")
    }

    @Test("every identifier is gone, in every spelling, and redacting twice changes nothing", arguments: samples)
    func identifiersAreGone(sample: Sample) {
        let redacted = sample.lines.map { Self.redactor.redact(text: $0) }
        // A count, never the value.
        let leaks = LeakForms.leaked(sample.hides, in: redacted).count
        #expect(leaks == 0, "\(sample.file): \(leaks) of \(sample.hides.count) identifiers readable")
        let stable = redacted.allSatisfy { Self.redactor.redact(text: $0) == $0 }
        #expect(stable, "\(sample.file): a second pass changed a line")
    }

    @Test("a word of prose after token: stays, a real token after token: or access_token= goes")
    func tokenColonReadsProse() {
        let prose = Self.redactor.redact(text: "could not acquire token: Error Domain=MSALErrorDomain Code=-50002")
        #expect(prose == "could not acquire token: Error Domain=MSALErrorDomain Code=-50002")
        let expired = Self.redactor.redact(text: "cached token: expired, refreshing")
        #expect(expired == "cached token: expired, refreshing")
        let token = "Qx7ZkW9pLmNvR2tYb3ZpcmtzaWduYXR1cmVfdmFsdWVf"
        for text in ["token: \(token)", "access_token=\(token)", "token: QxZkWpLmNv", "Token: \(token) done"] {
            let redacted = Self.redactor.redact(text: text)
            #expect(!redacted.contains("QxZkWpLmNv") && !redacted.contains(token), "a token after a key survived")
        }
    }

    @Test("a display name after name is pseudonymised whole; prose, MSAL's masks and placeholders stay")
    func displayNames() {
        let redacted = Self.redactor.redact(text: "Returning account with name Jean-Luc Zoë Marrow, from cache")
        #expect(!redacted.contains("Jean") && !redacted.contains("Marrow") && !redacted.contains("Zoë"))
        #expect(redacted.hasPrefix("Returning account with name <name:") && redacted.hasSuffix(">, from cache"))
        for kept in ["host name login.microsoftonline.com", "name Masked(not-null)", "name (null)", "name MSAL"] {
            #expect(Self.redactor.redact(text: kept) == kept)
        }
        let field = Self.redactor.redact(text: "name=Ylva Marrow username=(null)")
        #expect(!field.contains("Ylva") && !field.contains("Marrow") && field.hasSuffix(" username=(null)"))
    }
}

import AuthTrail
import Foundation
import Testing

/// The bridge's parser over real MSAL callback lines as people pasted them in public issue threads.
///
/// Corpus (Tests/Pastes/msal-logs, each file's first line names its source): 144 callback lines from 21 threads —
/// AzureAD/microsoft-authentication-library-for-objc #422, #698, #777, #958, #974, #1109, #1260, #1386, #1484, #1833,
/// #1839, #2187, #2221, #2402, #2661, #2746; AzureAD/azure-activedirectory-library-for-objc #1514;
/// AzureAD/microsoft-authentication-library-for-python #803; AzureAD/microsoft-authentication-extensions-for-python
/// #149; Azure-Samples/ms-identity-mobile-apple-swift-objc #71; microsoft/appcenter-sdk-dotnet #1080. MSAL 0.1.4 to
/// 2.9.0, iOS, iOS Sim and Mac, bare and behind NSLog headers, `[MSAL] `, `MSAL log: `, logger columns, `> `,
/// `Optional("…")`, backticks, `%@ `, the `TID = n` form and `MSAL.xplat.macOS 1.1.0+local`.
@Suite("MSAL log lines from real tickets are split fully")
struct MSALLogCorpusTests {
    struct CallbackLine: Sendable, CustomTestStringConvertible {
        var file: String
        var number: Int
        var text: String
        var testDescription: String { "\(file):\(number)" }
    }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Pastes/msal-logs")

    static let files: [(name: String, lines: [String])] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.sorted() ?? []
        return names.filter { $0.hasSuffix(".txt") }.map { name in
            let text = (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? ""
            return (name, text.components(separatedBy: "\n"))
        }
    }()

    /// Every line holding `TID=` or `TID = `: a callback line, whatever surrounds it.
    static let callbackLines: [CallbackLine] = files.flatMap { file in
        file.lines.enumerated().compactMap { index, line in
            line.range(of: #"TID ?= ?\d"#, options: .regularExpression) == nil
                ? nil : CallbackLine(file: file.name, number: index + 1, text: line)
        }
    }

    /// Whether `line` was split into every part it has: thread id, version, OS, timestamp, and the correlation id
    /// when the line carries one (checked against the text with patterns of its own, not the parser's).
    static func isFullySplit(_ line: String) -> Bool {
        let parsed = MSALLogLine(parsing: line)
        guard let threadID = parsed.threadID, let version = parsed.libraryVersion, let os = parsed.operatingSystem,
            let loggedAt = parsed.loggedAt
        else { return false }
        guard line.contains("TID=\(threadID)") || line.contains("TID = \(threadID)"),
            line.contains(" \(version) \(os) [\(loggedAt)"),
            loggedAt.range(of: #"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$"#, options: .regularExpression) != nil
        else { return false }
        let correlation = line.range(
            of: #"\d\d:\d\d:\d\d - [0-9A-Fa-f]{8}(-[0-9A-Fa-f]{4}){3}-[0-9A-Fa-f]{12}\]"#, options: .regularExpression)
        if let correlation {
            return parsed.correlationID.map { line[correlation].contains($0) } ?? false
        }
        return parsed.correlationID == nil
    }

    @Test("the corpus is what the suite says: at least 144 callback lines from 21 threads, each file naming its source")
    func corpusSize() {
        #expect(Self.callbackLines.count >= 144)
        #expect(Self.files.count >= 21)
        for file in Self.files {
            #expect(file.lines.first?.hasPrefix("# source: ") == true, "\(file.name) names no source")
        }
    }

    @Test("at least 97 % of the callback lines are split fully")
    func splitRate() {
        let failing = Self.callbackLines.filter { !Self.isFullySplit($0.text) }
        let rate = Double(Self.callbackLines.count - failing.count) / Double(max(Self.callbackLines.count, 1))
        #expect(rate >= 0.97, "split \(rate): \(failing.map(\.testDescription))")
        // The one known failure is a line the paste itself broke ("MSAL 1.1.2 Ma" / " 10.15.4 [..."): nothing
        // could split it.
        #expect(failing.allSatisfy { $0.text.hasSuffix(" MSAL 1.1.2 Ma") }, "\(failing.map(\.testDescription))")
    }

    @Test("the message after the header is the line's own text, unquoted")
    func messages() throws {
        let optional = try #require(Self.callbackLines.first { $0.text.contains("Optional(\"TID=959936") })
        #expect(MSALLogLine(parsing: optional.text).message == "Default app's access group: \"Masked(not-null)\".")
        let backticked = try #require(Self.callbackLines.first { $0.text.hasPrefix("`TID=5346383") })
        #expect(MSALLogLine(parsing: backticked.text).message.hasSuffix("description Masked"))
        let product = try #require(Self.callbackLines.first { $0.text.contains("MSAL.xplat.macOS") })
        let parsed = MSALLogLine(parsing: product.text)
        #expect(parsed.product == "MSAL.xplat.macOS")
        #expect(parsed.libraryVersion == "1.1.0+local")
        #expect(parsed.operatingSystem == "Mac 14.7.4")
    }
}

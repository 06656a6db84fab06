import AuthTrail
import Foundation
import PropertyBased
import Testing

@Suite("MSAL log line parsing, over generated lines")
struct MSALLogLinePropertyTests {
    /// The parts of a line in MSAL's format, from which the test builds the text.
    struct Parts: Sendable {
        var threadID: Int
        var thread: String?
        var version: [Int]
        var operatingSystem: String
        var correlationID: String?
        var component: String?
        var message: String

        var text: String {
            let tag = thread.map { $0 == "main thread" ? " (main thread)" : $0 } ?? ""
            let correlation = correlationID.map { " - \($0)" } ?? ""
            let componentPart = component.map { " [\($0)]" } ?? ""
            let versionText = version.map(String.init).joined(separator: ".")
            return "TID=\(threadID)\(tag) MSAL \(versionText) \(operatingSystem) [2025-07-01 09:15:42\(correlation)]"
                + "\(componentPart) \(message)"
        }
    }

    static let uuids = (0..<8).map { _ in UUID().uuidString }

    static let characters = Array("abc XYZ 019 :()[]-@.")

    static let parts = zip(
        Gen.int(in: 0...9_999_999),
        Gen.int(in: 0...2).map { ["main thread", "com.apple.root.default-qos", "msal.worker"][$0] }.optional,
        Gen.int(in: 0...40).array(of: 3),
        Gen.int(in: 0...3).map { ["iOS 18.2", "iOS Sim 17.5", "Mac 14.5.0", "UnkOS"][$0] },
        Gen.int(in: 0...(uuids.count - 1)).map { uuids[$0] }.optional,
        Gen.int(in: 0...1).map { ["MSAL", "MSAL.Broker"][$0] }.optional,
        zip(Gen.lowercaseLetter, Gen.int(in: 0...(characters.count - 1)).map { characters[$0] }.string(of: 0...60))
            .map { "\($0)\($1)" }
    ).map {
        Parts(
            threadID: $0, thread: $1, version: $2, operatingSystem: $3, correlationID: $4, component: $5, message: $6)
    }

    @Test("every part of a generated line is parsed back exactly")
    func roundTrip() async {
        await propertyCheck(count: 300, input: Self.parts) { parts in
            let parsed = MSALLogLine(parsing: parts.text)
            #expect(parsed.threadID == parts.threadID)
            #expect(parsed.thread == parts.thread)
            #expect(parsed.libraryVersion == parts.version.map(String.init).joined(separator: "."))
            #expect(parsed.operatingSystem == parts.operatingSystem)
            #expect(parsed.loggedAt == "2025-07-01 09:15:42")
            #expect(parsed.correlationID == parts.correlationID)
            #expect(parsed.component == parts.component)
            #expect(parsed.message == parts.message)
        }
    }

    static let fragmentTexts = [
        "TID=", "42", " MSAL ", "2.14.0", " iOS 18.2", " [", "]", " - ", "x", " (main thread)", "@", " ", "[MSAL]", "",
        "5E3A2F0E-7B0C-4A53-9F7A-2D3C1B0A9E11",
    ]
    static let fragments = Gen.int(in: 0...(fragmentTexts.count - 1)).map { fragmentTexts[$0] }.array(of: 0...14)
        .map { $0.joined() }

    @Test("any text is parsed without inventing anything: the message is always the line's own tail")
    func arbitraryText() async {
        await propertyCheck(count: 500, input: Self.fragments) { text in
            let parsed = MSALLogLine(parsing: text)
            #expect(text.hasSuffix(parsed.message))
            if parsed.threadID == nil { #expect(parsed.message == text) }
            if let id = parsed.correlationID { #expect(UUID(uuidString: id) != nil) }
        }
    }
}

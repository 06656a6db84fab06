import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

@Suite("A trail's segments")
struct TrailRedactionTests {
    @Test(
        "hold no planted secret or identifier, keep the keep-list, and record the level and key id",
        arguments: [
            RedactionLevel.maskAllPII, .maskEUIIOnly,
        ]
    )
    func segmentsAreRedacted(level: RedactionLevel) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let keys = try TemporaryDirectory("authtrail-keys")
        defer { keys.remove() }
        let trail = try Trail(
            configuration: TrailConfiguration(
                directory: directory.url, redactionLevel: level, keyStore: .files(in: keys.url)))
        let snippets = Array(RedactionCorpus.make(rounds: 4, seed: 77))
        for snippet in snippets {
            trail.record(
                TrailEvent(
                    name: .log,
                    severity: .info,
                    message: snippet.text,
                    attributes: ["log.source": "msal", "raw": snippet.text]
                )
            )
        }
        trail.shutdown(timeout: .testWait)
        #expect(trail.health.eventsLost == 0)

        let segments = try directory.files(withSuffix: ".jsonl.zst")
        #expect(segments.count == 1)
        let decoded = try ProcessRunner.run("zstd", ["-d", "-c", "-q", segments[0]])
        #expect(decoded.status == 0, "zstd could not read the segment")
        let lines = decoded.text.split(separator: "\n").map(String.init)
        #expect(lines.count == snippets.count + 1)
        #expect(lines[0].contains("\"redaction.level\":\"\(level.rawValue)\""))
        let keyID = try #require(trail.redactionKeyID)
        #expect(lines[0].contains("\"redaction.key_id\":\"\(keyID)\""))

        // The key itself is never written; only its fingerprint is.
        let installID = try #require(trail.installID)
        let keyBytes = try Data(contentsOf: keys.url.appendingPathComponent("\(installID).key"))
        let keyHex = keyBytes.map { String(format: "%02x", $0) }.joined()
        let keyInLog = decoded.text.contains(keyHex)
        #expect(!keyInLog, "the pseudonym key was written to the segment")

        var wrong = [String: Int]()
        for (snippet, line) in zip(snippets, lines.dropFirst()) {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            let body = object?["body"] as? String ?? ""
            let raw = object?["raw"] as? String ?? ""
            for item in snippet.planted {
                let anywhere = line.contains(item.value) || body.contains(item.value) || raw.contains(item.value)
                let present: Bool
                let expected: Bool
                switch item.treatment {
                case .secret:
                    (present, expected) = (anywhere, false)
                case .identifier(let kind):
                    (present, expected) = (anywhere, !level.hides(kind))
                case .keep:
                    (present, expected) = (body.contains(item.value) && raw.contains(item.value), true)
                }
                if present != expected { wrong[item.kindName, default: 0] += 1 }
            }
        }
        #expect(wrong.isEmpty, "wrong treatment in the segment: \(wrong)")
    }
}

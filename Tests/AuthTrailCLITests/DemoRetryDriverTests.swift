import AuthTrailTestSupport
import Foundation
import Testing

@Suite("the demo runs its session through the retry driver")
struct DemoRetryDriverTests {
    @Test("every wait is a retry.wait event, fallbacks share an operation id, MSAL's log lines are bridged")
    func demoChains() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let out = directory.path + "/demo"
        #expect(try ProcessRunner.authtrail(["demo", "--out", out]).status == 0)
        var events = [[String: Any]]()
        var text = ""
        for segment in try FileManager.default.contentsOfDirectory(atPath: out) where segment.hasSuffix(".jsonl.zst") {
            let decoded = try ProcessRunner.run("zstd", ["-d", "-c", "-q", "\(out)/\(segment)"])
            text += decoded.text
            for line in decoded.text.split(separator: "\n") {
                events.append(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:])
            }
        }
        func named(_ name: String) -> [[String: Any]] { events.filter { $0["event.name"] as? String == name } }

        let waits = named("retry.wait")
        #expect(waits.compactMap { $0["retry.reason"] as? String } == ["waitForConnectivity", "retryAfter"])
        // The 429 said Retry-After: 30; the simulated network came back after 5 s.
        #expect(waits.compactMap { $0["retry.wait_ms"] as? Double } == [5000, 30000])

        // Attempts of one operation are numbered 1, 2, … in order.
        var attemptsByOperation = [String: [Int]]()
        for end in named("acquisition.end") {
            attemptsByOperation[end["operation.id"] as? String ?? "", default: []].append(end["attempt"] as? Int ?? 0)
        }
        #expect(attemptsByOperation.count == 9, "one operation per case of the script")
        for attempts in attemptsByOperation.values { #expect(attempts == Array(1...attempts.count)) }

        // The claims challenge falls back to interactive; its content is never written.
        let claims = named("acquisition.end").first { $0["error.claims_challenge"] as? Bool == true }
        #expect(claims?["error.action"] as? String == "interactiveWithClaims")
        #expect(!text.contains("eyJhY2Nlc3NfdG9rZW4i"), "the claims challenge was written")

        // MSAL's log callback lines arrive as log events with their correlation ids.
        let logs = named("log").filter { $0["log.source"] as? String == "msal" }
        #expect(logs.count >= 2 * named("acquisition.start").count)
        #expect(logs.allSatisfy { $0["msal.correlation_id"] is String && $0["msal.version"] as? String == "2.14.0" })
    }
}

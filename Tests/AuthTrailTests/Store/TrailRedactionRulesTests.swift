import AuthTrail
import AuthTrailAnalysis
import AuthTrailTestSupport
import Foundation
import Testing

@Suite("the trail applies the app's redaction rules")
struct TrailRedactionRulesTests {
    @Test("extra secret and identifier keys from the configuration reach the written segment")
    func customRulesApply() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var configuration = TrailConfiguration(directory: directory.url)
        configuration.redactionRules.secretKeys = ["x-api-key"]
        configuration.redactionRules.identifierKeys = ["member_number": .username]
        let trail = try Trail(configuration: configuration)
        let apiKey = "k-" + String(repeating: "7", count: 24)
        trail.record(
            TrailEvent(
                name: .log, message: "calling the API with x-api-key=\(apiKey)",
                attributes: ["member_number": "M-004217", "x-api-key": apiKey]))
        trail.shutdown(timeout: .testWait)

        let text = try directory.files(withSuffix: ".jsonl.zst")
            .map { try ProcessRunner.run("zstd", ["-d", "-c", "-q", $0]).text }.joined()
        #expect(!text.contains(apiKey), "the custom secret key's value was written in clear")
        #expect(!text.contains("M-004217"), "the custom identifier key's value was written in clear")
        #expect(text.contains("<username:"), "the identifier became a keyed pseudonym")
    }
}

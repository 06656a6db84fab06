import AuthTrail
import AuthTrailLogging
import Foundation
import Logging
import Testing

@Suite("bridging MSAL's log callback and swift-log into the trail")
struct BridgeRecordingTests {
    @Test("an MSAL line becomes a log event with its parts as fields and its correlation id")
    func msalLine() throws {
        let recorded = try RecordedTrail()
        MSALLogBridge(trail: recorded.trail).log(level: 2, message: msalLines[0].text, containsPII: false)
        let events = try recorded.events()
        #expect(events.count == 1)
        let event = events[0]
        #expect(event["event.name"] as? String == "log")
        #expect(event["severity_text"] as? String == "WARN")
        #expect(event["msal.correlation_id"] as? String == "5E3A2F0E-7B0C-4A53-9F7A-2D3C1B0A9E11")
        #expect(event["msal.version"] as? String == "2.14.0")
        #expect(event["msal.os"] as? String == "iOS 18.2")
        #expect(event["msal.thread"] as? String == "main thread")
        #expect(event["msal.thread_id"] as? String == "4711")
        #expect(event["log.source"] as? String == "msal")
        #expect(event["body"] as? String == msalLines[0].message)
    }

    @Test(
        "MSAL log levels map to severities; unknown levels are kept",
        arguments: [
            (1, "ERROR", nil), (2, "WARN", nil), (3, "INFO", nil), (4, "DEBUG", nil), (9, "INFO", "9"),
        ] as [(Int, String, String?)])
    func levels(level: Int, severity: String, kept: String?) throws {
        let recorded = try RecordedTrail()
        MSALLogBridge(trail: recorded.trail).log(
            level: level, message: "TID=1 MSAL 2.14.0 iOS 18.2 [2025-07-01 09:15:42] x", containsPII: false)
        let event = try #require(try recorded.events().first)
        #expect(event["severity_text"] as? String == severity)
        #expect(event["msal.log_level"] as? String == kept)
    }

    @Test("a line flagged containsPII is scanned at the strictest level even when the trail keeps identifiers")
    func hostileLine() throws {
        let email = "megan.bowen@contoso.com"
        let token = "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlLXZhbHVl"
        let line =
            "TID=4711 (main thread) MSAL 2.14.0 iOS 18.2 [2025-07-01 09:15:42] [MSAL] Account \(email) refreshed with \(token)"

        let hostile = try RecordedTrail(redactionLevel: .maskSecretsOnly)
        MSALLogBridge(trail: hostile.trail).log(level: 3, message: line, containsPII: true)
        let hostileText = try hostile.decodedText()
        #expect(!hostileText.contains(email), "an e-mail address flagged as PII was written in clear")
        #expect(!hostileText.contains(token), "a token was written")
        #expect(hostileText.contains("<email:"))
        #expect(hostileText.contains("\"msal.contains_pii\":\"true\""))

        // The same line without the flag follows the trail's own level, which keeps e-mail addresses (never tokens).
        let trusted = try RecordedTrail(redactionLevel: .maskSecretsOnly)
        MSALLogBridge(trail: trusted.trail).log(level: 3, message: line, containsPII: false)
        let trustedText = try trusted.decodedText()
        #expect(trustedText.contains(email), "maskSecretsOnly keeps identifiers in unflagged lines")
        #expect(!trustedText.contains(token), "a token was written")
    }

    @Test("swift-log messages join the trail redacted, with metadata that cannot shadow schema fields")
    func swiftLog() throws {
        let recorded = try RecordedTrail()
        var logger = Logger(label: "com.contoso.app.auth") { TrailLogHandler(label: $0, trail: recorded.trail) }
        logger[metadataKey: "screen"] = "inbox"
        logger.debug("not recorded at the default level")
        logger.info("Signed in megan.bowen@contoso.com", metadata: ["request": "42", "event.name": "spoof"])
        logger.error("Token refresh failed", error: NSError(domain: NSURLErrorDomain, code: -1009))

        let events = try recorded.events()
        #expect(events.count == 2)
        let info = events[0]
        #expect(info["event.name"] as? String == "log")
        #expect(info["severity_text"] as? String == "INFO")
        #expect(info["log.logger"] as? String == "com.contoso.app.auth")
        #expect(info["log.source"] as? String == "swift-log")
        #expect(info["screen"] as? String == "inbox")
        #expect(info["request"] as? String == "42")
        #expect(info["log.metadata.event.name"] as? String == "spoof")
        let body = info["body"] as? String ?? ""
        #expect(body.hasPrefix("Signed in <email:"))
        #expect(!body.contains("megan.bowen"), "an e-mail address was written in clear")

        let failure = events[1]
        #expect(failure["severity_text"] as? String == "ERROR")
        #expect(failure["error.code_name"] as? String == "notConnectedToInternet")
        #expect(failure["error.action"] as? String == "waitForConnectivity")
    }
}

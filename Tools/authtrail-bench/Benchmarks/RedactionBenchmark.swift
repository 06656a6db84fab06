import ArgumentParser
import AuthTrail
import Foundation

/// How fast the redaction engine scans free text and how much it adds to each structured event, against the
/// NSRegularExpression approach it replaced, measured in the same run.
struct RedactionBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "redaction",
        abstract: "Redaction: free-text MB/s on one core, and nanoseconds added per structured event."
    )

    @Option(help: "Megabytes of generated MSAL log text to scan.")
    var megabytes = 32

    @Option(help: "Structured events to redact.")
    var events = 200_000

    @Option(help: "Repetitions; the best is reported.")
    var repetitions = 5

    func run() throws {
        let redactor = Redactor(level: .maskAllPII, key: RedactionKey(bytes: Array(repeating: 3, count: 32)))
        let typical = LogText.make(megabytes: megabytes, plantedEvery: 5)
        let dense = LogText.make(megabytes: megabytes, plantedEvery: 1)
        let clean = LogText.make(megabytes: megabytes, plantedEvery: 0)
        print("redaction benchmark: \(megabytes) MB per text, best of \(repetitions), one core")
        var checksum = 0
        for (name, text) in [
            ("typical MSAL log (1 line in 5 with PII)", typical), ("dense (PII on every line)", dense),
            ("clean (no PII)", clean),
        ] {
            let seconds = best(of: repetitions) { checksum &+= redactor.redact(text: text).utf8.count }
            print(String(format: "  scanner, %@: %.1f MB/s", name, Double(text.utf8.count) / 1_048_576 / seconds))
        }

        // Anchor: the previous engine's approach, one NSRegularExpression per rule, on a slice (it is much slower).
        let anchor = RegexAnchor()
        let slice = String(typical.utf8.prefix(4 << 20))!
        let anchorSeconds = best(of: 2) { checksum &+= anchor.redact(slice).utf8.count }
        let scannerSeconds = best(of: repetitions) { checksum &+= redactor.redact(text: slice).utf8.count }
        let anchorRate = Double(slice.utf8.count) / 1_048_576 / anchorSeconds
        let scannerRate = Double(slice.utf8.count) / 1_048_576 / scannerSeconds
        print(
            String(
                format: "  anchor, NSRegularExpression (3 rules only: JWT, Bearer, email), typical: %.1f MB/s",
                anchorRate
            )
        )
        print(String(format: "  scanner / anchor on the same 4 MB: %.1fx", scannerRate / anchorRate))

        // Structured events: what `Trail.record` adds before encoding, against encoding itself.
        for (name, sample) in [
            ("log event (MSAL line + 2 attributes)", EventSamples.log),
            ("acquisition.end with failure", EventSamples.failure),
            ("acquisition.end success", EventSamples.success),
        ] {
            let redactSeconds = best(of: repetitions) {
                for _ in 0..<events { checksum &+= redactor.redact(sample).attributes.count }
            }
            var writer = JSONLineWriter()
            let encodeSeconds = best(of: repetitions) {
                for index in 0..<events {
                    writer.removeAll()
                    sample.encode(into: &writer, context: EventContext(installID: "bench", sequence: index))
                    checksum &+= writer.count
                }
            }
            let redactNanoseconds = redactSeconds * 1e9 / Double(events)
            let encodeNanoseconds = encodeSeconds * 1e9 / Double(events)
            print(
                String(
                    format: "  %@: redact %.0f ns/event, encode %.0f ns/event (redact/encode %.2f)",
                    name,
                    redactNanoseconds,
                    encodeNanoseconds,
                    redactNanoseconds / encodeNanoseconds
                )
            )
        }
        print("  (checksum \(checksum % 1000))")
    }

    private func best(of repetitions: Int, _ body: () -> Void) -> Double {
        var best = Double.infinity
        for _ in 0..<repetitions {
            let start = ContinuousClock.now
            body()
            let elapsed = ContinuousClock.now - start
            best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        return best
    }
}

/// Deterministic MSAL-style log text; `plantedEvery` lines in N carry an email, an IP, a JWT or an object id.
private enum LogText {
    static func make(megabytes: Int, plantedEvery: Int) -> String {
        var state: UInt64 = 0x9E37_79B9
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        let messages = [
            "Resolving authority: https://login.microsoftonline.com/common, validation enabled",
            "Silent token acquisition for scopes User.Read Mail.Read, force refresh NO",
            "Looking for access token in cache, found 1 candidate, token expired, using refresh token",
            "Sending network request: POST https://login.microsoftonline.com/common/oauth2/v2.0/token, timeout 300",
            "Received network response: HTTP 400, error invalid_grant, suberror basic_action, AADSTS50076",
            "Completed silent acquisition with error MSALErrorDomain -50002 (interactionRequired), sub-code -42011",
            "Interactive acquisition started with prompt select_account, webview type default",
        ]
        var text = ""
        text.reserveCapacity(megabytes << 20 + 1024)
        var line = 0
        while text.utf8.count < megabytes << 20 {
            line += 1
            let hex = String(next() & 0xFFFF_FFFF, radix: 16)
            text +=
                "TID=\(4000 + next() % 900) (main thread) MSAL 2.14.0 iOS 18.2 [2025-07-01 09:15:\(10 + next() % 50) - "
                + "5E3A1C2B-9D4F-4E6A-8B7C-\(hex)0000] [MSAL] \(messages[next() % messages.count])"
            if plantedEvery > 0, line % plantedEvery == 0 {
                switch next() % 4 {
                case 0: text += " for account user\(hex)@contoso.com"
                case 1: text += " from 203.0.113.\(next() % 250)"
                case 2:
                    text +=
                        " Authorization: Bearer eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.eyJvaWQiOiI\(hex)In0.c2lnbmF0dXJl\(hex)"
                default: text += " object id 3f2b8c1d-4a5e-4f60-8a7b-\(hex)0000"
                }
            }
            text += "\n"
        }
        return text
    }
}

private enum EventSamples {
    static let log = TrailEvent(
        name: .log,
        severity: .info,
        message:
            "TID=4711 (main thread) MSAL 2.14.0 iOS 18.2 [2025-07-01 09:15:42 - 5E3A1C2B-9D4F-4E6A-8B7C-1D2E3F4A5B6C] "
            + "[MSAL] Silent token acquisition for account megan.bowen@contoso.com, scopes User.Read",
        attributes: ["log.source": "msal", "msal.level": "info"]
    )
    static let failure = TrailEvent(
        name: .acquisitionEnd,
        severity: .error,
        operationID: OperationID(),
        attempt: 1,
        kind: .silent,
        scopes: ["User.Read"],
        authorityHost: "login.microsoftonline.com",
        correlationID: "5E3A1C2B-9D4F-4E6A-8B7C-1D2E3F4A5B6C",
        duration: .milliseconds(312),
        outcome: .failure,
        failure: FailureDetails(
            domain: "MSALErrorDomain",
            code: -50002,
            codeName: "interactionRequired",
            subcode: -42011,
            oauthError: "invalid_grant",
            stsErrorCodes: [50076],
            httpStatus: 400,
            message: "AADSTS50076: Due to a configuration change made by your administrator, you must use multi-factor "
                + "authentication. Trace ID: 0b1c7c5e-9a3e-4f1a-8a77-4c2ad7c51200 Correlation ID: "
                + "5e3a2f0e-7b0c-4a53-9f7a-2d3c1b0a9e11 Timestamp: 2026-11-22 10:15:42Z",
            action: .acquireInteractively
        )
    )
    static let success = TrailEvent(
        name: .acquisitionEnd,
        severity: .info,
        operationID: OperationID(),
        attempt: 1,
        kind: .silent,
        scopes: ["User.Read"],
        authorityHost: "login.microsoftonline.com",
        correlationID: "5E3A1C2B-9D4F-4E6A-8B7C-1D2E3F4A5B6C",
        duration: .milliseconds(85),
        outcome: .success
    )
}

/// The approach the scanner replaced: one NSRegularExpression per rule, each a full pass through UTF-16.
private struct RegexAnchor {
    let rules: [(NSRegularExpression, String)] = [
        (
            try! NSRegularExpression(pattern: #"eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*"#),
            "<jwt:removed>"
        ),
        (
            try! NSRegularExpression(pattern: #"(?<=Bearer )[A-Za-z0-9._~+/=-]{8,}"#, options: .caseInsensitive),
            "<token:removed>"
        ),
        (try! NSRegularExpression(pattern: #"[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}"#), "<email:removed>"),
    ]

    func redact(_ text: String) -> String {
        var result = text
        for (expression, replacement) in rules {
            result = expression.stringByReplacingMatches(
                in: result,
                range: NSRange(location: 0, length: (result as NSString).length),
                withTemplate: replacement
            )
        }
        return result
    }
}

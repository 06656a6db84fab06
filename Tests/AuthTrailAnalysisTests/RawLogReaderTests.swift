import AuthTrail
import AuthTrailTestSupport
import Foundation
import Testing

@testable import AuthTrailAnalysis

@Suite("raw MSAL log text reads as events and failure records")
struct RawLogReaderTests {
    /// A ticket's paste: a silent request refused (invalid_grant, AADSTS700082) and the interactive request after it
    /// cancelled by the user, behind NSLog headers, with an array MSAL printed over several lines and the app's own
    /// line between.
    static let fallbackPaste = """
        2024-07-12 16:58:40.100 App[1:2] MSAL log: TID=7 MSAL 1.3.3 iOS 17.5.1 [2024-07-12 14:58:40 - 11111111-2222-3333-4444-555555555555] [MSAL] -[MSALPublicClientApplication acquireTokenSilentWithParameters:(
            "User.Read"
        )
        2024-07-12 16:58:41.100 App[1:2] MSAL log: TID=7 MSAL 1.3.3 iOS 17.5.1 [2024-07-12 14:58:41 - 11111111-2222-3333-4444-555555555555] Processing an AAD error with error code -51412, error invalid_grant, suberror bad_token, description AADSTS700082: The refresh token has expired.
        2024-07-12 16:58:41.200 App[1:2] MSAL log: TID=7 MSAL 1.3.3 iOS 17.5.1 [2024-07-12 14:58:41 - 11111111-2222-3333-4444-555555555555] [MSAL] acquireTokenSilent returning with error: (MSALErrorDomain, -50002) Masked(not-null)
        2024-07-12 16:58:41.300 App[1:2] Showing the sign-in screen
        2024-07-12 16:58:48.100 App[1:2] MSAL log: TID=7 MSAL 1.3.3 iOS 17.5.1 [2024-07-12 14:58:48 - 66666666-7777-8888-9999-AAAAAAAAAAAA] [MSAL] Beginning interactive flow.
        2024-07-12 16:59:08.100 App[1:2] MSAL log: TID=7 MSAL 1.3.3 iOS 17.5.1 [2024-07-12 14:59:08 - 66666666-7777-8888-9999-AAAAAAAAAAAA] [MSAL] Interactive flow finished. Result (null), error: -51700 error domain: MSIDErrorDomain
        2024-07-12 16:59:08.200 App[1:2] MSAL log: TID=7 MSAL 1.3.3 iOS 17.5.1 [2024-07-12 14:59:08 - 66666666-7777-8888-9999-AAAAAAAAAAAA] [MSAL] acquireToken returning with error: (MSALErrorDomain, -50005) Masked(not-null)

        """

    static func read(_ text: String, name: String = "ticket.txt") -> (SegmentReadResult, Report) {
        let result = SegmentReader.read(bytes: Array(text.utf8), name: name)
        var builder = ReportBuilder()
        let summary = SegmentReader.read(bytes: Array(text.utf8), name: name, into: &builder)
        builder.add(summary)
        return (result, builder.finish())
    }

    @Test("each MSAL record becomes a log event; the array's lines continue it; the app's line is skipped")
    func records() throws {
        let (result, _) = Self.read(Self.fallbackPaste)
        let logs = result.records.filter { $0.eventName == "log" }
        #expect(logs.count == 6)
        #expect(result.warnings.isEmpty)
        let raw = try #require(result.summary.rawLog)
        #expect(raw.msalLines == 6)
        #expect(raw.continuationLines == 2)
        #expect(raw.otherLines == 1)  // the app's line
        #expect(raw.installID == "raw:ticket.txt")
        #expect(logs.allSatisfy { $0.installID == "raw:ticket.txt" })
        #expect(logs.first?.timestampMilliseconds == 1_720_796_320_000)  // 2024-07-12T14:58:40Z, MSAL's UTC clock
    }

    @Test("the silent failure and the interactive cancellation are one operation, with what MSAL returned to each")
    func chain() throws {
        let (result, report) = Self.read(Self.fallbackPaste)
        let ends = result.records.filter { $0.eventName == "acquisition.end" }
        #expect(ends.count == 2)
        let silent = try #require(ends.first)
        #expect(silent.kind == .known(.silent))
        #expect(silent.outcome == .known(.failure))
        #expect(silent.errorDomain == "MSALErrorDomain" && silent.errorCode == -50002)
        #expect(silent.stsErrorCodes == [700082])
        #expect(silent.operationID == "11111111-2222-3333-4444-555555555555")
        #expect(silent.durationMilliseconds == nil)
        let interactive = try #require(ends.last)
        #expect(interactive.kind == .known(.interactive))
        #expect(interactive.outcome == .known(.cancelled))
        #expect(interactive.errorCode == -50005)
        #expect(interactive.operationID == silent.operationID)
        #expect(interactive.attempt == 2)
        #expect(interactive.correlationID == "66666666-7777-8888-9999-AAAAAAAAAAAA")

        #expect(report.retries.fallback.silentFailures == 1)
        #expect(report.retries.fallback.fallbacks == 1)
        #expect(report.retries.fallback.cancelled == 1)
        #expect(
            Set(report.patterns.map { "\($0.domain ?? "") \($0.code ?? 0)" })
                == ["MSALErrorDomain -50002", "MSALErrorDomain -50005"])
        #expect(report.stsPatterns.map(\.stsCode) == [700082])
        let requests = try #require(report.input.rawLogs?.inputs.first?.requests)
        #expect(requests.map(\.kind) == ["silent", "interactive"])
        #expect(requests.first?.underlying == ["MSIDOAuthErrorDomain:-51412"])
        #expect(requests.first?.oauthError == "invalid_grant")
        #expect(requests.last?.underlying == ["MSIDErrorDomain:-51700"])
        #expect(report.latency.isEmpty)
    }

    @Test("a paste with Windows line ends (CRLF, as mail and ticket forms give it) reads as the same events")
    func windowsLineEnds() throws {
        let crlf = Self.fallbackPaste.replacingOccurrences(of: "\n", with: "\r\n")
        #expect(crlf.utf8.filter { $0 == 13 }.count == 9)
        let (unix, unixReport) = Self.read(Self.fallbackPaste)
        let (windows, windowsReport) = Self.read(crlf)
        #expect(windows.warnings.isEmpty)
        #expect(windows.summary.rawLog?.msalLines == 6 && windows.summary.rawLog?.continuationLines == 2)
        #expect(windows.records.count == unix.records.count && windows.records.count == 8)
        #expect(windows.records.map(\.eventName) == unix.records.map(\.eventName))
        #expect(windows.records.map(\.details?.body) == unix.records.map(\.details?.body))
        #expect(!windows.records.contains { $0.details?.body?.contains("\r") == true })
        #expect(windowsReport.renderJSON() == unixReport.renderJSON())
    }

    @Test("the report's patterns on the real corpus are the errors the lines name")
    func corpusPatterns() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Pastes/msal-logs")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map {
            folder.appendingPathComponent($0).path
        }
        let (report, problems) = Report.build(paths: files)
        #expect(problems.isEmpty)
        #expect(report.input.rawLogs?.inputs.count == files.count)
        var counts: [String: Int] = [:]
        for pattern in report.patterns { counts["\(pattern.domain ?? "") \(pattern.code ?? 0)"] = pattern.count }
        // #1260: three silent requests refused with -50002; #698: three keychain finds failing with -34018 outside
        // any request; #2187: one interactive request cancelled (-50005); #1484 and #2221: presentation context 3.
        #expect(counts["MSALErrorDomain -50002"] == 3)
        #expect(counts["NSOSStatusErrorDomain -34018"] == 3)
        #expect(counts["MSALErrorDomain -50005"] == 1)
        #expect(counts["com.apple.AuthenticationServices.WebAuthenticationSession 3"] == 2)
        let silent = try #require(report.kinds.first { $0.kind == "silent" })
        #expect(silent.failures == 3 && silent.successes == 0)
    }

    @Test("nothing identifying planted in the lines survives in any event, report format or warning")
    func privacy() throws {
        let email = "megan.bowen@contoso.com"
        let upn = "adele.vance@m365x214355.onmicrosoft.com"
        let accountID = "00000000-0000-0000-40c0-3bac188d01d1.72f988bf-86f1-41af-91ab-2d7cd011db47"
        let jwt =
            "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1cG4iOiJhZGVsZUBjb250b3NvLmNvbSJ9.c2lnbmF0dXJlLXRlc3QtMDAx"
        let refresh = "0.AQwAqmdGxAZ8K0uK1Xc2bTVxR0w5vXz3fY4pQ-refreshtokenvalue_abcdefghijklmnop"
        let paste = """
            MSAL log: TID=3 MSAL 1.2.21 iOS 17.2 [2024-01-27 10:00:00 - 0B1C7C5E-9A3E-4F1A-8A77-4C2AD7C51200] [MSAL] Returning account for parameters with environment login.windows.net, identifier \(accountID), username \(email)
            MSAL log: TID=3 MSAL 1.2.21 iOS 17.2 [2024-01-27 10:00:00 - 0B1C7C5E-9A3E-4F1A-8A77-4C2AD7C51200] [MSAL] Querying with homeAccountId=\(accountID), login_hint=\(upn), upn \(upn)
            MSAL log: TID=3 MSAL 1.2.21 iOS 17.2 [2024-01-27 10:00:01 - 0B1C7C5E-9A3E-4F1A-8A77-4C2AD7C51200] [MSAL] Creating Error with description: token \(jwt) refresh_token=\(refresh) for \(email)
                Authorization: Bearer \(jwt)
            MSAL log: TID=3 MSAL 1.2.21 iOS 17.2 [2024-01-27 10:00:01 - 0B1C7C5E-9A3E-4F1A-8A77-4C2AD7C51200] [MSAL] acquireTokenSilent returning with error: (MSALErrorDomain, -50002) for \(upn)
            """
        let (result, report) = Self.read(paste, name: "\(email).txt")
        var outputs = [report.renderJSON(), report.renderText(), report.renderMarkdown(), report.renderHTML()]
        outputs += result.warnings + report.health.warnings
        var consumer = LineCollector()
        _ = SegmentReader.read(bytes: Array(paste.utf8), name: "\(email).txt", into: &consumer)
        outputs += consumer.lines
        #expect(consumer.lines.count == 5)
        for (index, secret) in [email, upn, accountID, jwt, refresh, "adele.vance", "megan.bowen"].enumerated() {
            #expect(!outputs.contains { $0.contains(secret) }, "planted identifier \(index) survived")
        }
        // What support needs stays: the correlation id, the codes, the MSAL version, the host.
        let all = outputs.joined(separator: "\n")
        for kept in ["0B1C7C5E-9A3E-4F1A-8A77-4C2AD7C51200", "-50002", "1.2.21", "login.windows.net", "iOS 17.2"] {
            #expect(all.contains(kept), "\(kept) was lost")
        }
    }

    @Test("plain text without an MSAL line is still 'not zstd data' at byte 0, and an empty file is no input")
    func notMSAL() {
        let (result, _) = Self.read("just some words\nand more\n", name: "notes.txt")
        #expect(result.summary.rawLog == nil)
        #expect(result.records.isEmpty)
        #expect(
            result.warnings == [
                "notes.txt: byte 0: not zstd data, 25 bytes not decodable, nor text holding an MSAL log line"
            ])
        let empty = SegmentReader.read(bytes: [], name: "empty.txt")
        #expect(empty.warnings.isEmpty && empty.records.isEmpty)
    }

    @Test("a zstd-compressed paste reads as the plain one does")
    func compressed() throws {
        let compressed = try #require(ReportInvariants.compress(Array(Self.fallbackPaste.utf8), framePerLine: false))
        let plain = SegmentReader.read(bytes: Array(Self.fallbackPaste.utf8), name: "ticket.txt")
        let zstd = SegmentReader.read(bytes: compressed, name: "ticket.txt")
        #expect(zstd.records == plain.records)
        #expect(zstd.summary.rawLog == plain.summary.rawLog)
    }

    @Test("a 50 MB single line and 10,000-deep brackets end in bounded time and memory, as one skipped line")
    func hostile() throws {
        var huge = Array("TID=1 MSAL 1.0.0 iOS 17.0 [2024-01-01 00:00:00] ".utf8)
        huge += [UInt8](repeating: UInt8(ascii: "a"), count: 50 << 20)
        let hugeResult = SegmentReader.read(bytes: huge, name: "huge.txt")
        // Skipped with its offset; with no other MSAL line the file is then not raw text either.
        #expect(hugeResult.warnings.first?.hasPrefix("huge.txt: byte 983044: oversized line") == true)
        #expect(hugeResult.records.isEmpty)

        let deep =
            "TID=1 MSAL 1.0.0 iOS 17.0 [2024-01-01 00:00:00] "
            + String(repeating: "{", count: 10_000) + "\n" + String(repeating: "(", count: 10_000) + "\n"
            + "TID=2 MSAL 1.0.0 iOS 17.0 [2024-01-01 00:00:01] Keychain find status: -25300\n"
        let deepResult = SegmentReader.read(bytes: Array(deep.utf8), name: "deep.txt")
        let raw = try #require(deepResult.summary.rawLog)
        // The open brackets make the next line a continuation; the next MSAL line starts a record of its own.
        #expect(raw.msalLines == 2 && raw.continuationLines == 1)
        #expect(deepResult.records.filter { $0.eventName == "acquisition.end" }.map(\.errorCode) == [-25300])
    }

    @Test("more requests than stay open: every one that logged a failure still becomes one record")
    func manyRequests() {
        let count = RawLogReader.maximumOpenRequests * 3
        var text = ""
        for index in 0..<count {
            let id = String(format: "%08X-0000-4000-8000-000000000000", index)
            text += "TID=1 MSAL 1.0.0 iOS 17.0 [2024-01-01 00:00:00 - \(id)] Keychain find status: -25308\n"
        }
        let result = SegmentReader.read(bytes: Array(text.utf8), name: "many.txt")
        let ends = result.records.filter { $0.eventName == "acquisition.end" }
        #expect(ends.count == count)
        #expect(Set(ends.compactMap(\.correlationID)).count == count)
        #expect(ends.allSatisfy { $0.errorDomain == "NSOSStatusErrorDomain" && $0.errorCode == -25308 })
        #expect(result.summary.rawLog?.requestsNotListed == count - RawLogReader.listedRequests)
    }

    struct LineCollector: LogConsumer {
        var lines: [String] = []
        mutating func event(_ record: LogRecord, line: UnsafeRawBufferPointer) {
            lines.append(String(decoding: line, as: UTF8.self))
        }
    }
}

@Suite("raw-log fuzz inputs replay")
struct RawLogFuzzReplayTests {
    static let inputs = FuzzInputs.names(target: "raw-log")

    @Test("the committed corpus is there, plain and compressed text alike")
    func corpusExists() throws {
        #expect(Self.inputs.count >= 20)
        let selectors = try Self.inputs.map { try FuzzInputs.bytes($0).first ?? 0 }
        #expect(selectors.contains { $0 & 1 == 0 } && selectors.contains { $0 & 1 == 1 })
    }

    @Test(
        "every input goes through the raw reader, the builder and every renderer without breaking an invariant",
        arguments: inputs)
    func replay(input: String) throws {
        #expect(RawLogInvariants.violations(input: try FuzzInputs.bytes(input)) == [])
    }
}

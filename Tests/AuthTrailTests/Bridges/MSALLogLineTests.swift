import AuthTrail
import Testing

/// Lines in the format MSAL's log callback delivers (reference §6: MSIDLogger.m's format, MSIDVersion, MSIDDeviceId).
struct MSALLine: Sendable, CustomTestStringConvertible {
    var text: String
    var threadID: Int?
    var thread: String?
    var version: String?
    var operatingSystem: String?
    var loggedAt: String?
    var correlationID: String?
    var component: String?
    var message: String
    var testDescription: String { String(text.prefix(60)) }
}

let msalLines: [MSALLine] = [
    MSALLine(
        text:
            "TID=4711 (main thread) MSAL 2.14.0 iOS 18.2 [2025-07-01 09:15:42 - 5E3A2F0E-7B0C-4A53-9F7A-2D3C1B0A9E11] [MSAL] Silent flow finished. Result (null), error -50002 error domain MSALErrorDomain",
        threadID: 4711, thread: "main thread", version: "2.14.0", operatingSystem: "iOS 18.2",
        loggedAt: "2025-07-01 09:15:42",
        correlationID: "5E3A2F0E-7B0C-4A53-9F7A-2D3C1B0A9E11", component: "MSAL",
        message: "Silent flow finished. Result (null), error -50002 error domain MSALErrorDomain"),
    MSALLine(
        text:
            "TID=90210com.apple.root.default-qos MSAL 2.14.0 iOS Sim 17.5 [2025-07-01 09:15:43] Resolving authority: Masked(not-null)",
        threadID: 90210, thread: "com.apple.root.default-qos", version: "2.14.0", operatingSystem: "iOS Sim 17.5",
        loggedAt: "2025-07-01 09:15:43", message: "Resolving authority: Masked(not-null)"),
    MSALLine(
        text:
            "TID=3141 MSAL 2.13.0 Mac 14.5.0 [2025-07-01 09:15:44 - 0B1C7C5E-9A3E-4F1A-8A77-4C2AD7C51200] [MSAL] Token cache lookup for account auth.placeholder-9f86d081__email.com",
        threadID: 3141, version: "2.13.0", operatingSystem: "Mac 14.5.0", loggedAt: "2025-07-01 09:15:44",
        correlationID: "0B1C7C5E-9A3E-4F1A-8A77-4C2AD7C51200", component: "MSAL",
        message: "Token cache lookup for account auth.placeholder-9f86d081__email.com"),
    MSALLine(
        text: "TID=12 MSAL 2.14.0 UnkOS [2025-07-01 09:15:45] Throttling: MaskedArray(count=2)",
        threadID: 12, version: "2.14.0", operatingSystem: "UnkOS", loggedAt: "2025-07-01 09:15:45",
        message: "Throttling: MaskedArray(count=2)"),
    MSALLine(
        // Hostile: a correlation part that is not a UUID stays out of the structured field.
        text: "TID=7 (main thread) MSAL 2.14.0 iOS 18.2 [2025-07-01 09:15:46 - megan.bowen@contoso.com] [MSAL] hello",
        threadID: 7, thread: "main thread", version: "2.14.0", operatingSystem: "iOS 18.2",
        loggedAt: "2025-07-01 09:15:46", component: "MSAL", message: "hello"),
    MSALLine(
        // An NSLog header and a tag before the line.
        text:
            "2020-07-01 22:12:51.028 App[926:38699] MSAL log: TID=38678 MSAL 1.1.2 Mac 10.15.4 [2020-07-01 16:42:51] Keychain find status: -34018",
        threadID: 38678, version: "1.1.2", operatingSystem: "Mac 10.15.4", loggedAt: "2020-07-01 16:42:51",
        message: "Keychain find status: -34018"),
    MSALLine(
        // The old `TID = n` form and a version suffix.
        text:
            "%@ TID = 10238 MSAL 0.1.4-dev iOS 12.1.1 [2018-12-10 18:13:41 - B6626163-BFED-471E-8717-0A94A6FEDA7B] Found 1 items.",
        threadID: 10238, version: "0.1.4-dev", operatingSystem: "iOS 12.1.1", loggedAt: "2018-12-10 18:13:41",
        correlationID: "B6626163-BFED-471E-8717-0A94A6FEDA7B", message: "Found 1 items."),
    MSALLine(
        // A product tag, a `+local` version, the product as the component.
        text:
            "TID=8747762 MSAL.xplat.macOS 1.1.0+local Mac 14.7.4 [2025-03-27 10:58:23] [MSAL.xplat.macOS] Could not write broker key -34018",
        threadID: 8747762, version: "1.1.0+local", operatingSystem: "Mac 14.7.4", loggedAt: "2025-03-27 10:58:23",
        component: "MSAL.xplat.macOS", message: "Could not write broker key -34018"),
    MSALLine(
        // Swift's Optional("…"): the closing part dropped, escapes undone.
        text:
            #"[MSAL LOG] Optional("TID=9 MSAL 2.4.1 iOS 26.0.1 [2025-10-08 12:56:20] Using \"Masked(not-null)\" Team ID.\n")"#,
        threadID: 9, version: "2.4.1", operatingSystem: "iOS 26.0.1", loggedAt: "2025-10-08 12:56:20",
        message: "Using \"Masked(not-null)\" Team ID.\n"),
    MSALLine(text: "Not an MSAL line at all", message: "Not an MSAL line at all"),
    MSALLine(text: "TID=abc MSAL 2.14.0 iOS 18.2 [x] y", message: "TID=abc MSAL 2.14.0 iOS 18.2 [x] y"),
    MSALLine(text: "TID=5 MSAL 2.14.0 iOS 18.2 no bracket", message: "TID=5 MSAL 2.14.0 iOS 18.2 no bracket"),
    MSALLine(text: "", message: ""),
]

@Suite("parsing MSAL log lines")
struct MSALLogLineTests {
    @Test("every part of MSAL's line format lands in its field", arguments: msalLines)
    func parse(_ line: MSALLine) {
        let parsed = MSALLogLine(parsing: line.text)
        #expect(parsed.threadID == line.threadID)
        #expect(parsed.thread == line.thread)
        #expect(parsed.libraryVersion == line.version)
        #expect(parsed.operatingSystem == line.operatingSystem)
        #expect(parsed.loggedAt == line.loggedAt)
        #expect(parsed.correlationID == line.correlationID)
        #expect(parsed.component == line.component)
        #expect(parsed.message == line.message)
    }
}

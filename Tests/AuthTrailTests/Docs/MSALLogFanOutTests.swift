import AuthTrail
import AuthTrailTestSupport
import Foundation
import Logging
import Testing

/// The article's MSAL log callback, compiled against the MSAL stand-ins of MSALStandIns.swift.
struct MSALLoggingSample {
    let trail: Trail
    /// The logger the app had before AuthTrail (here swift-log's, writing to a test handler).
    let appLogger: Logger

    func installMSALLogging() {
        // BEGIN SNIPPET msal-log-callback
        // MSAL keeps a single log callback, which cannot be replaced: this one feeds the trail and the app's logger.
        let bridge = MSALLogBridge(trail: trail)
        MSALGlobalConfig.loggerConfig.setLogCallback { level, message, containsPII in
            bridge.log(level: level.rawValue, message: message ?? "", containsPII: containsPII)
            // Lines flagged as containing PII go only to the trail, which redacts them before they reach the disk.
            guard let message, !containsPII else { return }
            appLogger.log(level: level == .error ? .error : level == .warning ? .warning : .debug, "\(message)")
        }
        // END SNIPPET msal-log-callback
    }
}

/// A swift-log handler that keeps what it is given.
struct CollectingLogHandler: LogHandler {
    let lines: Locked<[(level: Logger.Level, message: String)]>
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        lines.withLock { $0.append((event.level, event.message.description)) }
    }
}

@Suite("the article's MSAL log callback feeds the trail and the app's logger")
struct MSALLogFanOutTests {
    @Test("every line reaches the trail, redacted; only lines without PII reach the app's logger, at their level")
    func fanOut() throws {
        let recorded = try RecordedTrail()
        let appLines = Locked<[(level: Logger.Level, message: String)]>([])
        let sample = MSALLoggingSample(
            trail: recorded.trail,
            appLogger: Logger(label: "com.example.myapp.msal") { _ in CollectingLogHandler(lines: appLines) })
        MSALGlobalConfig.loggerConfig.removeCallbackForTesting()
        defer { MSALGlobalConfig.loggerConfig.removeCallbackForTesting() }
        sample.installMSALLogging()

        let correlationID = "5E3A2F0E-7B0C-4A53-9F7A-2D3C1B0A9E11"
        let prefix = "TID=4711 (main thread) MSAL 2.14.0 iOS 18.2 [2025-07-01 09:15:42 - \(correlationID)]"
        let config = MSALGlobalConfig.loggerConfig
        config.emit(.warning, "\(prefix) Token refresh took 4 s", containsPII: false)
        config.emit(.info, "\(prefix) Account megan.bowen@contoso.com refreshed", containsPII: true)
        config.emit(.error, "\(prefix) acquireTokenSilent failed (MSALErrorDomain, -50002)", containsPII: false)
        config.emit(.verbose, nil, containsPII: false)

        let logged = appLines.withLock { $0 }
        #expect(logged.map(\.level) == [.warning, .error])
        #expect(
            logged.map(\.message) == [
                "\(prefix) Token refresh took 4 s", "\(prefix) acquireTokenSilent failed (MSALErrorDomain, -50002)",
            ])

        let events = try recorded.events().named("log")
        #expect(events.values("severity_text") == ["WARN", "INFO", "ERROR", "DEBUG"])
        #expect(events.values("msal.contains_pii") == ["-", "true", "-", "-"])
        #expect(events.values("msal.correlation_id").prefix(3).allSatisfy { $0 == correlationID })
        let text = try recorded.decodedText()
        #expect(!text.contains("megan.bowen"), "the flagged line was redacted")
        #expect(text.contains("<email:"))
    }
}

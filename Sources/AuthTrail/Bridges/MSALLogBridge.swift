/// Records MSAL's own log lines into the trail as `log` events, parsed into fields.
///
/// ```swift
/// let bridge = MSALLogBridge(trail: trail)
/// MSALGlobalConfig.loggerConfig.setLogCallback { level, message, containsPII in
///     bridge.log(level: level.rawValue, message: message ?? "", containsPII: containsPII)
/// }
/// ```
///
/// Lines MSAL flags `containsPII` (only when the app lowered MSAL's masking level) are hostile text: the writer scans
/// them at the strictest level, whatever the trail's level is. Nothing is redacted on MSAL's thread.
public struct MSALLogBridge: Sendable {
    public let trail: Trail

    /// - Parameter trail: where MSAL's lines go.
    public init(trail: Trail) { self.trail = trail }

    /// Records one line from MSAL's log callback.
    /// - Parameters:
    ///   - level: `MSALLogLevel`'s raw value: 1 error, 2 warning, 3 info, 4 verbose.
    ///   - message: the callback's text.
    ///   - containsPII: the callback's flag.
    public func log(level: Int, message: String, containsPII: Bool) {
        let line = MSALLogLine(parsing: message)
        var attributes = ["log.source": "msal"]
        attributes["msal.thread_id"] = line.threadID.map(String.init)
        attributes["msal.thread"] = line.thread
        if let product = line.product, product != "MSAL" { attributes["msal.product"] = product }
        attributes["msal.version"] = line.libraryVersion
        attributes["msal.os"] = line.operatingSystem
        attributes["msal.logged_at"] = line.loggedAt
        attributes["msal.component"] = line.component
        if containsPII { attributes["msal.contains_pii"] = "true" }
        let severity: Severity
        switch level {
        case 1: severity = .error
        case 2: severity = .warning
        case 3: severity = .info
        case 4: severity = .debug
        default:
            severity = .info
            attributes["msal.log_level"] = String(level)
        }
        var event = TrailEvent(
            name: .log, severity: severity, timestamp: trail.configuration.clock.now(),
            correlationID: line.correlationID, message: line.message, attributes: attributes)
        // Redacted on the writer thread like every event, at the strictest level.
        event.redactsStrictly = containsPII
        trail.record(event)
    }
}

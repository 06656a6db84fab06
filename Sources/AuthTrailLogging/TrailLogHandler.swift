public import AuthTrail
public import Logging

/// A swift-log `LogHandler` that records the app's own log messages into the trail as `log` events, next to its
/// acquisitions, redacted like everything else (the message, metadata and any error description are scanned).
///
/// ```swift
/// LoggingSystem.bootstrap { label in
///     MultiplexLogHandler([StreamLogHandler.standardOutput(label: label), TrailLogHandler(label: label, trail: trail)])
/// }
/// ```
///
/// Each event carries `log.source` = `swift-log`, `log.logger` (the label), `log.module` and the metadata as string
/// attributes; metadata keys that would shadow a schema field are kept under `log.metadata.<key>`. An error attached
/// to the log call is classified into the event's failure fields.
public struct TrailLogHandler: LogHandler {
    public let trail: Trail
    public let label: String
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    /// `.info` by default: debug chatter stays out of the trail unless the app asks for it.
    public var logLevel: Logger.Level = .info

    /// - Parameters:
    ///   - label: the logger's label (swift-log passes it to the bootstrap closure).
    ///   - trail: where the messages go.
    ///   - metadataProvider: contextual metadata added to every message.
    public init(label: String, trail: Trail, metadataProvider: Logger.MetadataProvider? = nil) {
        self.label = label
        self.trail = trail
        self.metadataProvider = metadataProvider
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { _, new in new } }
        if let own = event.metadata { merged.merge(own) { _, new in new } }
        var attributes = [
            Self.sourceKey: "swift-log", Self.loggerKey: label, Self.moduleKey: event.source,
        ]
        for (key, value) in merged {
            let name = FieldName.isReserved(key) || attributes[key] != nil ? "log.metadata.\(key)" : key
            attributes[name] = value.description
        }
        trail.record(
            TrailEvent(
                name: .log, severity: Self.severity(event.level), timestamp: trail.configuration.clock.now(),
                failure: event.error.map { FailureDetails(classifying: $0, now: trail.configuration.clock.now()) },
                message: event.message.description, attributes: attributes))
    }

    static let sourceKey = "log.source"
    static let loggerKey = "log.logger"
    static let moduleKey = "log.module"

    private static func severity(_ level: Logger.Level) -> Severity {
        switch level {
        case .trace: .trace
        case .debug: .debug
        case .info: .info
        case .notice: .notice
        case .warning: .warning
        case .error: .error
        case .critical: .critical
        }
    }
}

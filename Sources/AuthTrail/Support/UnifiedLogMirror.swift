#if canImport(os)
import os
#endif

/// Sends redacted events to the unified log (`os.Logger`), so they show in Console.app and Instruments beside the
/// app's own lines. The text goes with private interpolation: Console shows it only while a debugger or a profile
/// allows private data. Apple platforms only; elsewhere `log` does nothing.
struct UnifiedLogMirror {
    #if canImport(os)
    private let logger = Logger(subsystem: "AuthTrail", category: "trail")
    #endif

    func log(_ event: TrailEvent) {
        #if canImport(os)
        let level: OSLogType =
            switch event.severity {
            case .trace, .debug: .debug
            case .info, .notice: .info
            case .warning: .default
            case .error: .error
            case .critical: .fault
            }
        let code = event.failure.map { "\($0.domain) \($0.code)" } ?? ""
        logger.log(
            level: level,
            "\(event.name.rawValue, privacy: .public) \(code, privacy: .public) \(event.message ?? "", privacy: .private)"
        )
        #endif
    }
}

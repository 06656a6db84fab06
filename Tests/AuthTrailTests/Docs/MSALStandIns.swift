import AuthTrail
import Foundation

// Stand-ins for MSAL's logger configuration, which the documentation's log-callback sample uses. MSAL is not a
// dependency of this package (and does not build on Linux), so these carry MSAL's Swift names and signatures and the
// sample compiles unchanged against them (Tests/AuthTrailTests/Docs/MSALLogFanOutTests.swift).

/// `MSALLogLevel` (an `NS_ENUM` of `NSInteger`).
enum MSALLogLevel: Int, Sendable {
    case nothing, error, warning, info, verbose
}

/// `MSALLoggerConfig`: like MSAL's, it keeps a single log callback, which cannot be replaced once set.
final class MSALLoggerConfig: Sendable {
    typealias LogCallback = @Sendable (MSALLogLevel, String?, Bool) -> Void

    private let callback = Locked<LogCallback?>(nil)

    func setLogCallback(_ callback: @escaping LogCallback) {
        self.callback.withLock { current in
            if current == nil { current = callback }
        }
    }

    /// Sends one line the way MSAL calls the callback.
    func emit(_ level: MSALLogLevel, _ message: String?, containsPII: Bool) {
        callback.withLock { $0 }?(level, message, containsPII)
    }

    /// Forgets the callback, so each test installs its own (MSAL itself offers no way to do this).
    func removeCallbackForTesting() {
        callback.withLock { $0 = nil }
    }
}

/// `MSALGlobalConfig`: the process-wide configuration.
enum MSALGlobalConfig {
    static let loggerConfig = MSALLoggerConfig()
}

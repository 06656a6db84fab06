import Foundation

/// Time the system grants the process to finish a write before it may be suspended: on Apple platforms an expiring
/// activity (`ProcessInfo.performExpiringActivity`, which apps and extensions alike may ask for), elsewhere unlimited.
///
/// The trail asks for it on the thread that needs it (the app's, inside a lifecycle notification, so the time exists
/// before the notification returns; or the writer's), without waiting, and ends it once what was recorded is durable
/// and no lock is held. When the system refuses or takes the time back, `expired` returns only after the writer's
/// file step is over, so the assertion never ends with a lock held.
package struct BackgroundExecution: Sendable {
    /// Begins an assertion without waiting. `expired` is called on another thread when the system refuses or takes
    /// the time back; the assertion ends when it returns. Returns the call that ends the assertion (safe to call more
    /// than once, and after `expired`).
    package var begin: @Sendable (_ expired: @escaping @Sendable () -> Void) -> @Sendable () -> Void

    package init(begin: @escaping @Sendable (_ expired: @escaping @Sendable () -> Void) -> @Sendable () -> Void) {
        self.begin = begin
    }

    /// Never refused, never taken back: where processes are not suspended.
    package static let unlimited = BackgroundExecution { _ in {} }

    /// Always refused: what a process about to be suspended gets (tests play it).
    package static let refused = BackgroundExecution { expired in
        expired()
        return {}
    }

    /// An assertion in the shape of Apple's expiring activity: `perform(reason, block)` calls `block(false)` on
    /// another thread when the time is granted, and the time lasts until that call returns; it calls `block(true)`
    /// when the time is up (on another thread, while the first call still runs), or first of all when it refuses.
    package static func expiringActivity(
        perform: @escaping @Sendable (_ reason: String, _ block: @escaping @Sendable (Bool) -> Void) -> Void
    ) -> BackgroundExecution {
        BackgroundExecution { expired in
            let activity = ExpiringActivity()
            perform("AuthTrail: writing recorded events") { isExpired in
                if isExpired {
                    expired()
                    activity.end()
                } else {
                    activity.waitUntilEnded()
                }
            }
            return { activity.end() }
        }
    }
}

/// One expiring activity's end, which the granted call waits for.
private final class ExpiringActivity: @unchecked Sendable {
    // @unchecked: `ended` is only touched with `condition` held.
    private let condition = NSCondition()
    private var ended = false

    func waitUntilEnded() {
        condition.withLock {
            while !ended { condition.wait() }
        }
    }

    func end() {
        condition.withLock {
            ended = true
            condition.broadcast()
        }
    }
}

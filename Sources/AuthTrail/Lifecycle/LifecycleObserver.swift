package import Foundation

/// Follows the process's lifecycle through `NotificationCenter` for a trail, so that an app that only opens a trail
/// is paused and resumed with no delegate code: app-wide background and foreground (never a single scene's), an
/// extension host's, and protected data becoming unavailable and available. Each notification changes the queue's
/// state synchronously on the posting thread, so a quick return to the foreground can never be overtaken by the
/// pause it follows.
package final class LifecycleObserver: @unchecked Sendable {
    // @unchecked: `tokens` is written once in `init` and read once in `deinit`.
    private var tokens: [any NSObjectProtocol] = []
    private let center: NotificationCenter

    package init(queue: EventQueue, center: NotificationCenter = .default) {
        self.center = center
        let handlers: [(String, @Sendable (EventQueue) -> Void)] = [
            (LifecycleNotification.didEnterBackground, { $0.enterBackground() }),
            (LifecycleNotification.extensionHostDidEnterBackground, { $0.enterBackground() }),
            (LifecycleNotification.willEnterForeground, { $0.enterForeground() }),
            (LifecycleNotification.didBecomeActive, { $0.enterForeground() }),
            (LifecycleNotification.extensionHostWillEnterForeground, { $0.enterForeground() }),
            (LifecycleNotification.protectedDataWillBecomeUnavailable, { $0.protectedData(available: false) }),
            (LifecycleNotification.protectedDataDidBecomeAvailable, { $0.protectedData(available: true) }),
        ]
        // Weak: the observer lives as long as the trail, and the queue must not outlive it through a closure.
        tokens = handlers.map { name, handle in
            center.addObserver(forName: Notification.Name(name), object: nil, queue: nil) { [weak queue] _ in
                if let queue { handle(queue) }
            }
        }
    }

    deinit {
        for token in tokens { center.removeObserver(token) }
    }
}

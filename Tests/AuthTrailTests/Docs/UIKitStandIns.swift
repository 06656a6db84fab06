import Foundation

// Stand-ins for the few UIKit declarations the documentation's app-delegate sample uses. UIKit does not exist on Linux,
// where the tests run, so these tiny types carry UIKit's names and signatures, and the sample compiles unchanged
// against them (Tests/AuthTrailTests/Docs/AppDelegateSampleTests.swift). They only record what the sample asks of the
// system; none of them is part of AuthTrail.

/// `UIKit.UIResponder`: the app delegate's superclass.
@MainActor
class UIResponder {
    init() {}
}

/// `UIKit.UIApplicationDelegate`, with the callbacks the sample implements.
@MainActor
protocol UIApplicationDelegate: AnyObject {
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool
    func applicationDidEnterBackground(_ application: UIApplication)
    func applicationWillEnterForeground(_ application: UIApplication)
    func applicationProtectedDataDidBecomeAvailable(_ application: UIApplication)
}

/// `UIKit.UIBackgroundTaskIdentifier`.
struct UIBackgroundTaskIdentifier: Hashable, Sendable {
    var rawValue: Int
    static let invalid = UIBackgroundTaskIdentifier(rawValue: 0)
}

/// `UIKit.UIApplication`'s background-task calls. Records every task begun and ended, lets a test expire the running
/// ones (as iOS does when the time is up) and wait until every task begun has ended.
@MainActor
final class UIApplication {
    /// `UIApplication.LaunchOptionsKey`.
    struct LaunchOptionsKey: Hashable, Sendable {
        var rawValue: String
    }

    private(set) var begun: [UIBackgroundTaskIdentifier] = []
    private(set) var ended: [UIBackgroundTaskIdentifier] = []
    private var expirationHandlers: [UIBackgroundTaskIdentifier: @MainActor @Sendable () -> Void] = [:]
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func beginBackgroundTask(
        withName taskName: String?, expirationHandler handler: (@MainActor @Sendable () -> Void)? = nil
    ) -> UIBackgroundTaskIdentifier {
        let task = UIBackgroundTaskIdentifier(rawValue: begun.count + 1)
        begun.append(task)
        expirationHandlers[task] = handler
        return task
    }

    func endBackgroundTask(_ identifier: UIBackgroundTaskIdentifier) {
        ended.append(identifier)
        expirationHandlers[identifier] = nil
        if Set(ended).isSuperset(of: begun) {
            for waiter in waiters { waiter.resume() }
            waiters = []
        }
    }

    /// Calls the expiration handler of every task still running, as iOS does when the background time runs out.
    func expireBackgroundTasks() {
        let handlers = expirationHandlers.values
        expirationHandlers = [:]
        for handler in handlers { handler() }
    }

    /// Returns once every background task begun so far has ended.
    func allBackgroundTasksEnded() async {
        if Set(ended).isSuperset(of: begun) { return }
        await withCheckedContinuation { waiters.append($0) }
    }
}

/// `UIKit.UIViewController`, with the one call the share sample makes. Records what it was asked to present.
@MainActor
class UIViewController {
    private(set) var presented: [UIViewController] = []

    init() {}

    func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        presented.append(viewControllerToPresent)
        completion?()
    }
}

/// `UIKit.UIActivityViewController`: the share sheet. Keeps the items it was given.
@MainActor
final class UIActivityViewController: UIViewController {
    let activityItems: [Any]

    init(activityItems: [Any], applicationActivities: [Any]?) {
        self.activityItems = activityItems
    }
}

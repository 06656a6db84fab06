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

/// `UIKit.UIApplicationDelegate`, with the callback the sample implements.
@MainActor
protocol UIApplicationDelegate: AnyObject {
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool
}

/// `UIKit.UIApplication`: the sample only receives it.
@MainActor
final class UIApplication {
    /// `UIApplication.LaunchOptionsKey`.
    struct LaunchOptionsKey: Hashable, Sendable {
        var rawValue: String
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

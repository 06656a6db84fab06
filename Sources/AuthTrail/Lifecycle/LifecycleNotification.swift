/// The notifications through which Apple's frameworks tell a process where it stands, by the raw names UIKit and
/// Foundation post them under (declared as strings: the trail imports no UI framework, and Linux has none).
///
/// Only app-wide notifications: a scene's `UISceneDidEnterBackgroundNotification` is left out on purpose, since on
/// iPad another scene may still be in use.
package enum LifecycleNotification {
    /// `UIApplication.didEnterBackgroundNotification`: the last scene left the screen.
    package static let didEnterBackground = "UIApplicationDidEnterBackgroundNotification"
    /// `UIApplication.willEnterForegroundNotification`.
    package static let willEnterForeground = "UIApplicationWillEnterForegroundNotification"
    /// `UIApplication.didBecomeActiveNotification`: also posted at a launch into the foreground, which posts no
    /// `willEnterForeground`.
    package static let didBecomeActive = "UIApplicationDidBecomeActiveNotification"
    /// `NSNotification.Name.NSExtensionHostDidEnterBackground`: an extension's host app went to the background.
    package static let extensionHostDidEnterBackground = "NSExtensionHostDidEnterBackgroundNotification"
    /// `NSNotification.Name.NSExtensionHostWillEnterForeground`.
    package static let extensionHostWillEnterForeground = "NSExtensionHostWillEnterForegroundNotification"
    /// `UIApplication.protectedDataWillBecomeUnavailableNotification`: the device is locking; `.complete` files
    /// refuse writes within seconds.
    package static let protectedDataWillBecomeUnavailable = "UIApplicationProtectedDataWillBecomeUnavailable"
    /// `UIApplication.protectedDataDidBecomeAvailableNotification`.
    package static let protectedDataDidBecomeAvailable = "UIApplicationProtectedDataDidBecomeAvailable"
}

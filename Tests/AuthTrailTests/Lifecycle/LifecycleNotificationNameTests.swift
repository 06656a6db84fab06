#if canImport(UIKit)
import AuthTrail
import Foundation
import Testing
import UIKit

/// The names the trail observes are declared as strings (UIKit does not exist on Linux, where the rules are tested):
/// where UIKit exists, they must be the SDK's own.
@Suite("the lifecycle notification names are the SDK's")
struct LifecycleNotificationNameTests {
    @Test("every name the trail observes equals the SDK's constant")
    func namesMatchTheSDK() {
        #expect(LifecycleNotification.didEnterBackground == UIApplication.didEnterBackgroundNotification.rawValue)
        #expect(LifecycleNotification.willEnterForeground == UIApplication.willEnterForegroundNotification.rawValue)
        #expect(LifecycleNotification.didBecomeActive == UIApplication.didBecomeActiveNotification.rawValue)
        #expect(
            LifecycleNotification.protectedDataWillBecomeUnavailable
                == UIApplication.protectedDataWillBecomeUnavailableNotification.rawValue)
        #expect(
            LifecycleNotification.protectedDataDidBecomeAvailable
                == UIApplication.protectedDataDidBecomeAvailableNotification.rawValue)
        #expect(
            LifecycleNotification.extensionHostDidEnterBackground
                == NSNotification.Name.NSExtensionHostDidEnterBackground.rawValue)
        #expect(
            LifecycleNotification.extensionHostWillEnterForeground
                == NSNotification.Name.NSExtensionHostWillEnterForeground.rawValue)
    }
}
#endif

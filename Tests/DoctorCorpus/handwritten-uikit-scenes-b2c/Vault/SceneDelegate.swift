import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    // Opened URLs arrive here with scenes; this one only logs them.
    func scene(_ scene: UIScene, openURLContexts contexts: Set<UIOpenURLContext>) {
        for context in contexts {
            print("opened", context.url.scheme ?? "")
        }
    }
}

import MSAL
import UIKit

final class AppDelegate: NSObject, UIApplicationDelegate {
    var application: MSALPublicClientApplication?

    func application(
        _ app: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]? = nil
    ) -> Bool {
        // MSAL's default redirect URI: msauth.<bundle id>://auth.
        let config = MSALPublicClientApplicationConfig(clientId: "YOUR-CLIENT-ID")
        application = try? MSALPublicClientApplication(configuration: config)
        return true
    }

    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
        MSALPublicClientApplication.handleMSALResponse(
            url, sourceApplication: options[UIApplication.OpenURLOptionsKey.sourceApplication] as? String)
    }
}

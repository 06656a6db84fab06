import UIKit
import MSAL

class ShareViewController: UIViewController {
    var application: MSALPublicClientApplication?

    override func viewDidLoad() {
        super.viewDidLoad()
        let config = MSALPublicClientApplicationConfig(clientId: "11111111-2222-3333-4444-555555555555",
                                                       redirectUri: "msauth.com.example.app.share://auth",
                                                       authority: nil)
        application = try? MSALPublicClientApplication(configuration: config)
    }
}

import SwiftUI
import MSAL

let kClientID = "11111111-2222-3333-4444-555555555555"
let kRedirectUri = "msauth.com.example.oldname://auth"

@main
struct MyApp: App {
    var body: some Scene {
        WindowGroup {
            Text("Hello").onOpenURL { url in
                MSALPublicClientApplication.handleMSALResponse(url, sourceApplication: nil)
            }
        }
    }
}

final class Auth {
    func make() throws -> MSALPublicClientApplication {
        let config = MSALPublicClientApplicationConfig(clientId: kClientID)
        return try MSALPublicClientApplication(configuration: config)
    }
}

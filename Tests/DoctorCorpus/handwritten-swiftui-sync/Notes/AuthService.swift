import Foundation
import MSAL

/// Signs in with MSAL; the broker is off, so the app needs no broker query schemes.
final class AuthService: ObservableObject {
    private let clientID = "YOUR-CLIENT-ID"
    private let redirectURI = "msauth.com.contoso.notes://auth"
    private var application: MSALPublicClientApplication?

    init() {
        MSALGlobalConfig.brokerAvailability = .none
        do {
            let authority = try MSALAADAuthority(url: URL(string: "https://login.microsoftonline.com/organizations")!)
            let config = MSALPublicClientApplicationConfig(
                clientId: clientID, redirectUri: redirectURI, authority: authority)
            config.cacheConfig.keychainSharingGroup = "com.contoso.notes"
            application = try MSALPublicClientApplication(configuration: config)
        } catch {
            application = nil
        }
    }
}

import MSAL

final class Auth {
    func make() throws -> MSALPublicClientApplication {
        let config = MSALPublicClientApplicationConfig(clientId: "11111111-2222-3333-4444-555555555555",
                                                       redirectUri: "msauth.com.example.wrong://auth",
                                                       authority: nil)
        return try MSALPublicClientApplication(configuration: config)
    }
}

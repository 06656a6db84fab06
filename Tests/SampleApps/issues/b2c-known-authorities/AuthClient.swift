import MSAL

final class AuthClient {
    let authorityURL = "https://contosob2c.b2clogin.com/tfp/contosob2c.onmicrosoft.com/B2C_1_signupsignin"

    func makeApplication() throws -> MSALPublicClientApplication {
        let authority = try MSALB2CAuthority(url: URL(string: authorityURL)!)
        let config = MSALPublicClientApplicationConfig(
            clientId: "11111111-2222-3333-4444-555555555555", redirectUri: nil, authority: authority)
        return try MSALPublicClientApplication(configuration: config)
    }
}

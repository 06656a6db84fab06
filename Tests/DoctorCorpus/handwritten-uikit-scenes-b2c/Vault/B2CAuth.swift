import Foundation
import MSAL

/// Azure AD B2C sign-in: the authority is a b2clogin.com user flow.
final class B2CAuth {
    let application: MSALPublicClientApplication

    init() throws {
        let authority = try MSALB2CAuthority(
            url: URL(string: "https://contoso.b2clogin.com/tfp/contoso.onmicrosoft.com/B2C_1_signupsignin")!)
        let config = MSALPublicClientApplicationConfig(
            clientId: "YOUR-CLIENT-ID", redirectUri: "msauth.com.contoso.vault://auth", authority: authority)
        application = try MSALPublicClientApplication(configuration: config)
    }
}

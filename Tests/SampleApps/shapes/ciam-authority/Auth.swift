import MSAL

let authority = try! MSALCIAMAuthority(url: URL(string: "https://contoso.ciamlogin.com/contoso.onmicrosoft.com")!)
let config = MSALPublicClientApplicationConfig(clientId: "11111111-1111-1111-1111-111111111111", redirectUri: nil, authority: authority)
let app = try! MSALPublicClientApplication(configuration: config)

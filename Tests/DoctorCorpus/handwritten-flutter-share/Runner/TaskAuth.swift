import MSAL

let kClientID = "YOUR-CLIENT-ID"
let kRedirectUri = "msauth.com.contoso.tasks://auth"

/// Signs the Flutter app's user in with MSAL, for the Dart side to call through a method channel.
final class TaskAuth {
  static let shared = TaskAuth()
  private(set) var application: MSALPublicClientApplication?

  func start() {
    guard let url = URL(string: "https://login.microsoftonline.com/common"),
      let authority = try? MSALAADAuthority(url: url)
    else { return }
    let config = MSALPublicClientApplicationConfig(
      clientId: kClientID, redirectUri: kRedirectUri, authority: authority)
    application = try? MSALPublicClientApplication(configuration: config)
  }
}

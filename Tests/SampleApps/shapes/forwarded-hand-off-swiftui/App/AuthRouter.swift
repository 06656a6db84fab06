import MSAL

enum AuthRouter {
    static func handle(_ url: URL) {
        _ = MSALPublicClientApplication.handleMSALResponse(url, sourceApplication: nil)
    }
}

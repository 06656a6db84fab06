import SwiftUI
import MSAL

@main
struct DemoApp: App {
    var body: some Scene {
        WindowGroup {
            RootView()
        }
    }
}

struct RootView: View {
    var body: some View {
        Text("Hello")
            .onOpenURL { url in
                _ = MSALPublicClientApplication.handleMSALResponse(url, sourceApplication: nil)
            }
    }
}

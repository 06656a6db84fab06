import SwiftUI

@main
struct DemoApp: App {
    var body: some Scene {
        WindowGroup { Text("Hello") }
    }
}

final class SyncService {
    func signIn() {
        // TODO: sign in with MSALPublicClientApplication later
    }
}

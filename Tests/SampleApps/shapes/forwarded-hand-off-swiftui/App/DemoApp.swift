import SwiftUI

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
                AuthRouter.handle(url)
            }
    }
}

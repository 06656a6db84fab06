import SwiftUI

@main
struct RecipesApp: App {
    // A SwiftUI App gets opened URLs in .onOpenURL: the adaptor's application(_:open:options:) is not called.
    @UIApplicationDelegateAdaptor(AppDelegate.self) var appDelegate

    var body: some Scene {
        WindowGroup {
            RecipeList()
        }
    }
}

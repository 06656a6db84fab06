// Excerpt of MSALiOSB2C/AppDelegate.swift (lines 28,33 79,89), see SOURCE.md.
import UIKit
import MSAL

@UIApplicationMain
class AppDelegate: UIResponder, UIApplicationDelegate {

    func application(_ application: UIApplication, open url: URL, sourceApplication: String?, annotation: Any) -> Bool {
        
        print("Received callback!")
        
        guard let sourceApp = sourceApplication else { return false }
        
        MSALPublicClientApplication.handleMSALResponse(url, sourceApplication: sourceApp)
        
        return true
    }


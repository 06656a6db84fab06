// Excerpt of MSALMacOS/ViewController.swift (lines 28,29 31,31 34,38 100,112), see SOURCE.md.
import Cocoa
import MSAL
class ViewController: NSViewController, NSTextFieldDelegate, URLSessionDelegate {
    let kClientID = "2a858956-70de-42b9-b5db-d566eb1fb820"
    let kGraphEndpoint = "https://graph.microsoft.com/"
    let kAuthority = "https://login.microsoftonline.com/common"
    let kRedirectUri = "msauth.com.microsoft.identitysample.MSALMacOS://auth"
    
    func initMSAL() throws {
        
        guard let authorityURL = URL(string: kAuthority) else {
            self.updateLogging(text: "Unable to create authority URL")
            return
        }
        
        let authority = try MSALAADAuthority(url: authorityURL)
        
        let msalConfiguration = MSALPublicClientApplicationConfig(clientId: kClientID,
                                                                  redirectUri: kRedirectUri,
                                                                  authority: authority)
        self.applicationContext = try MSALPublicClientApplication(configuration: msalConfiguration)

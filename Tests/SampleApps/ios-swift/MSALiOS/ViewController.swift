// Excerpt of MSALiOS/ViewController.swift (lines 28,29 36,39 120,130), see SOURCE.md.
import UIKit
import MSAL
    let kClientID = "66855f8a-60cd-445e-a9bb-8cd8eadbd3fa"
    let kGraphEndpoint = "https://graph.microsoft.com/"
    let kAuthority = "https://login.microsoftonline.com/common"
    let kRedirectUri = "msauth.com.microsoft.identitysample.MSALiOS://auth"
        guard let authorityURL = URL(string: kAuthority) else {
            self.updateLogging(text: "Unable to create authority URL")
            return
        }
        
        let authority = try MSALAADAuthority(url: authorityURL)
        
        let msalConfiguration = MSALPublicClientApplicationConfig(clientId: kClientID,
                                                                  redirectUri: kRedirectUri,
                                                                  authority: authority)
        self.applicationContext = try MSALPublicClientApplication(configuration: msalConfiguration)

import MSAL

class ViewController {
    let kClientID = "0a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9"
    let kRedirectUri = "msal0a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9://auth"
}

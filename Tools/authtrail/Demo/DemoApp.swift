import AuthTrail
import Foundation

/// A client app that signs a user in the way Microsoft's MSAL error-handling guidance recommends, with every
/// acquisition run by AuthTrail's retry driver: what an app that adopts the library looks like.
struct DemoApp {
    let trail: Trail
    let msal: SimulatedMSAL
    let clock: ManualTrailClock
    let authorityHost = "login.microsoftonline.com"

    static let bundleID = "com.contoso.demo"

    /// The set-up the app passes to MSAL, with one planted mistake for the report to name: its redirect URI is
    /// `msauth.com.contoso.demoapp://auth` (an old bundle id) while the app is `com.contoso.demo`, which MSAL refuses
    /// with -50000 and sub-code -42011 (`authtrail doctor`'s redirect-uri-bundle-mismatch rule).
    static let msalSetup = MSALSetup(
        version: "2.14.0", authorities: [URL(string: "https://login.microsoftonline.com/common")!],
        redirectURI: "msauth.com.contoso.demoapp://auth")

    /// What the app's Info.plist would give the trail on iPhone: the (equally stale) registered scheme and the broker's
    /// query schemes. No Keychain here, so the keychain group is not probed.
    static let configurationSource = AppConfigurationSource(
        bundle: {
            AppBundleFacts(
                bundleID: bundleID, urlSchemes: ["msauth.com.contoso.demoapp"],
                queriesSchemes: ["msauthv2", "msauthv3"])
        },
        environment: { [:] }, platform: "iOS", keychain: nil)

    /// Opens the app's side: MSAL's log callback goes to the trail through `MSALLogBridge`, as in a real app.
    init(trail: Trail, msal: SimulatedMSAL, clock: ManualTrailClock) {
        self.trail = trail
        self.msal = msal
        self.clock = clock
        let bridge = MSALLogBridge(trail: trail)
        msal.logCallback = { level, message, containsPII in
            bridge.log(level: level, message: message, containsPII: containsPII)
        }
        // The account MSAL signed in (`account.username`); the trail writes only its keyed pseudonym.
        trail.setUser(msal.username)
    }

    /// The retry driver the app uses. In the demo the network "comes back" five simulated seconds after the driver
    /// starts waiting for it.
    var driver: RetryDriver {
        let clock = clock
        return RetryDriver(trail: trail, policy: RetryPolicy(maximumAttempts: 4)) { _ in
            clock.advance(by: .seconds(5))
        }
    }

    /// Acquires a token silently first (or interactively, for a first sign-in), letting the driver follow the
    /// recommended action of each failure. Returns true when a token was obtained; otherwise the app would show its
    /// message here, and the trail already holds everything support needs.
    @discardableResult
    func acquireToken(scopes: [String], interactiveFirst: Bool = false) async -> Bool {
        do {
            _ = try await driver.acquire(
                scopes: scopes, authorityHost: authorityHost, startingWith: interactiveFirst ? .interactive : .silent,
                correlationID: \.correlationID
            ) { request in
                switch request.kind {
                case .silent: try await msal.acquireTokenSilent(scopes: request.scopes)
                case .interactive:
                    // A claims challenge goes back to MSAL as the interactive call's claims request.
                    try await msal.acquireTokenInteractively(
                        scopes: request.scopes, withClaims: request.previousFailure?.action == .interactiveWithClaims)
                }
            }
            return true
        } catch {
            return false
        }
    }
}

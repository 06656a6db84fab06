import MSAL
import XCTest

/// A test target's sources are never the app's evidence: this redirect URI and group belong to no app.
final class AuthServiceTests: XCTestCase {
    func testConfig() {
        let config = MSALPublicClientApplicationConfig(
            clientId: "test", redirectUri: "msauth.com.contoso.tests://auth", authority: nil)
        config.cacheConfig.keychainSharingGroup = "com.contoso.testgroup"
        XCTAssertNotNil(config)
    }
}

import Foundation
import Testing

@testable import AuthTrail

/// Foundation's own URLError codes, named as Swift names them: the numbers come from Foundation, not from the catalog.
private let foundationURLCodes: [(URLError.Code, String)] = [
    (.unknown, "unknown"), (.cancelled, "cancelled"), (.badURL, "badURL"), (.timedOut, "timedOut"),
    (.unsupportedURL, "unsupportedURL"), (.cannotFindHost, "cannotFindHost"),
    (.cannotConnectToHost, "cannotConnectToHost"), (.networkConnectionLost, "networkConnectionLost"),
    (.dnsLookupFailed, "dnsLookupFailed"), (.httpTooManyRedirects, "httpTooManyRedirects"),
    (.resourceUnavailable, "resourceUnavailable"), (.notConnectedToInternet, "notConnectedToInternet"),
    (.redirectToNonExistentLocation, "redirectToNonExistentLocation"), (.badServerResponse, "badServerResponse"),
    (.userCancelledAuthentication, "userCancelledAuthentication"),
    (.userAuthenticationRequired, "userAuthenticationRequired"), (.zeroByteResource, "zeroByteResource"),
    (.cannotDecodeRawData, "cannotDecodeRawData"), (.cannotDecodeContentData, "cannotDecodeContentData"),
    (.cannotParseResponse, "cannotParseResponse"), (.internationalRoamingOff, "internationalRoamingOff"),
    (.callIsActive, "callIsActive"), (.dataNotAllowed, "dataNotAllowed"),
    (.requestBodyStreamExhausted, "requestBodyStreamExhausted"),
    (.appTransportSecurityRequiresSecureConnection, "appTransportSecurityRequiresSecureConnection"),
    (.secureConnectionFailed, "secureConnectionFailed"), (.serverCertificateHasBadDate, "serverCertificateHasBadDate"),
    (.serverCertificateUntrusted, "serverCertificateUntrusted"),
    (.serverCertificateHasUnknownRoot, "serverCertificateHasUnknownRoot"),
    (.serverCertificateNotYetValid, "serverCertificateNotYetValid"),
    (.clientCertificateRejected, "clientCertificateRejected"),
    (.clientCertificateRequired, "clientCertificateRequired"),
    (.cannotLoadFromNetwork, "cannotLoadFromNetwork"),
    (.backgroundSessionWasDisconnected, "backgroundSessionWasDisconnected"),
    (.backgroundSessionInUseByAnotherProcess, "backgroundSessionInUseByAnotherProcess"),
]

@Suite("Apple domains met beside MSAL's")
struct AppleDomainCatalogTests {
    @Test("every NSURLErrorDomain entry has Foundation's value for its name, and CFNetwork copies them")
    func urlCodes() {
        let entries = ErrorCatalog.allEntries.filter { $0.domain == NSURLErrorDomain }
        #expect(entries.count == foundationURLCodes.count)
        for (code, name) in foundationURLCodes {
            #expect(ErrorCatalog.entry(domain: NSURLErrorDomain, code: code.rawValue)?.name == name, "\(name)")
            guard code != .unknown else { continue }
            let cfNetwork = ErrorCatalog.entry(domain: "kCFErrorDomainCFNetwork", code: code.rawValue)
            #expect(cfNetwork?.name.lowercased() == "kcfurlerror" + name.lowercased(), "\(name)")
        }
        #expect(ErrorCatalog.entry(domain: "kCFErrorDomainCFNetwork", code: -998)?.name == "kCFURLErrorUnknown")
        #expect(
            ErrorCatalog.entry(domain: "kCFErrorDomainCFNetwork", code: -1006)?.name == "kCFURLErrorDNSLookupFailed")
    }

    @Test(
        "codes support engineers meet",
        arguments: [
            (NSURLErrorDomain, -1009, "notConnectedToInternet", RecommendedAction.waitForConnectivity),
            (NSURLErrorDomain, -1001, "timedOut", .retryWithBackoff),
            (NSURLErrorDomain, -1005, "networkConnectionLost", .waitForConnectivity),
            (NSURLErrorDomain, -1012, "userCancelledAuthentication", .doNotRetry),
            ("kCFErrorDomainCFNetwork", -1012, "kCFURLErrorUserCancelledAuthentication", .doNotRetry),
            ("kCFErrorDomainCFNetwork", 303, "kCFErrorHTTPParseFailure", .retryWithBackoff),
            ("kCFErrorDomainCFNetwork", 310, "kCFErrorHTTPSProxyConnectionFailure", .retryWithBackoff),
            ("com.apple.AuthenticationServices.WebAuthenticationSession", 1, "canceledLogin", .userCancelled),
            (
                "com.apple.AuthenticationServices.WebAuthenticationSession", 2, "presentationContextNotProvided",
                .doNotRetry
            ),
            ("com.apple.AuthenticationServices.WebAuthenticationSession", 3, "presentationContextInvalid", .doNotRetry),
            ("com.apple.AuthenticationServices.AuthorizationError", 1001, "canceled", .userCancelled),
            ("com.apple.AuthenticationServices.AuthorizationError", 1003, "notHandled", .showGenericMessage),
            ("com.apple.AuthenticationServices.AuthorizationError", 1005, "notInteractive", .acquireInteractively),
            ("com.apple.AppSSO.AuthorizationError", -9, "notAppSSOURL", .doNotRetry),
            ("com.apple.AppSSO.AuthorizationError", -1000, "invalidExtensionTeamIdentifier", .doNotRetry),
            ("NSOSStatusErrorDomain", -25300, "errSecItemNotFound", .acquireInteractively),
            ("NSOSStatusErrorDomain", -25299, "errSecDuplicateItem", .retryWithBackoff),
            ("NSOSStatusErrorDomain", -25308, "errSecInteractionNotAllowed", .retryWithBackoff),
            ("NSOSStatusErrorDomain", -34018, "errSecMissingEntitlement", .doNotRetry),
            ("NSOSStatusErrorDomain", -25291, "errSecNotAvailable", .retryWithBackoff),
            ("NSOSStatusErrorDomain", -25293, "errSecAuthFailed", .doNotRetry),
            ("MSIDKeychainErrorDomain", -34018, "errSecMissingEntitlement", .doNotRetry),
            ("MSIDKeychainErrorDomain", -25300, "errSecItemNotFound", .acquireInteractively),
        ])
    func sample(domain: String, code: Int, name: String, action: RecommendedAction) {
        let details = FailureDetails(classifying: NSError(domain: domain, code: code))
        #expect(details.codeName == name)
        #expect(details.action == action)
    }

    @Test("the SSO extension's -1012 and the keychain domain say where they come from")
    func meanings() {
        #expect(ErrorCatalog.entry(domain: NSURLErrorDomain, code: -1012)?.meaning.contains("SSO extension") == true)
        #expect(
            ErrorCatalog.entry(domain: "MSIDKeychainErrorDomain", code: -25308)?.meaning
                .contains("the app receives NSOSStatusErrorDomain -25308") == true)
    }

    @Test(
        "lookups by domain, and bare numbers skip domains that copy another's codes",
        arguments: [
            ("kCFErrorDomainCFNetwork -1012", ["kCFErrorDomainCFNetwork kCFURLErrorUserCancelledAuthentication"]),
            (
                "com.apple.AuthenticationServices.WebAuthenticationSession 2",
                ["com.apple.AuthenticationServices.WebAuthenticationSession presentationContextNotProvided"]
            ),
            ("com.apple.AppSSO.AuthorizationError:-9", ["com.apple.AppSSO.AuthorizationError notAppSSOURL"]),
            ("MSIDKeychainErrorDomain -34018", ["MSIDKeychainErrorDomain errSecMissingEntitlement"]),
            ("-1012", ["NSURLErrorDomain userCancelledAuthentication"]),
            ("-34018", ["NSOSStatusErrorDomain errSecMissingEntitlement"]),
            ("errSecMissingEntitlement", ["NSOSStatusErrorDomain errSecMissingEntitlement"]),
        ])
    func lookups(query: String, expected: [String]) {
        #expect(ErrorCatalog.entries(matching: query).map { "\($0.domain) \($0.name)" } == expected)
    }
}

import Foundation
import Testing

@testable import AuthTrail

@Suite("MSAL 0.x top-level codes are recognised as legacy")
struct LegacyCodeCatalogTests {
    @Test("every value of the 0.x MSALErrorCode enum is a legacy MSALErrorDomain entry under its last Swift name")
    func everyValue() throws {
        let codes = try SourceExtracts.legacyCodes()
        #expect(codes.count == 47)
        for (value, name) in codes {
            let entry = ErrorCatalog.entry(domain: "MSALErrorDomain", code: value)
            #expect(entry?.isLegacy == true, "\(value)")
            #expect(entry?.name == SourceExtracts.swiftName(name, dropping: "MSALError"), "\(value)")
            #expect(entry?.meaning.hasPrefix("MSAL 0.x") == true, "\(value)")
        }
        let legacy = ErrorCatalog.allEntries.filter(\.isLegacy)
        #expect(legacy.count == codes.count)
        #expect(legacy.allSatisfy { $0.domain == "MSALErrorDomain" })
    }

    @Test("no current code is flagged legacy")
    func currentCodes() {
        let current = ErrorCatalog.allEntries.filter { $0.domain != "MSALErrorDomain" || $0.code <= -50000 }
        #expect(current.allSatisfy { !$0.isLegacy })
    }

    @Test(
        "a pasted 0.x error is named and acted on",
        arguments: [
            (-42100, "interactionRequired", RecommendedAction.acquireInteractively),
            (-42400, "userCanceled", .userCancelled),
            (-42603, "serverProtectionPoliciesRequired", .remediateCompliance),
            (-42300, "networkFailure", .retryWithBackoff),
            (-42008, "serverDeclinedScopes", .continueWithGrantedScopes),
            (-42710, "workplaceJoinRequired", .registerDevice),
        ])
    func classified(code: Int, name: String, action: RecommendedAction) {
        let details = FailureDetails(classifying: NSError(domain: "MSALErrorDomain", code: code))
        #expect(details.codeName == name)
        #expect(details.action == action)
    }

    @Test("lookups list current codes before legacy ones, and names prefer current codes")
    func lookups() {
        #expect(ErrorCatalog.entries(matching: "-42004").map(\.isLegacy) == [false, true])
        #expect(
            ErrorCatalog.entries(matching: "-42100").map { "\($0.domain) \($0.name)" }
                == ["MSALErrorDomain interactionRequired"])
        #expect(ErrorCatalog.entries(matching: "interactionRequired").map(\.code) == [-50002])
        #expect(ErrorCatalog.entries(matching: "networkFailure").map(\.code) == [-42300])
    }
}

@Suite("AADSTS and Azure AD B2C codes")
struct ServiceCodeCatalogTests {
    @Test("every code of Microsoft's AADSTS table is in the catalog, under Microsoft's name where it gives one")
    func everySTSCode() throws {
        let reference = try SourceExtracts.stsCodes()
        #expect(reference.count == 345)
        #expect(Set(reference.map(\.code)).count == reference.count)
        let catalog = ErrorCatalog.stsRows
        #expect(Set(catalog.map(\.entry.code)) == Set(reference.map(\.code)))
        #expect(catalog.count == reference.count)
        let rows = Dictionary(uniqueKeysWithValues: catalog.map { ($0.entry.code, $0) })
        for (code, name) in reference {
            guard let row = rows[code] else { continue }
            #expect(row.namedByMicrosoft == (name != nil), "AADSTS\(code)")
            if let name { #expect(row.entry.name == name, "AADSTS\(code)") }
        }
    }

    @Test(
        "a sample of AADSTS rows",
        arguments: [
            (50011, "InvalidReplyTo", ErrorCategory.configuration, RecommendedAction.doNotRetry),
            (50049, "NoSuchInstanceForDiscovery", .configuration, .doNotRetry),
            (50055, "InvalidPasswordExpiredPassword", .interactionRequired, .acquireInteractively),
            (50072, "UserStrongAuthEnrollmentRequiredInterrupt", .interactionRequired, .acquireInteractively),
            (50074, "UserStrongAuthClientAuthNRequiredInterrupt", .interactionRequired, .acquireInteractively),
            (50076, "UserStrongAuthClientAuthNRequired", .interactionRequired, .acquireInteractively),
            (50079, "UserStrongAuthEnrollmentRequired", .interactionRequired, .acquireInteractively),
            (50097, "DeviceAuthenticationRequired", .compliance, .registerDevice),
            (50126, "InvalidUserNameOrPassword", .credentials, .acquireInteractively),
            (50129, "DeviceIsNotWorkplaceJoined", .compliance, .registerDevice),
            (50133, "SsoArtifactRevoked", .interactionRequired, .acquireInteractively),
            (50158, "ExternalSecurityChallenge", .interactionRequired, .acquireInteractively),
            (50196, "LoopDetected", .throttling, .retryWithBackoff),
            (53000, "DeviceNotCompliant", .compliance, .acquireInteractively),
            (53003, "BlockedByConditionalAccess", .account, .doNotRetry),
            (53004, "ProofUpBlockedDueToRisk", .interactionRequired, .acquireInteractively),
            (65001, "DelegationDoesNotExist", .interactionRequired, .acquireInteractively),
            (65004, "UserDeclinedConsent", .cancellation, .userCancelled),
            (70000, "InvalidGrant", .interactionRequired, .acquireInteractively),
            (70011, "InvalidScope", .configuration, .doNotRetry),
            (700016, "UnauthorizedClient_DoesNotMatchRequest", .configuration, .doNotRetry),
            (7000218, "ClientAssertionOrSecretRequired", .configuration, .doNotRetry),
            (9002313, "InvalidRequest", .configuration, .doNotRetry),
            (90033, "MsodsServiceUnavailable", .serverFailure, .retryWithBackoff),
            (90055, "TenantThrottlingError", .throttling, .retryWithBackoff),
        ])
    func stsSample(code: Int, name: String, category: ErrorCategory, action: RecommendedAction) throws {
        let entry = try #require(ErrorCatalog.entries(matching: "AADSTS\(code)").first)
        #expect(entry.name == name)
        #expect(entry.category == category)
        #expect(entry.action == action)
    }

    @Test("every code of Microsoft's B2C page is in the catalog")
    func everyB2CCode() throws {
        let reference = try SourceExtracts.b2cCodes()
        #expect(reference.count == 128)
        let catalog = ErrorCatalog.allEntries.filter { $0.domain == "AADB2C" }
        #expect(Set(catalog.map(\.code)) == Set(reference))
        #expect(catalog.count == reference.count)
    }

    @Test(
        "the B2C codes tickets bring, looked up and read from MSAL's error description",
        arguments: [
            (90118, "ForgotPassword", -50005, RecommendedAction.acquireInteractively),
            (90091, "UserCancellation", -50005, .userCancelled),
            (90129, "GrantRevoked", -50002, .acquireInteractively),
            (90080, "GrantExpired", -50002, .acquireInteractively),
            (90244, "TooManyRequests", -50000, .retryWithBackoff),
            (90006, "RedirectUriNotRegistered", -50000, .doNotRetry),
        ])
    func b2c(code: Int, name: String, msalCode: Int, action: RecommendedAction) {
        #expect(ErrorCatalog.entries(matching: "AADB2C\(code)").map(\.name) == [name])
        var info: [String: Any] = [
            "MSALErrorDescriptionKey": "AADB2C\(code): the service's own text.\r\nCorrelation ID: 0b1c7c5e\r\n"
        ]
        if msalCode == -50000 { info["MSALInternalErrorCodeKey"] = -42104 }
        let details = FailureDetails(classifying: NSError(domain: "MSALErrorDomain", code: msalCode, userInfo: info))
        #expect(details.action == action)
    }

    @Test("a cancel without a B2C code stays a cancel, and a code must have five digits")
    func b2cBoundaries() {
        for message in [nil, "User cancelled the authorization session.", "AADB2C9011: short", "AADB2C901180: long"] {
            var info: [String: Any] = [:]
            if let message { info["MSALErrorDescriptionKey"] = message }
            let details = FailureDetails(classifying: NSError(domain: "MSALErrorDomain", code: -50005, userInfo: info))
            #expect(details.action == .userCancelled, "\(message ?? "nil")")
        }
    }

    @Test("a bare number lists every domain that has it; letter case tells names apart")
    func lookups() {
        #expect(
            ErrorCatalog.entries(matching: "90091").map { "\($0.domain) \($0.name)" }
                == ["AADSTS GraphServiceUnreachable", "AADB2C UserCancellation"])
        #expect(ErrorCatalog.entries(matching: "InteractionRequired").map(\.code) == [16000, 700020])
        #expect(ErrorCatalog.entries(matching: "aadb2c 90118").map(\.name) == ["ForgotPassword"])
    }
}

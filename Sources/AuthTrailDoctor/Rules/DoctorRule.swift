/// One of MSAL's set-up rules: a pure function from an app's set-up to its outcome.
///
/// Rules read only `AppSetup`, so the same rules judge a set-up read from files and one recorded by a running app.
package struct DoctorRule: Sendable {
    /// A rule's stable name, printed with each finding and in JSON.
    package struct ID: RawRepresentable, Sendable, Hashable, Codable, ExpressibleByStringLiteral {
        package var rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }
        package init(stringLiteral value: String) { self.rawValue = value }
    }

    /// What a rule concluded about one set-up.
    package enum Outcome: Sendable, Hashable {
        case passed
        case findings([Finding])
        /// The set-up lacks what the rule needs (no entitlements read, an unresolved bundle id, another platform);
        /// the reason says which.
        case notChecked(String)
    }

    package var id: ID
    /// What the rule checks, in a few words.
    package var title: String
    /// Where MSAL states the rule (source file or documentation), so a reader can check it.
    package var reference: String
    package var check: @Sendable (AppSetup) -> Outcome
}

/// Every rule, in the order findings are listed.
package enum DoctorRules {
    package static let all: [DoctorRule] = [
        redirectScheme, redirectURIFormat, brokerQuerySchemes, keychainGroup, responseHandOff, knownAuthorities,
        sandboxNetwork,
    ]

    /// The outcome of every rule for `setup`, in rule order.
    package static func check(_ setup: AppSetup) -> [(rule: DoctorRule, outcome: DoctorRule.Outcome)] {
        all.map { rule in
            if let configuration = setup.msalNET, let reason = notMSALNETs(rule.id, configuration) {
                return (rule, .notChecked(reason))
            }
            if setup.isAppExtension, let reason = notInExtensions(rule.id) { return (rule, .notChecked(reason)) }
            return (rule, rule.check(setup))
        }
    }

    /// Why a rule does not judge an app extension, nil for one that does. In an extension MSAL checks no URL scheme
    /// (MSIDRedirectUriVerifier: `verifySchemeIsRegistered:` and `verifyAdditionalRequiredSchemesAreRegistered:`
    /// return YES when `isExecutingInAppExtension`), never opens the broker (MSIDBrokerInteractiveController) and
    /// signs in in a web view it shows itself (WKWebView or SFSafariViewController), so no URL comes back through a
    /// delegate.
    static func notInExtensions(_ rule: DoctorRule.ID) -> String? {
        switch rule {
        case redirectScheme.id, brokerQuerySchemes.id, responseHandOff.id:
            return "an app extension: MSAL checks no URL scheme there and never uses the broker, signing in in a web "
                + "view it shows itself (MSIDRedirectUriVerifier, MSIDBrokerInteractiveController: "
                + "isExecutingInAppExtension)"
        default:
            return nil
        }
    }

    /// Why a rule of MSAL for iOS and macOS does not judge an app using MSAL.NET, nil for one that does (the
    /// keychain group: MSAL.NET's default is also `com.microsoft.adalcache`, and its `WithIosKeychainSecurityGroup`
    /// is `keychainSharingGroup`, except on Mac Catalyst; the App Sandbox). MSAL.NET checks no URL scheme when it builds the application,
    /// and its browser sign-in returns through `ASWebAuthenticationSession`; only its broker needs the scheme and
    /// the query schemes, and it falls back to the browser without them (MSAL.NET iOSBroker.cs,
    /// `IsBrokerInstalledAndInvokable`).
    static func notMSALNETs(_ rule: DoctorRule.ID, _ configuration: MSALNETConfiguration) -> String? {
        let broker =
            configuration.broker.map { "the app enables it (\($0.description))" }
            ?? "no C# source read enables it"
        switch rule {
        case redirectScheme.id, brokerQuerySchemes.id:
            return
                "MSAL.NET checks no URL scheme itself: only its broker (.WithBroker(); \(broker)) needs msauthv2 and "
                + "msauthv3 queryable (without them it signs in in the browser) and msauth.<bundle id> registered for "
                + "the broker's answer, which the doctor does not judge for MSAL.NET"
        case redirectURIFormat.id:
            return "MSAL.NET's redirect URI is set in C# (WithRedirectUri), which the doctor does not read"
        case responseHandOff.id:
            return "MSAL.NET's hand-off (AuthenticationContinuationHelper.SetAuthenticationContinuationEventArgs in "
                + "the AppDelegate's OpenUrl) serves its broker only (\(broker)), and C# is not read for it"
        case keychainGroup.id where configuration.macCatalyst:
            return "MSAL.NET has no Mac Catalyst build (its issue 3527, open in 2026): the app runs its .NET build, "
                + "which keeps tokens in memory, not in the keychain"
        case knownAuthorities.id:
            return "MSAL.NET validates authorities by their builder (WithB2CAuthority, WithAuthority), which the "
                + "doctor does not read"
        default:
            return nil
        }
    }
}

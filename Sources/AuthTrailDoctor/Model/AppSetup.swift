/// What an app is made of, as far as MSAL's set-up rules care: the facts the rules judge, each with where it was read.
///
/// The model is filled by the file readers (`SetupReader`: an `.app`, an `.ipa`, an Xcode project, loose plists) and,
/// later, from a recorded `app.configuration` event; the rules (`DoctorRules`) read only this model, never files.
/// An optional that is nil means "not known" (the input did not include that part), and a rule that needs it reports
/// itself as not checked instead of guessing: an unknown is never a finding.
package struct AppSetup: Sendable, Hashable {
    /// The platforms whose MSAL rules differ.
    package enum Platform: String, Sendable, Hashable, Codable {
        case iOS, macOS
    }

    /// The app's bundle identifier, or the build-setting reference no input resolved.
    package enum BundleIdentifier: Sendable, Hashable {
        case resolved(String)
        /// The raw text, for example `$(PRODUCT_BUNDLE_IDENTIFIER)`.
        case unresolved(String)

        package var value: String? {
            if case .resolved(let value) = self { return value }
            return nil
        }
    }

    /// What the keychain says about the access group MSAL needs: the entitlements' list, or (from inside a running
    /// app) whether the group answered.
    package enum KeychainEvidence: Sendable, Hashable {
        /// The `keychain-access-groups` entitlement as written (`$(AppIdentifierPrefix)com.microsoft.adalcache`).
        /// `location` is the entitlements file (or the setting that should name one).
        case entitlements(groups: [String], location: SetupLocation)
        /// A running app asked the keychain for `group`.
        case probe(group: String, answered: Bool, location: SetupLocation)
    }

    /// How the app hands a response URL back to MSAL (`MSALPublicClientApplication.handleMSALResponse`).
    package struct HandOffEvidence: Sendable, Hashable {
        /// Every call of `handleMSALResponse` found, and whether it sits where scenes deliver URLs
        /// (`scene(_:openURLContexts:)`, SwiftUI's `onOpenURL`).
        package var calls: [Located<Bool>]
        /// Where the app declares its application or scene delegate, to point at when no call is found.
        package var delegateLocation: SetupLocation?
        /// Where the app declares its scene delegate, if it has one.
        package var sceneDelegateLocation: SetupLocation?
        /// Whether the app uses scenes (`UIApplicationSceneManifest`, a `UIWindowSceneDelegate`, a SwiftUI `App`).
        package var usesScenes: Bool
        /// Where a SwiftUI `App` is declared (its URLs arrive in `.onOpenURL`), if it is one.
        package var swiftUIAppLocation: SetupLocation?
        /// A `guard` on `sourceApplication` (or a `return`) in a URL handler before its `handleMSALResponse` call.
        package var unreachableCall: SetupLocation?
        /// The first source that uses MSAL: where to point when the app declares no delegate the sources show.
        package var msalSource: SetupLocation?
        /// Calls of `handleMSALResponse` outside any URL handler (an app's own router or adapter the handler forwards
        /// URLs to, which the doctor does not follow).
        package var forwardedCalls: [SetupLocation] = []
        /// The first scene URL handler (`scene(_:openURLContexts:)`, SwiftUI's `.onOpenURL`) in the sources.
        package var sceneURLHandler: SetupLocation?

        package init(calls: [Located<Bool>] = [], delegateLocation: SetupLocation? = nil, usesScenes: Bool = false) {
            self.calls = calls
            self.delegateLocation = delegateLocation
            self.usesScenes = usesScenes
        }
    }

    /// An authority URL (or host) the app configures, and what kind MSAL makes of it.
    package struct Authority: Sendable, Hashable {
        package enum Kind: String, Sendable, Hashable, Codable {
            /// A Microsoft Entra cloud host (login.microsoftonline.com and the sovereign clouds).
            case entra
            /// Azure AD B2C (`*.b2clogin.com`, `/tfp/` paths, `MSALB2CAuthority`).
            case b2c
            /// Entra External ID (`*.ciamlogin.com`, `MSALCIAMAuthority`).
            case ciam
            /// Any other host: a custom domain.
            case custom

            /// What MSAL makes of an authority on `host` (lower-cased): B2C and External ID by their domains, Entra
            /// by its cloud hosts, anything else custom. A B2C authority on a custom domain shows as custom here; only
            /// its `/tfp/` path tells.
            package init(host: String) {
                if host.hasSuffix(".b2clogin.com") {
                    self = .b2c
                } else if host.hasSuffix(".ciamlogin.com") {
                    self = .ciam
                } else {
                    self = Self.entraHosts.contains(host) ? .entra : .custom
                }
            }

            /// Microsoft Entra's cloud hosts (public, US Government, China, the retired German cloud).
            static let entraHosts: Set<String> = [
                "login.microsoftonline.com", "login.microsoft.com", "login.windows.net", "sts.windows.net",
                "login.microsoftonline.us", "login.usgovcloudapi.net", "login-us.microsoftonline.com",
                "login.partner.microsoftonline.cn", "login.chinacloudapi.cn", "login.microsoftonline.de",
            ]
        }

        package var text: String
        package var kind: Kind

        package init(text: String, kind: Kind) {
            self.text = text
            self.kind = kind
        }
    }

    /// The target, product or file this set-up describes.
    package var name: String
    package var platform: Platform?
    /// An iOS app built for the Mac (Mac Catalyst): MSAL's iOS rules, and the App Sandbox's.
    package var macCatalyst = false
    package var bundleIdentifier: Located<BundleIdentifier>?
    /// `CFBundleURLTypes[*].CFBundleURLSchemes`; nil when no Info.plist was read. Values may hold unresolved
    /// `$(…)` references.
    package var urlSchemes: [Located<String>]?
    /// Where the URL schemes are (or would be) declared, to point at when one is missing.
    package var urlTypesLocation: SetupLocation?
    /// `LSApplicationQueriesSchemes`; nil when no Info.plist was read.
    package var querySchemes: Located<[String]>?
    package var keychain: KeychainEvidence?
    /// `com.apple.security.app-sandbox` and `com.apple.security.network.client`; nil when no entitlements were read.
    package var sandbox: Located<Bool>?
    package var networkClient: Located<Bool>?
    /// Redirect URIs the app passes to MSAL (from sources or a recorded configuration).
    package var redirectURIs: [Located<String>] = []
    package var authorities: [Located<Authority>] = []
    /// Where the app sets `knownAuthorities`, if it does.
    package var knownAuthorities: SetupLocation?
    /// Where the app turns authority validation off (`validateAuthority = false`), if it does.
    package var authorityValidationOff: SetupLocation?
    /// The keychain group the app sets in `MSALCacheConfig.keychainSharingGroup`, when it sets a literal one; a
    /// `Located` with a nil value when it sets one the text does not tell.
    package var keychainSharingGroup: Located<String?>?
    /// Where the app sets `bypassRedirectURIValidation`: MSAL then checks neither a configured redirect URI's scheme
    /// nor its form.
    package var redirectValidationOff: SetupLocation?
    /// Where the app turns the broker off (`MSALGlobalConfig.brokerAvailability = .none`), if it does.
    package var brokerDisabled: SetupLocation?
    /// Hand-off evidence; nil when no source was read.
    package var handOff: HandOffEvidence?
    /// Whether the Info.plist declares scenes (`UIApplicationSceneManifest`); the source scan adds its own evidence.
    package var infoDeclaresScenes = false
    /// Whether any source read references MSAL; nil when no source was read.
    package var referencesMSAL: Bool?
    /// Build-setting references no input resolved, with where they were met.
    package var unresolved: [Located<String>] = []
    /// A redirect URI the app passes that the sources do not spell out (a generated or secret constant), with the
    /// expression; the redirect rules are not checked then.
    package var unspelledRedirectURI: Located<String>?
    /// Whether a source read creates MSAL's application (`MSALPublicClientApplicationConfig`, `initWithClientId:`);
    /// nil when no source was read. False for Flutter, React Native and .NET apps that configure MSAL elsewhere.
    package var configuresMSAL: Bool?
    /// The MSAL version a lock file pins (`Podfile.lock`, `Package.resolved`, `Cartfile.resolved`).
    package var msalVersion: Located<String>?
    /// The source scan's working state: string constants by name, and names passed as redirect URIs, resolved
    /// against them once every source is read (`SourceScanner.resolveRedirectNames`).
    package var sourceConstants: [String: Located<String>] = [:]
    package var redirectNames: [Located<String>] = []
    package var keychainGroupName: Located<String>?
    /// An app extension (a share extension, a widget, a File Provider): MSAL checks no URL scheme there and never
    /// uses the broker, so only the rules of the keychain, the authorities and the App Sandbox apply.
    package var isAppExtension = false
    /// The dependency that brings MSAL in when the app's own sources never use it (a Flutter or React Native plugin
    /// such as `msal_auth`, in `Podfile.lock`): the app is judged on its files.
    package var msalThrough: Located<String>?
    /// What the C# sources of a .NET app (MSAL.NET, `Microsoft.Identity.Client`) configure; nil for an app that uses
    /// MSAL for iOS and macOS. MSAL.NET has rules of its own: only the keychain group's are the same.
    package var msalNET: MSALNETConfiguration?
    /// Why the set-up is listed but not judged (a test bundle, an extension that does not use MSAL, a project with no
    /// app); nil for a set-up the rules judge.
    package var skipped: String?
    /// What stopped the doctor from reading a skipped set-up's files (a damaged Info.plist).
    package var readError: DoctorInputError?
    /// Files the project names that do not exist (an Info.plist or entitlements file the repository ignores), with
    /// the setting naming each: the rules that read them are not checked, the others judge the rest.
    package var missingFiles: [Located<String>] = []
    /// Why some sources were not read (a cap reached): the rules that read sources are then not checked.
    package var sourcesNotRead: String?

    /// `keychainSharingGroup`'s value when the app sets it to its own bundle id at run time.
    package static let ownKeychainGroup = "$(PRODUCT_BUNDLE_IDENTIFIER)"

    /// Takes what sources say (redirect URIs, authorities, hand-off, cache and broker settings) from `evidence`,
    /// which a scan of the project's sources filled.
    package mutating func adoptSourceEvidence(_ evidence: AppSetup) {
        redirectURIs += evidence.redirectURIs
        authorities += evidence.authorities
        knownAuthorities = knownAuthorities ?? evidence.knownAuthorities
        authorityValidationOff = authorityValidationOff ?? evidence.authorityValidationOff
        keychainSharingGroup = keychainSharingGroup ?? evidence.keychainSharingGroup
        brokerDisabled = brokerDisabled ?? evidence.brokerDisabled
        redirectValidationOff = redirectValidationOff ?? evidence.redirectValidationOff
        handOff = handOff ?? evidence.handOff
        referencesMSAL = referencesMSAL ?? evidence.referencesMSAL
        unspelledRedirectURI = unspelledRedirectURI ?? evidence.unspelledRedirectURI
        configuresMSAL = configuresMSAL ?? evidence.configuresMSAL
        if platform == nil { platform = evidence.platform }
        sourcesNotRead = sourcesNotRead ?? evidence.sourcesNotRead
    }

    package init(name: String) {
        self.name = name
    }

    /// A set-up listed as skipped because `error` stopped its files from being read.
    package static func notRead(_ name: String, _ error: DoctorInputError) -> AppSetup {
        var setup = AppSetup(name: name)
        setup.skipped = "not read: \(error.description)"
        setup.readError = error
        return setup
    }
}

/// What a .NET app's C# sources tell of its MSAL.NET configuration (`DotNetProject`).
package struct MSALNETConfiguration: Sendable, Hashable {
    /// Where the app enables MSAL.NET's broker (`.WithBroker()`), if a source read does.
    package var broker: SetupLocation?
    /// A Mac Catalyst build (`Platforms/MacCatalyst`), for which MSAL.NET has no build of its own.
    package var macCatalyst: Bool
    package init(broker: SetupLocation? = nil, macCatalyst: Bool = false) {
        self.broker = broker
        self.macCatalyst = macCatalyst
    }
}

/// The app's MSAL set-up as one `app.configuration` event records it (docs/SCHEMA.md): written after `segment.start`
/// in every segment, and read back from an event line by `init(json:)`, the typed model a set-up check starts from.
///
/// It holds app identity only (bundle id, URL schemes, authority hosts, the keychain group), never a path, a tenant
/// or a user: hosts and the redirect scheme are cut from the URLs the app passes, and the writer still runs every
/// value through the redactor.
package struct RecordedAppConfiguration: Sendable, Hashable {
    /// `CFBundleIdentifier`.
    package var bundleID: String?
    /// `os.name`: `iOS`, `macOS`, `Mac Catalyst`, `visionOS`, `Linux`.
    package var platform: String?
    /// Whether the app runs in the App Sandbox: always on iOS and visionOS; on macOS (and Mac Catalyst) when the
    /// process has the sandbox's `APP_SANDBOX_CONTAINER_ID`; unknown elsewhere.
    package var sandboxed: Bool?
    /// The URL schemes the app registers (`CFBundleURLTypes`), those with a valid scheme's spelling.
    package var urlSchemes: [String]
    /// Whether `msauth.<bundle id>`, the scheme MSAL's redirect URI needs, is among `urlSchemes` (letter case aside);
    /// unknown without an Info.plist.
    package var registersMSALScheme: Bool?
    /// Whether `LSApplicationQueriesSchemes` lists `msauthv2` / `msauthv3`, without which MSAL cannot ask whether the
    /// broker (Authenticator, Company Portal) is installed; unknown without an Info.plist.
    package var queriesMSAuthV2: Bool?
    package var queriesMSAuthV3: Bool?
    /// The MSAL version the app passed.
    package var msalVersion: String?
    /// The hosts of the authorities the app passed, lower-cased, in order, without repeats.
    package var authorityHosts: [String]
    /// The hosts of the known authorities the app passed.
    package var knownAuthorityHosts: [String]
    /// The redirect URI's scheme, lower-cased.
    package var redirectScheme: String?
    /// The keychain access group MSAL uses (with its team prefix when known).
    package var keychainGroup: String?
    /// Whether that group answered.
    package var keychainProbe: KeychainGroupProbe?

    package init(
        bundleID: String? = nil, platform: String? = nil, sandboxed: Bool? = nil, urlSchemes: [String] = [],
        registersMSALScheme: Bool? = nil, queriesMSAuthV2: Bool? = nil, queriesMSAuthV3: Bool? = nil,
        msalVersion: String? = nil, authorityHosts: [String] = [], knownAuthorityHosts: [String] = [],
        redirectScheme: String? = nil, keychainGroup: String? = nil, keychainProbe: KeychainGroupProbe? = nil
    ) {
        self.bundleID = bundleID
        self.platform = platform
        self.sandboxed = sandboxed
        self.urlSchemes = urlSchemes
        self.registersMSALScheme = registersMSALScheme
        self.queriesMSAuthV2 = queriesMSAuthV2
        self.queriesMSAuthV3 = queriesMSAuthV3
        self.msalVersion = msalVersion
        self.authorityHosts = authorityHosts
        self.knownAuthorityHosts = knownAuthorityHosts
        self.redirectScheme = redirectScheme
        self.keychainGroup = keychainGroup
        self.keychainProbe = keychainProbe
    }

    /// The event's keys (docs/SCHEMA.md). Values are strings, as on `segment.start`: lists joined by commas (schemes
    /// and hosts cannot hold one), booleans `true` or `false`.
    package enum Field: String, CaseIterable, Sendable {
        case bundleID = "app.bundle_id"
        case platform = "os.name"
        case sandboxed = "app.sandboxed"
        case urlSchemes = "app.url_schemes"
        case registersMSALScheme = "msal.msauth_scheme_registered"
        case queriesMSAuthV2 = "msal.broker.queries_msauthv2"
        case queriesMSAuthV3 = "msal.broker.queries_msauthv3"
        case msalVersion = "msal.version"
        case authorityHosts = "msal.authority_hosts"
        case knownAuthorityHosts = "msal.known_authority_hosts"
        case redirectScheme = "msal.redirect_uri.scheme"
        case keychainGroup = "msal.keychain.group"
        case keychainProbe = "msal.keychain.probe"
        case keychainStatus = "msal.keychain.os_status"
        case keychainReason = "msal.keychain.reason"
    }
}
